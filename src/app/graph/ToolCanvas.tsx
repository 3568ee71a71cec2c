/** The tool graph of an agent document on the canvas. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Connection, Edge, EdgeTypes, NodeTypes } from '@xyflow/react';
import type { AgentDoc, XY } from '../state/documents.ts';
import { useStudio, useStudioStore } from '../state/context.tsx';
import type { ToolGraphEdge, ToolGraphNode } from '../../core/graph/toolGraph.ts';
import { ALL_TOOLS_ID } from '../../core/graph/toolGraph.ts';
import { addPrecedingEdge, removeEdge, removeTool, removeTools } from '../../core/graph/agentEdits.ts';
import { addChildEdge, removeLettaEdge, removeLettaRule, ruleToolOf } from '../../core/graph/lettaEdits.ts';
import { toolGraphOf } from './docGraph.ts';
import { toolFlow, type ToolFlowNode } from './flowElements.ts';
import { stableData } from './reconcile.ts';
import { FlowView } from './FlowView.tsx';
import { UNDO_HINT } from './keys.ts';
import { selectedNodes, selectionOfNodes } from '../state/selection.ts';
import { useStepHighlight } from './useStepHighlight.ts';
import { ToolNode } from './ToolNode.tsx';
import { RuleEdge } from './RuleEdge.tsx';
import { usePlacement } from './usePlacement.ts';
import { externalFocus, selectFromCanvas } from './useExternalFocus.ts';
import { useGraphView } from './useGraphView.ts';
import { useViewLayoutRequests } from './viewLayoutRequests.ts';
import { GraphCapBanner } from './GraphCapBanner.tsx';
import { EmptyGraph } from './EmptyGraph.tsx';
import { PathLegend } from './PathLegend.tsx';
import type { GraphView } from './neighbourhood.ts';
import { toolNodeSizeOf } from '../layout/placement.ts';
import { bandStart, type Page } from '../layout/wrap.ts';
import { requestFit } from './fitRequests.ts';
import { onDeleteRequest } from './deleteRequests.ts';
import { own } from '../../core/model/ownKeys.ts';
import { ruleNumber } from '../../core/model/ruleNumber.ts';
import { diagnosticsOf } from '../state/documents.ts';
import { problemNode } from './attention.ts';

const dataCaches = new Map<string, Map<string, { key: string; value: ToolGraphNode }>>();
const dataCacheOf = (id: string) => {
  let c = dataCaches.get(id);
  if (!c) dataCaches.set(id, (c = new Map()));
  return c;
};

const nodeTypes: NodeTypes = { tool: ToolNode };
const edgeTypes: EdgeTypes = { rule: RuleEdge };

/** A capped view's own layout input: the drawn tools and their ordering edges (as `layoutInputOf`). */
const viewLayoutInput = (v: GraphView<ToolGraphNode, ToolGraphEdge>) => ({
  nodes: v.nodes.map((n) => ({ id: n.id, ...toolNodeSizeOf(n) })),
  edges: v.edges.filter((e) => e.kind !== 'exclusive'),
  direction: 'RIGHT' as const,
});

export function ToolCanvas({ doc }: { doc: AgentDoc }) {
  const store = useStudioStore();
  const selection = useStudio((s) => s.selection);
  const graph = toolGraphOf(doc);
  const nodeIds = useMemo(() => graph.nodes.map((n) => n.id), [graph]);
  usePlacement(doc, nodeIds, store);
  const letta = doc.agent.family === 'letta';
  // Permission rules (Claude Code, Codex) are written in their files, not drawn: no Add tool or Connect.
  const claude = doc.agent.family === 'claude' || doc.agent.family === 'codex' || doc.agent.family === 'gemini';
  // The tool the selection is about (a selected rule's own tool).
  const about = selection.kind === 'tool' ? selection.tool : selection.kind === 'rule' ? ruleToolOf(doc.agent, selection.index) : undefined;
  const focus = externalFocus(selection, about);
  const docId = doc.id;
  const problem = useMemo(() => problemNode(diagnosticsOf(doc).diagnostics, doc.agent), [doc]);
  // A fit that cannot show the whole graph keeps the selection's tool in view, else the first problem's.
  const attention = about ?? problem;
  const storeMove = useCallback((p: Record<string, XY>, key: string) => store.getState().setPositions(docId, p, { key }), [store, docId]);
  // The page a capped view fills (its canvas at the readable zoom); the same object while it keeps its size.
  const [page, setPage] = useState<Page | undefined>(undefined);
  const onPage = useCallback((p: Page) => setPage((old) => (old && old.width === p.width && old.height === p.height && old.below === p.below ? old : p)), []);
  const selectedRule = selection.kind === 'rule' ? selection.index : undefined;
  const keep = useMemo(() => (selectedRule === undefined ? undefined : (e: ToolGraphEdge) => e.rule === selectedRule), [selectedRule]);
  const relayouts = useViewLayoutRequests(docId);
  const { view, layout, onMove: onMoveNodes, bands, paneLayout } = useGraphView(graph, focus, doc.layout, viewLayoutInput, storeMove, page, keep, relayouts);
  // the step's node and rule, and the path walked to it over the edges drawn
  const step = useStepHighlight(doc.id, 'tools', view.edges);
  const stepNode = step?.tool;
  const stepNodes = useMemo(() => (stepNode !== undefined ? [stepNode] : undefined), [stepNode]);
  // A wrapped capped view opens on its centre's band, fitted again when laid out anew (a new centre
  // or page). One too tall to wrap is fitted as any big graph (its start; a found tool is panned to).
  const centreAt = view.capped && view.centre !== undefined ? own(layout, view.centre) : undefined;
  const fitStart = useMemo(() => (bands && centreAt ? { x: 0, y: bandStart(bands, centreAt.y) } : undefined), [bands, centreAt]);
  useEffect(() => {
    if (bands) requestFit(docId);
  }, [bands, docId]);
  // Laid out anew for the pane (the stage's, measured after the graph first drew: review16's new
  // agent opened cropped on stage, its view fitted to the Design layout's row).
  useEffect(() => {
    if (paneLayout) requestFit(docId);
  }, [paneLayout, docId]);
  /** Where the banner of a capped view ends: the fit keeps the nodes below it. */
  const [bannerBottom, setBannerBottom] = useState(0);
  const stable = useMemo(() => {
    const list = stableData(dataCacheOf(doc.id), view.nodes);
    const byId = new Map(list.map((n) => [n.id, n]));
    return (n: ToolGraphNode) => byId.get(n.id) ?? n;
  }, [view, doc.id]);
  const flow = useMemo(
    () => toolFlow(view, doc.agent, layout, selection, stable, step, view.capped),
    [view, doc.agent, layout, selection, stable, step],
  );
  const onFind = useCallback((tool: string) => store.getState().select({ kind: 'tool', tool }), [store]);

  const edgeRule = useCallback((id: string) => graph.edges.find((e) => e.id === id), [graph]);
  const lastEdge = useRef<string | undefined>(undefined);

  const onSelectNode = useCallback(
    (tool: string) => {
      selectFromCanvas(store, { kind: 'tool', tool });
    },
    [store],
  );
  const onSelectEdge = useCallback(
    (id: string) => {
      const e = edgeRule(id);
      if (!e) return;
      lastEdge.current = id;
      selectFromCanvas(store, { kind: 'rule', index: e.rule });
    },
    [store, edgeRule],
  );
  const onClearSelection = useCallback(() => store.getState().select({ kind: 'none' }), [store]);
  const picked = useMemo(() => selectedNodes(selection), [selection]);
  const onSelectNodes = useCallback((ids: readonly string[]) => selectFromCanvas(store, selectionOfNodes('tool', ids)), [store]);
  const onConnect = useCallback(
    (c: Connection) => {
      if (!c.source || !c.target || c.source === c.target || c.source === ALL_TOOLS_ID) return;
      const s = store.getState();
      let rule = -1;
      let changed = false;
      let letta = false;
      s.editAgent(docId, (a) => {
        letta = a.family === 'letta';
        const r = letta ? addChildEdge(a, c.source, c.target) : addPrecedingEdge(a, c.source, c.target);
        rule = r.rule;
        changed = r.agent !== a;
        return r.agent;
      });
      if (rule < 0) return;
      selectFromCanvas(store, { kind: 'rule', index: rule });
      // Said as the keyboard's Connect says it: a drawn edge is an edit like any other.
      const what = letta ? `${c.target} may follow ${c.source}` : `${c.source} before ${c.target}`;
      s.notify('info', `${changed ? 'Connected' : 'Already connected'}: ${what} (rule ${ruleNumber(rule)}).`);
    },
    [store, docId],
  );
  const isValidConnection = useCallback((c: Connection | Edge) => !claude && c.source !== c.target && c.source !== ALL_TOOLS_ID, [claude]);
  const onDeleteSelection = useCallback(() => {
    const s = store.getState();
    const sel = s.selection;
    if (claude && sel.kind !== 'none') {
      s.notify('info', 'Claude Code reads its rules from the settings file: delete the rule in the source, where the Inspector’s Show in source takes you.');
    } else if (sel.kind === 'nodes' && letta) {
      s.notify('info', `The ${sel.nodes.length} tools stay: a Letta agent’s tools are defined in its agent file. Select one of its rules or edges to delete it.`);
    } else if (sel.kind === 'nodes') {
      const gone = new Set(sel.nodes);
      const owned = doc.agent.rules.filter((r) => gone.has(r.tool_name)).length;
      if (!s.editAgent(docId, (a) => removeTools(a, gone))) return;
      s.select({ kind: 'none' });
      s.notify('info', `Deleted ${sel.nodes.length} tools${owned > 0 ? ` and their ${owned} rule${owned === 1 ? '' : 's'}` : ''}. ${UNDO_HINT}`);
    } else if (sel.kind === 'tool' && letta) {
      s.notify('info', `“${sel.tool}” stays: a Letta agent’s tools are defined in its agent file. Select one of its rules or edges to delete it.`);
    } else if (sel.kind === 'rule' && letta) {
      const e = lastEdge.current !== undefined ? edgeRule(lastEdge.current) : undefined;
      if (!s.editAgent(docId, (a) => (e && e.rule === sel.index ? removeLettaEdge(a, e) : removeLettaRule(a, sel.index)))) return;
      lastEdge.current = undefined;
      s.select({ kind: 'none' });
    } else if (sel.kind === 'tool') {
      const owned = doc.agent.rules.filter((r) => r.tool_name === sel.tool).length;
      if (!s.editAgent(docId, (a) => removeTool(a, sel.tool))) return;
      s.select({ kind: 'none' });
      s.notify('info', `Deleted tool “${sel.tool}”${owned > 0 ? ` and its ${owned} rule${owned === 1 ? '' : 's'}` : ''}. ${UNDO_HINT}`);
    } else if (sel.kind === 'rule') {
      const e = lastEdge.current !== undefined ? edgeRule(lastEdge.current) : undefined;
      const done = e && e.rule === sel.index ? s.editAgent(docId, (a) => removeEdge(a, e.rule, e.condition)) : s.editAgent(docId, (a) => ({ ...a, rules: a.rules.filter((_, i) => i !== sel.index) }));
      if (!done) return;
      lastEdge.current = undefined;
      s.select({ kind: 'none' });
    }
  }, [store, doc.agent, docId, edgeRule, letta, claude]);
  // The palette's Delete goes where the Delete key goes.
  useEffect(() => onDeleteRequest(onDeleteSelection), [onDeleteSelection]);

  return (
    <>
      {graph.nodes.length === 0 ? <EmptyGraph doc={doc} /> : null}
      {view.capped ? <GraphCapBanner noun="tool" shown={{ nodes: view.nodes.length, edges: view.edges.length }} total={view.total} centre={view.centre} ids={nodeIds} onFind={onFind} onBottom={setBannerBottom} /> : null}
      {step?.path ? <PathLegend path={step.path} /> : null}
      <FlowView<ToolFlowNode, Edge>
      nodes={flow.nodes}
      edges={flow.edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      focus={focus}
      selectedNodes={picked}
      onSelectNode={onSelectNode}
      onSelectNodes={onSelectNodes}
      onSelectEdge={onSelectEdge}
      onClearSelection={onClearSelection}
      onMoveNodes={onMoveNodes}
      onConnect={onConnect}
      isValidConnection={isValidConnection}
      onDeleteSelection={onDeleteSelection}
      docId={docId}
      direction="RIGHT"
      stepNodes={stepNodes}
      attention={attention}
      reserveTop={view.capped ? bannerBottom : 0}
      {...(view.capped ? { onPage, fill: bands !== undefined, fitStart } : {})}
      />
    </>
  );
}
