/**
 * Projections of a document, cached by model object and text: moving a node changes the document
 * object but not its model, so the graph (and its diagnostics) are not recomputed on every drag.
 */
import type { Agent } from '../../core/model/toolRules.ts';
import type { Workflow } from '../../core/model/workflow.ts';
import { toolGraph, type ToolGraph } from '../../core/graph/toolGraph.ts';
import { workflowGraph, type WorkflowGraph } from '../../core/graph/workflowGraph.ts';
import { diagnosticsOf, type AgentDoc, type RuleDoc, type WorkflowDoc } from '../state/documents.ts';
import type { LayoutEdge, LayoutNode } from '../layout/types.ts';
import { phaseNodeSize, toolNodeSize } from '../layout/placement.ts';

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

/** The phase graph of a workflow document (with its diagnostics mapped). */
export function workflowGraphOf(doc: WorkflowDoc): WorkflowGraph {
  const hit = workflowCache.get(doc.workflow);
  if (hit && hit.text === doc.text) return hit.graph;
  const graph = workflowGraph(doc.workflow, diagnosticsOf(doc).diagnostics);
  workflowCache.set(doc.workflow, { text: doc.text, graph });
  return graph;
}

/** What elk needs to lay out a document: node ids with size estimates, and the edges. */
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

/** Node ids of a document's graph. */
export function nodeIdsOf(doc: RuleDoc): string[] {
  return doc.kind === 'agent' ? toolGraphOf(doc).nodes.map((n) => n.id) : workflowGraphOf(doc).nodes.map((n) => n.id);
}
