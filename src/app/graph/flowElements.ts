/**
 * Turns graph projections into React Flow nodes and edges: positions from the document layout,
 * selection from the store, classes for diagnostics. Pure, so it is tested in Node.
 */
import { ruleNumber } from '../../core/model/ruleNumber.ts';
import { ruleToolOf } from '../../core/graph/lettaEdits.ts';
import { Position, type Edge, type Node } from '@xyflow/react';
import { phaseNodeSizeOf, toolNodeSizeOf } from '../layout/placement.ts';
import { ruleTypeLabel } from '../../core/describe/ruleNames.ts';
import type { ToolGraph, ToolGraphEdge, ToolGraphNode } from '../../core/graph/toolGraph.ts';
import type { PhaseGraphNode, WorkflowGraph } from '../../core/graph/workflowGraph.ts';
import type { Agent } from '../../core/model/toolRules.ts';
import type { XY } from '../state/documents.ts';
import type { Selection } from '../state/store.ts';
import { selectedNodes } from '../state/selection.ts';
import { own } from '../../core/model/ownKeys.ts';
import type { Verdict } from '../simulator/verdict.ts';
import type { PathMarks } from './usePathWalked.ts';

export type ToolFlowNode = Node<ToolGraphNode & Record<string, unknown>, 'tool'>;
export type PhaseFlowNode = Node<PhaseGraphNode & Record<string, unknown>, 'phase'>;
export interface RuleEdgeData extends Record<string, unknown> {
  label: string;
  title: string;
}

/** What the simulator highlights at its selected step (see src/app/simulator/highlight.ts). */
export interface StepHighlight {
  tool?: string;
  toolRule?: number;
  node?: string;
  workflowRule?: number;
  /** The live view's count of decisions shown as they came: the stepped node and edge pulse again at each. */
  pulse?: number;
  /** The decision's outcome, drawn on `tool` / `node` (its colour and its word). */
  verdict?: Verdict;
  /** The path the run walked up to the step: its nodes and edges subdued, its last move marked. */
  path?: PathMarks;
}

/** The class of a node on the path walked. */
const walkedNodeClass = (step: StepHighlight | undefined, id: string): string => (step?.path?.nodes.has(id) ? ' rs-walked' : '');

/** The classes of an edge on the path walked: walked before, or the last move (refused: tried). */
function walkedEdgeClass(step: StepHighlight | undefined, id: string): string {
  const path = step?.path;
  if (!path) return '';
  if (path.last.has(id)) return path.refused ? ' rs-edge-last rs-edge-refused' : ' rs-edge-last';
  return path.edges.has(id) ? ' rs-edge-walked' : '';
}

/**
 * An edge's arrowhead, in the path's colour when the edge is on it (the stage's trace colour on
 * stage, the canvas's otherwise): a marker is drawn apart from its edge, so the edge's class does not
 * reach it, and a grey head on a short walked edge read as the line not drawn (review13).
 */
function arrowOf(step: StepHighlight | undefined, id: string): { type: 'arrowclosed'; color?: string } {
  const path = step?.path;
  if (path?.last.has(id)) return { type: 'arrowclosed', color: path.refused ? 'var(--stage-blocked, var(--error))' : 'var(--stage-trace, var(--accent))' };
  if (path?.edges.has(id)) return { type: 'arrowclosed', color: 'var(--stage-trace, color-mix(in srgb, var(--accent) 65%, var(--border-strong)))' };
  return { type: 'arrowclosed' };
}

/** The class of the step's own node: its verdict (the deciding rule's other tool gets none). */
const verdictClass = (step: StepHighlight, own: boolean): string => (own && step.verdict !== undefined ? ` rs-verdict rs-verdict-${step.verdict}` : '');

/** The pulse class of a live highlight: two names with one animation, so each new decision restarts it. */
const pulseClass = (step: StepHighlight | undefined): string => (step?.pulse !== undefined ? ` rs-live-pulse-${step.pulse % 2}` : '');

/** Where a node without a position is drawn until placement stores one (a grid, not a pile). */
const gridSpot = (i: number): XY => ({ x: (i % 20) * 240, y: Math.floor(i / 20) * 160 });

/**
 * Graphs with more nodes than this start with estimated sizes and handle positions. React Flow
 * renders every node it has not measured yet, even with `onlyRenderVisibleElements` (to measure
 * it): for thousands of tools that is thousands of DOM nodes at once and a long freeze. Presized,
 * only the nodes in view are rendered (and then measured for real).
 */
export const PRESIZE_FROM = 300;
const HANDLE = 10;

/** The estimated size and the two handles (in on one side, out on the other) of a node. */
function presized(size: { width: number; height: number }, direction: 'RIGHT' | 'DOWN'): Pick<Node, 'measured' | 'handles'> {
  const { width, height } = size;
  const h = HANDLE / 2;
  return {
    measured: { width, height },
    handles:
      direction === 'RIGHT'
        ? [
            { type: 'target', position: Position.Left, x: -h, y: height / 2 - h, width: HANDLE, height: HANDLE },
            { type: 'source', position: Position.Right, x: width - h, y: height / 2 - h, width: HANDLE, height: HANDLE },
          ]
        : [
            { type: 'target', position: Position.Top, x: width / 2 - h, y: -h, width: HANDLE, height: HANDLE },
            { type: 'source', position: Position.Bottom, x: width / 2 - h, y: height - h, width: HANDLE, height: HANDLE },
          ],
  };
}

/** What an edge says, for screen readers. */
function edgeAriaLabel(e: ToolGraphEdge): string {
  switch (e.kind) {
    case 'precedes':
      return `${e.source} before ${e.target}`;
    case 'follows':
      return `${e.source} must precede ${e.target}`;
    case 'exclusive':
      return `${e.source} and ${e.target} exclusive`;
    case 'mayFollow':
      return `${e.target} may follow ${e.source}`;
    case 'onlyAfter':
      return `${e.target} only after ${e.source}`;
    case 'branch':
      return e.label === 'otherwise' ? `${e.target} follows ${e.source} otherwise` : `${e.target} follows ${e.source} when its output ${e.label}`;
  }
}

/** React Flow nodes and edges of a tool graph (`presize`: give the nodes estimated sizes, see {@link PRESIZE_FROM}). */
export function toolFlow(
  graph: ToolGraph,
  agent: Agent,
  layout: Readonly<Record<string, XY>>,
  selection: Selection,
  data: (n: ToolGraphNode) => ToolGraphNode = (n) => n,
  step?: StepHighlight,
  presize = graph.nodes.length > PRESIZE_FROM,
): { nodes: ToolFlowNode[]; edges: Edge<RuleEdgeData>[] } {
  const selectedRule = selection.kind === 'rule' ? selection.index : -1;
  const stepRuleTool = step?.toolRule !== undefined ? ruleToolOf(agent, step.toolRule) : undefined;
  const ruleTool = selectedRule >= 0 ? ruleToolOf(agent, selectedRule) : undefined;
  const picked = new Set(selectedNodes(selection));
  const big = presize;
  const nodes = graph.nodes.map((n, i): ToolFlowNode => {
    const classes = [`rs-node${walkedNodeClass(step, n.id)}`];
    if (n.dimmed) classes.push('rs-dimmed');
    if (n.error) classes.push('rs-error');
    if (n.id === ruleTool) classes.push('rs-related');
    const stepped = step !== undefined && (n.id === step.tool || n.id === stepRuleTool);
    if (stepped) classes.push(`rs-step${pulseClass(step)}${verdictClass(step, n.id === step.tool)}`);
    return {
      id: n.id,
      type: 'tool',
      position: own(layout, n.id) ?? gridSpot(i),
      data: (stepped && step?.toolRule !== undefined ? { ...data(n), stepRule: step.toolRule } : data(n)) as ToolGraphNode & Record<string, unknown>,
      selected: picked.has(n.id),
      className: classes.join(' '),
      ariaLabel: n.wildcard ? (n.id === '*' ? 'All tools' : `Tools matching ${n.label}`) : `Tool ${n.label}`,
      ...(big ? presized(toolNodeSizeOf(n), 'RIGHT') : {}),
    };
  });
  const edges = graph.edges.map(
    (e): Edge<RuleEdgeData> => ({
      id: e.id,
      source: e.source,
      target: e.target,
      type: 'rule',
      selected: e.rule === selectedRule,
      className: `rs-edge rs-edge-${e.kind}${e.cycle ? ' rs-edge-cycle' : ''}${step?.toolRule === e.rule ? ` rs-edge-step${pulseClass(step)}` : ''}${walkedEdgeClass(step, e.id)}`,
      ...(e.kind === 'exclusive' ? {} : { markerEnd: arrowOf(step, e.id) }),
      ariaLabel: edgeAriaLabel(e),
      data: {
        label: e.label,
        title: `Rule ${ruleNumber(e.rule)}: ${ruleTypeLabel((agent.family === 'letta' ? agent.lettaRules?.[e.rule]?.type : agent.rules[e.rule]?.rule_type.type) ?? '')}${e.cycle ? ', part of a cycle of the required order' : ''}`,
      },
    }),
  );
  return { nodes, edges };
}

/** React Flow nodes and edges of a workflow graph. */
export function phaseFlow(
  graph: WorkflowGraph,
  layout: Readonly<Record<string, XY>>,
  selection: Selection,
  data: (n: PhaseGraphNode) => PhaseGraphNode = (n) => n,
  step?: StepHighlight,
  presize = graph.nodes.length > PRESIZE_FROM,
): { nodes: PhaseFlowNode[]; edges: Edge<RuleEdgeData>[] } {
  const picked = new Set(selection.kind === 'phaseRule' ? [selection.node] : selectedNodes(selection));
  const big = presize;
  const nodes = graph.nodes.map((n, i): PhaseFlowNode => {
    const classes = [`rs-node${walkedNodeClass(step, n.id)}`, `rs-phase-${n.kind}`];
    if (n.dimmed) classes.push('rs-dimmed');
    if (n.error) classes.push('rs-error');
    if (n.stuck) classes.push('rs-stuck');
    const stepped = step?.node !== undefined && n.kind === 'phase' && n.id === step.node;
    if (stepped) classes.push(`rs-step${pulseClass(step)}${verdictClass(step, true)}`);
    return {
      id: n.id,
      type: 'phase',
      position: own(layout, n.id) ?? gridSpot(i),
      data: (stepped && step?.workflowRule !== undefined ? { ...data(n), stepRule: step.workflowRule } : data(n)) as PhaseGraphNode & Record<string, unknown>,
      selected: n.kind === 'phase' && picked.has(n.id),
      className: classes.join(' '),
      ariaLabel: n.kind === 'done' ? 'Phase done (end)' : n.kind === 'missing' ? `Missing phase ${n.label}` : `Phase ${n.label}`,
      ...(n.kind === 'phase' ? {} : { draggable: true, connectable: false }),
      ...(big ? presized(phaseNodeSizeOf(n), 'DOWN') : {}),
    };
  });
  const edges = graph.edges.map(
    (e): Edge<RuleEdgeData> => ({
      id: e.id,
      source: e.source,
      target: e.target,
      type: 'rule',
      selected: selection.kind === 'transition' && selection.node === e.node && selection.index === e.index,
      className: `rs-edge rs-edge-transition${e.error ? ' rs-edge-cycle' : ''}${walkedEdgeClass(step, e.id)}`,
      markerEnd: arrowOf(step, e.id),
      ariaLabel: `${e.source} to ${e.target} when ${e.when}`,
      data: { label: e.when, title: e.error ? `Transition to a phase that does not exist` : `when ${e.when}` },
    }),
  );
  return { nodes, edges };
}
