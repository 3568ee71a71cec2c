/**
 * The phase graph after a small edit of a workflow, made from the graph before it instead of
 * projecting the whole workflow again (as `toolGraphPatch.ts` does for agents): an edit of one
 * phase's fields, rules or transitions (one splice of phases found by identity, `workflowDelta.ts`,
 * names kept) replaces that phase node's content and its transition edges. Anything else — phases
 * added, removed or renamed, the start node changed, a transition to or from a phase that does not
 * exist (a ghost node would come or go), a name held twice — is projected afresh.
 *
 * What it does not work out: diagnostics. Nodes keep their problems, dimming and stuck marks; the
 * edited phase's edges have none. It is the graph the page shows at once, until the check of the
 * edited text (off the main thread) gives the exact one. Pure.
 */
import { DONE_NODE, type Workflow } from '../model/workflow.ts';
import { spliceOf } from '../model/agentDelta.ts';
import { showPhase, type PhaseGraphNode, type TransitionGraphEdge, type WorkflowGraph } from './workflowGraph.ts';

/** Edits touching more phases than this are projected afresh. */
export const WORKFLOW_PATCH_LIMIT = 50;

/**
 * The graph of `after` from `graph`, the graph of `before`, when `after` differs from `before`
 * only in the content of at most {@link WORKFLOW_PATCH_LIMIT} phases; otherwise undefined.
 */
export function patchWorkflowGraph(graph: WorkflowGraph, before: Workflow, after: Workflow): WorkflowGraph | undefined {
  if (before.start_node !== after.start_node) return undefined;
  const s = spliceOf(before.nodes, after.nodes);
  if (s.deleteCount === 0 && s.items.length === 0) return graph;
  if (s.deleteCount !== s.items.length || s.items.length > WORKFLOW_PATCH_LIMIT) return undefined;
  /** Each phase name's first place in the workflow (the one the graph draws). */
  const first = new Map<string, number>();
  after.nodes.forEach((n, i) => {
    if (!first.has(n.name)) first.set(n.name, i);
  });
  if (first.size !== after.nodes.length) return undefined; // a name held twice
  const exists = (name: string) => name === DONE_NODE || first.has(name);
  const changed = new Map<string, number>();
  for (let k = 0; k < s.items.length; k++) {
    const i = s.start + k;
    const old = before.nodes[i]!;
    const now = after.nodes[i]!;
    if (old === now) continue;
    if (old.name !== now.name || now.name === DONE_NODE || first.get(now.name) !== i || changed.has(now.name)) return undefined;
    if (![...old.transitions, ...now.transitions].every((t) => exists(t.to))) return undefined;
    changed.set(now.name, i);
  }

  const nodes: PhaseGraphNode[] = graph.nodes.map((p) => {
    const i = changed.get(p.id);
    if (i === undefined || p.kind !== 'phase') return p;
    const copy = { ...p };
    showPhase(copy, after.nodes[i]!);
    return copy;
  });
  // Edges come in the workflow's phase order: each changed phase's run of edges is replaced.
  const place = (e: TransitionGraphEdge) => first.get(e.node) ?? -1;
  const edges: TransitionGraphEdge[] = [];
  const order = [...changed.entries()].sort((a, b) => a[1] - b[1]);
  let next = 0;
  const emit = (name: string) =>
    after.nodes[changed.get(name)!]!.transitions.forEach((t, index) => edges.push({ id: `t:${name}:${index}`, source: name, target: t.to, when: t.when, node: name, index, error: false }));
  for (const e of graph.edges) {
    while (next < order.length && place(e) > order[next]![1]) emit(order[next++]![0]);
    if (!changed.has(e.node)) edges.push(e);
  }
  while (next < order.length) emit(order[next++]![0]);
  return { nodes, edges };
}
