/**
 * What a graph or Inspector edit changed in a workflow, as a small message (as `agentDelta.ts`
 * does for agents): the workflow's other fields and one splice of its phases, found by object
 * identity. Edits of one phase (a transition drawn, a rule's value) keep the other phases as the
 * same objects, so the edit of a 5,000-phase workflow sends one phase. Pure.
 */
import type { Workflow, WorkflowNode } from './workflow.ts';
import { applySplice, spliceOf, type Splice } from './agentDelta.ts';

export interface WorkflowDelta {
  /** The workflow without its phases (name, mode, start node, extra keys). */
  head: Omit<Workflow, 'nodes'>;
  /** How many phases the workflow the delta applies to has, to refuse a delta meant for another. */
  from: { nodes: number };
  nodes: Splice<WorkflowNode>;
}

/** The delta from `before` to `after`. */
export function workflowDelta(before: Workflow, after: Workflow): WorkflowDelta {
  const { nodes, ...head } = after;
  return { head, from: { nodes: before.nodes.length }, nodes: spliceOf(before.nodes, nodes) };
}

/** `before` with `delta` applied, or undefined when the delta was made from a workflow of another length. */
export function applyWorkflowDelta(before: Workflow, delta: WorkflowDelta): Workflow | undefined {
  if (before.nodes.length !== delta.from.nodes) return undefined;
  return { ...delta.head, nodes: applySplice(before.nodes, delta.nodes) };
}
