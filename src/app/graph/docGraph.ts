/**
 * Projections of a document, cached by model object and text: moving a node changes the document
 * object but not its model, so the graph (and its diagnostics) are not recomputed on every drag.
 */
import type { Agent } from '../../core/model/toolRules.ts';
import type { Workflow } from '../../core/model/workflow.ts';
import { ALL_TOOLS_ID, toolGraph, type ToolBadge, type ToolGraph } from '../../core/graph/toolGraph.ts';
import { patchToolGraph } from '../../core/graph/toolGraphPatch.ts';
import { workflowGraph, type WorkflowGraph } from '../../core/graph/workflowGraph.ts';
import { patchWorkflowGraph } from '../../core/graph/workflowGraphPatch.ts';
import { diagnosticsOf, type AgentDoc, type DocDiagnostics, type RuleDoc, type WorkflowDoc, type XY } from '../state/documents.ts';
import type { LayoutEdge, LayoutNode } from '../layout/types.ts';
import { freeSpot, phaseNodeSizeOf, placeUnpositioned, toolNodeSize, toolNodeSizeOf } from '../layout/placement.ts';
import type { Box } from '../layout/viewport.ts';
import { own } from '../../core/model/ownKeys.ts';
import { layeredLayout } from '../layout/layered.ts';
import type { Page } from '../layout/wrap.ts';
import { codecs } from '../state/codecs.ts';

/**
 * An agent's tool graph: Claude Code settings through the codecs (their projection reads the
 * settings' JSON, which the first load leaves out; a document exists only once the codecs have
 * loaded), every other agent by `toolGraph` here.
 */
const project = (agent: Agent, diagnostics: DocDiagnostics['diagnostics']): ToolGraph => (agent.family === 'claude' || agent.family === 'codex' || agent.family === 'gemini' ? codecs().agentToolGraph(agent, diagnostics) : toolGraph(agent, diagnostics));

const toolCache = new WeakMap<Agent, { diagnostics: DocDiagnostics; graph: ToolGraph }>();
const workflowCache = new WeakMap<Workflow, { diagnostics: DocDiagnostics; graph: WorkflowGraph }>();

/**
 * Whether a cached graph serves: it mapped these diagnostics, or the text has no newer reading
 * to map (it is being read off the main thread, or does not read cleanly: the graph shows the
 * last good model, as it was drawn).
 */
const serves = (hit: { diagnostics: DocDiagnostics } | undefined, d: DocDiagnostics) => hit !== undefined && (hit.diagnostics === d || d.pending === true || !d.textApplies);

/** What a document shows while its big text is first read off the main thread (after a reload): nothing yet. */
const EMPTY_TOOL_GRAPH: ToolGraph = { nodes: [], edges: [] };
const EMPTY_WORKFLOW_GRAPH: WorkflowGraph = { nodes: [], edges: [] };

/** The last tool graph drawn of each document id, and the model it is of (what an edit's graph is patched from). */
const lastDrawn = new Map<string, { agent: Agent; graph: ToolGraph }>();

/**
 * The tool graph of an agent document (with its diagnostics mapped). While the document's text
 * is written or read off the main thread (a big file), an edit's graph is the last one drawn
 * patched by the rules the edit changed (`patchToolGraph`: no full projection on the main
 * thread), or else the edited agent projected with its last known diagnostics; the check's
 * answer then brings the exact graph.
 */
export function toolGraphOf(doc: AgentDoc): ToolGraph {
  const d = diagnosticsOf(doc);
  const hit = toolCache.get(doc.agent);
  if (hit && serves(hit, d)) return drawn(doc, hit.graph);
  if (d.pending) {
    const last = lastDrawn.get(doc.id);
    if (!last) return EMPTY_TOOL_GRAPH;
    // Not a small splice of the last graph's rules (tools declared or removed, hundreds of rules, a
    // Letta agent): projected whole, with the last known diagnostics, never the last graph as it
    // was (that would draw the state before the edit, or before an undo, until the check answers).
    const graph = patchToolGraph(last.graph, last.agent, doc.agent) ?? project(doc.agent, d.diagnostics);
    toolCache.set(doc.agent, { diagnostics: d, graph });
    return drawn(doc, graph);
  }
  const graph = project(doc.agent, d.diagnostics);
  toolCache.set(doc.agent, { diagnostics: d, graph });
  return drawn(doc, graph);
}

function drawn(doc: AgentDoc, graph: ToolGraph): ToolGraph {
  lastDrawn.set(doc.id, { agent: doc.agent, graph });
  return graph;
}

/** Records a graph projected elsewhere (the import worker) for `doc`, so it is not projected again. */
export function primeGraph(doc: RuleDoc, graph: ToolGraph | WorkflowGraph): void {
  const diagnostics = diagnosticsOf(doc);
  if (doc.kind === 'agent') {
    toolCache.set(doc.agent, { diagnostics, graph: graph as ToolGraph });
    lastDrawn.set(doc.id, { agent: doc.agent, graph: graph as ToolGraph });
  }
  else {
    workflowCache.set(doc.workflow, { diagnostics, graph: graph as WorkflowGraph });
    lastDrawnWorkflow.set(doc.id, { workflow: doc.workflow, graph: graph as WorkflowGraph });
  }
}

/** The last phase graph drawn of each document id, and the workflow it is of. */
const lastDrawnWorkflow = new Map<string, { workflow: Workflow; graph: WorkflowGraph }>();

/**
 * The phase graph of a workflow document (with its diagnostics mapped). While an edit's text is
 * written off the main thread (a big file), its graph is the last one drawn patched by the phases
 * the edit changed (`patchWorkflowGraph`), or else the edited workflow projected with its last
 * known diagnostics; while a big text is first read, nothing is drawn yet.
 */
export function workflowGraphOf(doc: WorkflowDoc): WorkflowGraph {
  const d = diagnosticsOf(doc);
  const hit = workflowCache.get(doc.workflow);
  if (hit && serves(hit, d)) return drawnWorkflow(doc, hit.graph);
  if (d.pending && !doc.pendingText) return EMPTY_WORKFLOW_GRAPH;
  const last = d.pending ? lastDrawnWorkflow.get(doc.id) : undefined;
  const graph = (last && patchWorkflowGraph(last.graph, last.workflow, doc.workflow)) ?? workflowGraph(doc.workflow, d.diagnostics);
  workflowCache.set(doc.workflow, { diagnostics: d, graph });
  return drawnWorkflow(doc, graph);
}

function drawnWorkflow(doc: WorkflowDoc, graph: WorkflowGraph): WorkflowGraph {
  lastDrawnWorkflow.set(doc.id, { workflow: doc.workflow, graph });
  return graph;
}

/** A start tool leads the layout, an exit tool ends it (a tool that is both is left where its edges put it). */
function toolRank(badges: readonly ToolBadge[]): Pick<LayoutNode, 'rank'> {
  const start = badges.some((b) => b.kind === 'start');
  const exit = badges.some((b) => b.kind === 'exit');
  return start && !exit ? { rank: 'first' } : exit && !start ? { rank: 'last' } : {};
}

/**
 * What the layout needs: node ids with size estimates, and the edges. Tool graphs read left to
 * right (exclusive groups are no order, so they are left out); workflows top to bottom.
 */
export function layoutInputOf(doc: RuleDoc): { nodes: LayoutNode[]; edges: LayoutEdge[]; direction: 'RIGHT' | 'DOWN' } {
  if (doc.kind === 'agent') {
    const g = toolGraphOf(doc);
    return {
      nodes: g.nodes.map((n) => ({ id: n.id, ...toolNodeSizeOf(n), ...toolRank(n.badges) })),
      edges: g.edges.filter((e) => e.kind !== 'exclusive').map((e) => ({ id: e.id, source: e.source, target: e.target, label: e.label })),
      direction: 'RIGHT',
    };
  }
  const g = workflowGraphOf(doc);
  return {
    nodes: g.nodes.map((n) => ({ id: n.id, ...phaseNodeSizeOf(n), ...(n.start ? { rank: 'first' as const } : n.kind === 'done' ? { rank: 'last' as const } : {}) })),
    edges: g.edges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
    direction: 'DOWN',
  };
}

/**
 * Where `to` goes so that an edge `from` → `to` just made reads in the graph's direction: when
 * `to` lies before `from` (left of it, for tools) and no other edge holds it, the free spot right
 * after `from`, as a tool added after it would take; undefined when the edge already reads forward,
 * a position is missing, or `to` is held by other edges (then it stays where the user has it).
 */
export function forwardSpot(doc: RuleDoc, from: string, to: string): Record<string, XY> | undefined {
  const input = layoutInputOf(doc);
  const a = own(doc.layout, from);
  const b = own(doc.layout, to);
  const sizes = new Map(input.nodes.map((n) => [n.id, n]));
  const sa = sizes.get(from);
  const sb = sizes.get(to);
  if (!a || !b || !sa || !sb || from === to) return undefined;
  const forward = input.direction === 'RIGHT' ? b.x >= a.x + sa.width : b.y >= a.y + sa.height;
  if (forward) return undefined;
  if (input.edges.some((e) => (e.source === to || e.target === to) && !(e.source === from && e.target === to))) return undefined;
  const taken: Box[] = [];
  for (const n of input.nodes) {
    const p = own(doc.layout, n.id);
    if (p && n.id !== to) taken.push({ ...p, width: n.width, height: n.height });
  }
  return { [to]: freeSpot(sb, taken, input.direction, { ...a, width: sa.width, height: sa.height }, true) };
}

/**
 * Where a phase `added` on the way from a phase to `target` goes (see `addPhaseAfter`): in
 * `target`'s place, `target` moving on to the free spot after it, so start → done drawn one under
 * the other reads start → phase → done in the same column. Undefined when `target` has no position
 * or other ways lead into it (it stays, and the new phase is placed beside as any other).
 */
export function insertedSpots(doc: RuleDoc, added: string, target: string): Record<string, XY> | undefined {
  const at = own(doc.layout, target);
  if (!at) return undefined;
  const moved = forwardSpot({ ...doc, layout: { ...doc.layout, [added]: at } }, added, target);
  return moved ? { [added]: at, ...moved } : undefined;
}

/** Places the nodes of `doc` that have no position, beside `anchorId` when given (in the layer after it with `next`; see `placeUnpositioned`). */
export function missingPositions(doc: RuleDoc, anchorId?: string, next = false): Record<string, XY> {
  const input = layoutInputOf(doc);
  const sizes = new Map(input.nodes.map((n) => [n.id, n]));
  const sizeOf = (id: string) => sizes.get(id) ?? toolNodeSize(0);
  return placeUnpositioned(
    input.nodes.map((n) => n.id),
    doc.layout,
    sizeOf,
    input.direction,
    anchorId,
    next,
    ADDED_ROW[input.direction],
  );
}

/**
 * How long a row (a column of phases) of nodes added one by one may grow before the next starts
 * a new one (graph units): what the Design canvas shows at zoom 1 at 1280×720 with both side
 * panels open (a 724 px pane less the fit's padding), so a new agent's first tools stay readable
 * and in view as the user adds them.
 */
const ADDED_ROW: Readonly<Record<'RIGHT' | 'DOWN', number>> = { RIGHT: 700, DOWN: 600 };

/**
 * The page a document's layout wraps to (graph units, see `wrap.ts`): what the Design canvas shows
 * at 1280×720 with the bottom panel folded, at zoom 0.7 to 0.8, less the fit's padding and the minimap's
 * band. A long chain (the hegel example's six phases in one column) wraps into bands side by side,
 * so the whole graph is fitted at a readable zoom instead of cut or shrunk to 8 px text.
 */
export const DOC_PAGE: Readonly<Record<'RIGHT' | 'DOWN', Page>> = {
  RIGHT: { width: 940, height: 540, below: 0 },
  DOWN: { width: 680, height: 600, below: 0 },
};

/** A fresh layered layout of the whole document (deterministic, synchronous), long chains wrapped to {@link DOC_PAGE}. */
export function layoutOf(doc: RuleDoc): Record<string, XY> {
  const input = layoutInputOf(doc);
  return layeredLayout(input.nodes, input.edges, { direction: input.direction, wrap: DOC_PAGE[input.direction] });
}

/** Node ids of a document's graph. */
export function nodeIdsOf(doc: RuleDoc): string[] {
  return doc.kind === 'agent' ? toolGraphOf(doc).nodes.map((n) => n.id) : workflowGraphOf(doc).nodes.map((n) => n.id);
}

/**
 * The nodes of a document a selection can hold: an agent's tools (not the "all tools" node of a
 * `*` rule) or a workflow's phases (not the end, nor a phase a transition names but none defines).
 */
export function selectableNodesOf(doc: RuleDoc): string[] {
  return doc.kind === 'agent'
    ? toolGraphOf(doc).nodes.filter((n) => n.id !== ALL_TOOLS_ID).map((n) => n.id)
    : workflowGraphOf(doc).nodes.filter((n) => n.kind === 'phase').map((n) => n.id);
}
