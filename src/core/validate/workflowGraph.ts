/**
 * Structural workflow checks: W001 (transition to no node), W002 (bad start node), W003
 * (unreachable node, one BFS from the start), W004 (node that cannot reach `done`, one reverse
 * BFS from `done`), W008 (explicit `done` node) and W009 (repeated `when` in one node).
 */
import { DONE_NODE, type Workflow, type WorkflowNode } from '../model/index.ts';
import type { WorkflowEmit } from './emit.ts';
import { reachableFrom } from './graph.ts';
import { quote } from './text.ts';

/** The workflow's nodes (the explicit `done` node left out), numbered; `done` is number `nodes.length`. */
interface NodeTable {
  readonly nodes: readonly WorkflowNode[];
  readonly ids: ReadonlyMap<string, number>;
  readonly done: number;
}

function nodeTable(wf: Workflow): NodeTable {
  const nodes: WorkflowNode[] = [];
  const ids = new Map<string, number>();
  for (const node of wf.nodes) {
    if (node.name === DONE_NODE || ids.has(node.name)) continue;
    ids.set(node.name, nodes.length);
    nodes.push(node);
  }
  return { nodes, ids, done: nodes.length };
}

function reportTransitions(wf: Workflow, table: NodeTable, emit: WorkflowEmit): void {
  for (const node of wf.nodes) {
    const seen = new Map<string, number>();
    node.transitions.forEach((t, i) => {
      if (t.to !== DONE_NODE && !table.ids.has(t.to)) {
        emit(
          'W001',
          'error',
          `Transition ${i + 1} of node ${quote(node.name)} (when ${quote(t.when)}) goes to ${quote(t.to)}, which is not a node of the workflow (nor ${quote(DONE_NODE)}): taking it leaves the workflow in no phase.`,
          { node: node.name, transition: i },
        );
      }
      const first = seen.get(t.when);
      if (first !== undefined) {
        emit(
          'W009',
          'warning',
          `Transitions ${first + 1} and ${i + 1} of node ${quote(node.name)} both fire on ${quote(t.when)}: the first in file order is always taken, so transition ${i + 1} (to ${quote(t.to)}) is never taken.`,
          { node: node.name, transition: i },
        );
      } else seen.set(t.when, i);
    });
  }
}

function reportStart(wf: Workflow, table: NodeTable, emit: WorkflowEmit): boolean {
  const start = wf.start_node;
  if (table.ids.has(start)) return true;
  const message =
    start === ''
      ? 'start_node is missing, so the workflow cannot start.'
      : start === DONE_NODE
        ? `start_node is ${quote(DONE_NODE)}, the implicit final node, so the workflow ends before any phase.`
        : `start_node ${quote(start)} is not a node of the workflow, so the workflow cannot start.`;
  emit('W002', 'error', message, { field: 'start_node' });
  return false;
}

function reportReachability(wf: Workflow, table: NodeTable, startOk: boolean, emit: WorkflowEmit): void {
  const size = table.nodes.length + 1;
  const forward: number[][] = Array.from({ length: size }, () => []);
  const backward: number[][] = Array.from({ length: size }, () => []);
  table.nodes.forEach((node, from) => {
    for (const t of node.transitions) {
      const to = t.to === DONE_NODE ? table.done : table.ids.get(t.to);
      if (to === undefined) continue;
      forward[from]!.push(to);
      backward[to]!.push(from);
    }
  });
  const reached = startOk ? reachableFrom(size, [table.ids.get(wf.start_node)!], (v) => forward[v]!) : undefined;
  const finishes = reachableFrom(size, [table.done], (v) => backward[v]!);
  table.nodes.forEach((node, v) => {
    if (reached && !reached[v]) {
      emit(
        'W003',
        'warning',
        `Node ${quote(node.name)} cannot be reached from start node ${quote(wf.start_node)}: its prompt and rules never apply.`,
        { node: node.name },
      );
      return;
    }
    if (!finishes[v]) {
      emit(
        'W004',
        'warning',
        `${quote(DONE_NODE)} cannot be reached from node ${quote(node.name)}: once there, the workflow can get stuck (only a restart_cycle claim leaves).`,
        { node: node.name },
      );
    }
  });
}

/** Runs the structural checks of one workflow. */
export function reportWorkflowGraph(wf: Workflow, emit: WorkflowEmit): void {
  const table = nodeTable(wf);
  const startOk = reportStart(wf, table, emit);
  reportTransitions(wf, table, emit);
  reportReachability(wf, table, startOk, emit);
  for (const node of wf.nodes) {
    if (node.name !== DONE_NODE) continue;
    emit(
      'W008',
      'warning',
      `Explicit ${quote(DONE_NODE)} node: ${quote(DONE_NODE)} is the implicit final node, so hegel rejects a workflow that declares it and export drops it.`,
      { node: node.name },
    );
  }
}
