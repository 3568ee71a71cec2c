/**
 * Projections of a document, cached by model object and text: moving a node changes the document
 * object but not its model, so the graph (and its diagnostics) are not recomputed on every drag.
 */
import type { Agent } from '../../core/model/toolRules.ts';
import type { Workflow } from '../../core/model/workflow.ts';
import { toolGraph, type ToolGraph } from '../../core/graph/toolGraph.ts';
import { workflowGraph, type WorkflowGraph } from '../../core/graph/workflowGraph.ts';
import { diagnosticsOf, type AgentDoc, type RuleDoc, type WorkflowDoc, type XY } from '../state/documents.ts';
import type { LayoutEdge, LayoutNode } from '../layout/types.ts';
import { phaseNodeSize, placeUnpositioned, toolNodeSize } from '../layout/placement.ts';
import { layeredLayout } from '../layout/layered.ts';

const toolCache = new WeakMap<Agent, { text: string; graph: ToolGraph }>();
const workflowCache = new WeakMap<Workflow, { text: string; graph: WorkflowGraph }>();

/** The tool graph of an agent document (with its diagnostics mapped). */
export function toolGraphOf(doc: AgentDoc): ToolGraph {
  const hit = toolCache.get(doc.agent);
  if (hit && hit.text === doc.text) return hit.graph;
  const graph = toolGraph(doc.agent, diagnosticsOf(doc).diagnostics);
  toolCache.set(doc.agent, { text: doc.text, graph });
  return graph;
}

/** Records a graph projected elsewhere (the import worker) for `doc`, so it is not projected again. */
export function primeGraph(doc: RuleDoc, graph: ToolGraph | WorkflowGraph): void {
  if (doc.kind === 'agent') toolCache.set(doc.agent, { text: doc.text, graph: graph as ToolGraph });
  else workflowCache.set(doc.workflow, { text: doc.text, graph: graph as WorkflowGraph });
}

/** The phase graph of a workflow document (with its diagnostics mapped). */
export function workflowGraphOf(doc: WorkflowDoc): WorkflowGraph {
  const hit = workflowCache.get(doc.workflow);
  if (hit && hit.text === doc.text) return hit.graph;
  const graph = workflowGraph(doc.workflow, diagnosticsOf(doc).diagnostics);
  workflowCache.set(doc.workflow, { text: doc.text, graph });
  return graph;
}

/**
 * What the layout needs: node ids with size estimates, and the edges. Tool graphs read left to
 * right (exclusive groups are no order, so they are left out); workflows top to bottom.
 */
export function layoutInputOf(doc: RuleDoc): { nodes: LayoutNode[]; edges: LayoutEdge[]; direction: 'RIGHT' | 'DOWN' } {
  if (doc.kind === 'agent') {
    const g = toolGraphOf(doc);
    return {
      nodes: g.nodes.map((n) => ({ id: n.id, ...toolNodeSize(n.badges.length) })),
      edges: g.edges.filter((e) => e.kind !== 'exclusive').map((e) => ({ id: e.id, source: e.source, target: e.target })),
      direction: 'RIGHT',
    };
  }
  const g = workflowGraphOf(doc);
  return {
    nodes: g.nodes.map((n) => ({ id: n.id, ...phaseNodeSize(n.rules.length, n.summary !== undefined) })),
    edges: g.edges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
    direction: 'DOWN',
  };
}

/** Places the nodes of `doc` that have no position, beside `anchorId` when given (see `placeUnpositioned`). */
export function missingPositions(doc: RuleDoc, anchorId?: string): Record<string, XY> {
  const input = layoutInputOf(doc);
  const sizes = new Map(input.nodes.map((n) => [n.id, n]));
  const sizeOf = (id: string) => sizes.get(id) ?? { width: 200, height: 48 };
  return placeUnpositioned(
    input.nodes.map((n) => n.id),
    doc.layout,
    sizeOf,
    input.direction,
    anchorId,
  );
}

/** A fresh layered layout of the whole document (deterministic, synchronous). */
export function layoutOf(doc: RuleDoc): Record<string, XY> {
  const input = layoutInputOf(doc);
  return layeredLayout(input.nodes, input.edges, { direction: input.direction });
}

/** Node ids of a document's graph. */
export function nodeIdsOf(doc: RuleDoc): string[] {
  return doc.kind === 'agent' ? toolGraphOf(doc).nodes.map((n) => n.id) : workflowGraphOf(doc).nodes.map((n) => n.id);
}
