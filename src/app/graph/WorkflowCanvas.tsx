/** The phase graph of a workflow document on the canvas. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Connection, Edge, EdgeTypes, NodeTypes } from '@xyflow/react';
import type { WorkflowDoc, XY } from '../state/documents.ts';
import { useStudio, useStudioStore } from '../state/context.tsx';
import type { TransitionGraphEdge, PhaseGraphNode } from '../../core/graph/workflowGraph.ts';
import { addTransition, removePhase, removePhases, removeTransition } from '../../core/graph/workflowEdits.ts';
import { DONE_NODE } from '../../core/model/workflow.ts';
import { workflowGraphOf } from './docGraph.ts';
import { phaseFlow, type PhaseFlowNode } from './flowElements.ts';
import { stableData } from './reconcile.ts';
import { FlowView } from './FlowView.tsx';
import { UNDO_HINT } from './keys.ts';
import { selectedNodes, selectionOfNodes } from '../state/selection.ts';
import { useStepHighlight } from './useStepHighlight.ts';
import { PhaseNode } from './PhaseNode.tsx';
import { RuleEdge } from './RuleEdge.tsx';
import { usePlacement } from './usePlacement.ts';
import { externalFocus, selectFromCanvas } from './useExternalFocus.ts';
import { useGraphView } from './useGraphView.ts';
import { useViewLayoutRequests } from './viewLayoutRequests.ts';
import { GraphCapBanner } from './GraphCapBanner.tsx';
import { EmptyGraph } from './EmptyGraph.tsx';
import { PathLegend } from './PathLegend.tsx';
import type { GraphView } from './neighbourhood.ts';
import { phaseNodeSizeOf } from '../layout/placement.ts';
import { onDeleteRequest } from './deleteRequests.ts';
import { requestFit } from './fitRequests.ts';
import { diagnosticsOf } from '../state/documents.ts';
import { problemNode } from './attention.ts';

const nodeTypes: NodeTypes = { phase: PhaseNode };
const edgeTypes: EdgeTypes = { rule: RuleEdge };
/** A capped view's own layout input: the drawn phases and transitions (as `layoutInputOf`); on stage, phases are drawn without their summary and prompt. */
const viewLayoutInput = (v: GraphView<PhaseGraphNode, TransitionGraphEdge>, onStage = false) => ({
  nodes: v.nodes.map((n) => ({ id: n.id, ...phaseNodeSizeOf(onStage ? { rules: n.rules } : n) })),
  edges: v.edges,
  direction: 'DOWN' as const,
});
const dataCaches = new Map<string, Map<string, { key: string; value: PhaseGraphNode }>>();
const dataCacheOf = (id: string) => {
  let c = dataCaches.get(id);
  if (!c) dataCaches.set(id, (c = new Map()));
  return c;
};

export function WorkflowCanvas({ doc }: { doc: WorkflowDoc }) {
  const store = useStudioStore();
  const selection = useStudio((s) => s.selection);
  const graph = workflowGraphOf(doc);
  const nodeIds = useMemo(() => graph.nodes.map((n) => n.id), [graph]);
  usePlacement(doc, nodeIds, store);
  const phases = useMemo(() => new Set(doc.workflow.nodes.map((n) => n.name)), [doc.workflow]);
  // The phase the selection is about (a selected transition's or phase rule's own phase).
  const about = selection.kind === 'phase' || selection.kind === 'phaseRule' || selection.kind === 'transition' ? selection.node : undefined;
  const focus = externalFocus(selection, about);
  const docId = doc.id;
  const problem = useMemo(() => problemNode(diagnosticsOf(doc).diagnostics), [doc]);
  // A fit that cannot show the whole graph keeps the selection's phase in view, else the first problem's.
  const attention = about ?? problem;
  const storeMove = useCallback((p: Record<string, XY>, key: string) => store.getState().setPositions(docId, p, { key }), [store, docId]);
  const relayouts = useViewLayoutRequests(docId);
  const { view, layout, onMove: onMoveNodes, paneLayout } = useGraphView(graph, focus, doc.layout, viewLayoutInput, storeMove, undefined, undefined, relayouts);
  // Laid out anew for the pane (see ToolCanvas): fitted to it.
  useEffect(() => {
    if (paneLayout) requestFit(docId);
  }, [paneLayout, docId]);
  // the step's node and rule, and the path walked to it over the edges drawn
  const step = useStepHighlight(doc.id, 'phases', view.edges);
  const stepNode = step?.node;
  const stepNodes = useMemo(() => (stepNode !== undefined ? [stepNode] : undefined), [stepNode]);
  /** Where the banner of a capped view ends: the fit keeps the nodes below it. */
  const [bannerBottom, setBannerBottom] = useState(0);
  const stable = useMemo(() => {
    const byId = new Map(stableData(dataCacheOf(doc.id), view.nodes).map((n) => [n.id, n]));
    return (n: PhaseGraphNode) => byId.get(n.id) ?? n;
  }, [view, doc.id]);
  const flow = useMemo(() => phaseFlow(view, layout, selection, stable, step, view.capped), [view, layout, selection, stable, step]);
  const onFind = useCallback((node: string) => (phases.has(node) ? store.getState().select({ kind: 'phase', node }) : undefined), [store, phases]);
  const edgeOf = useCallback((id: string) => graph.edges.find((e) => e.id === id), [graph]);
  const lastEdge = useRef<string | undefined>(undefined);

  const onSelectNode = useCallback(
    (id: string) => {
      if (phases.has(id)) selectFromCanvas(store, { kind: 'phase', node: id });
    },
    [store, phases],
  );
  const onSelectEdge = useCallback(
    (id: string) => {
      const e = edgeOf(id);
      if (!e) return;
      lastEdge.current = id;
      selectFromCanvas(store, { kind: 'transition', node: e.node, index: e.index });
    },
    [store, edgeOf],
  );
  const onClearSelection = useCallback(() => store.getState().select({ kind: 'none' }), [store]);
  const picked = useMemo(() => selectedNodes(selection), [selection]);
  const onSelectNodes = useCallback((ids: readonly string[]) => selectFromCanvas(store, selectionOfNodes('phase', ids.filter((id) => phases.has(id)))), [store, phases]);
  const onConnect = useCallback(
    (c: Connection) => {
      if (!phases.has(c.source) || !(phases.has(c.target) || c.target === DONE_NODE)) return;
      store.getState().editWorkflow(docId, (wf) => addTransition(wf, c.source, c.target));
    },
    [store, docId, phases],
  );
  const isValidConnection = useCallback((c: Connection | Edge) => phases.has(c.source) && (phases.has(c.target) || c.target === DONE_NODE), [phases]);
  const onDeleteSelection = useCallback(() => {
    const s = store.getState();
    const sel = s.selection;
    if (sel.kind === 'phase') {
      if (!s.editWorkflow(docId, (wf) => removePhase(wf, sel.node))) return;
      s.select({ kind: 'none' });
      s.notify('info', `Deleted phase “${sel.node}”; transitions to it dangle until fixed. ${UNDO_HINT}`);
    } else if (sel.kind === 'nodes') {
      if (!s.editWorkflow(docId, (wf) => removePhases(wf, new Set(sel.nodes)))) return;
      s.select({ kind: 'none' });
      s.notify('info', `Deleted ${sel.nodes.length} phases; transitions to them dangle until fixed. ${UNDO_HINT}`);
    } else if (sel.kind === 'transition') {
      if (!s.editWorkflow(docId, (wf) => removeTransition(wf, sel.node, sel.index))) return;
      s.select({ kind: 'none' });
    }
  }, [store, docId]);
  // The palette's Delete goes where the Delete key goes.
  useEffect(() => onDeleteRequest(onDeleteSelection), [onDeleteSelection]);

  return (
    <>
      {graph.nodes.every((n) => n.kind !== 'phase') ? <EmptyGraph doc={doc} /> : null}
      {view.capped ? <GraphCapBanner noun="phase" shown={{ nodes: view.nodes.length, edges: view.edges.length }} total={view.total} centre={view.centre} ids={nodeIds} onFind={onFind} onBottom={setBannerBottom} /> : null}
      {step?.path ? <PathLegend path={step.path} /> : null}
      <FlowView<PhaseFlowNode, Edge>
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
      direction="DOWN"
      stepNodes={stepNodes}
      attention={attention}
      reserveTop={view.capped ? bannerBottom : 0}
      />
    </>
  );
}
