/**
 * Structural workflow checks: W001 (transition to no node), W002 (bad start node), W003
 * (unreachable node, one BFS from the start), W004 (a place the workflow gets stuck: one reverse
 * BFS from `done`, then one warning per node or loop of nodes no transition leaves), W008
 * (explicit `done` node) and W009 (repeated `when` in one node).
 */
import { DONE_NODE, type Workflow, type WorkflowNode } from '../model/index.ts';
import type { WorkflowEmit } from './emit.ts';
import { reachableFrom, stronglyConnectedComponents } from './graph.ts';
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

/** Transitions as adjacency lists over the node table (`done` is `table.done`; transitions to no node left out). */
function adjacency(table: NodeTable): { forward: number[][]; backward: number[][] } {
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
  return { forward, backward };
}

/** Whether the workflow's start node is a node from which no transitions lead to `done` (false when there is no such node). */
export function startCannotFinish(wf: Workflow): boolean {
  const table = nodeTable(wf);
  const start = table.ids.get(wf.start_node);
  if (start === undefined) return false;
  const { backward } = adjacency(table);
  return reachableFrom(table.nodes.length + 1, [table.done], (v) => backward[v]!)[start] === 0;
}

const names = (nodes: readonly WorkflowNode[]) => nodes.map((n) => quote(n.name)).join(', ');

/**
 * W004, one per place the workflow gets stuck: a node, or a loop of nodes, that no transition
 * leaves (a bottom component of the nodes that cannot reach `done`). The nodes that can only go on
 * to it are named in its message, not warned about apart: one missing exit is one warning.
 */
function reportStuck(table: NodeTable, forward: number[][], stuck: boolean[], emit: WorkflowEmit): void {
  const ids: number[] = [];
  const local = new Int32Array(table.nodes.length).fill(-1);
  table.nodes.forEach((_, v) => {
    if (stuck[v]) local[v] = ids.push(v) - 1;
  });
  if (ids.length === 0) return;
  const sub = ids.map((v) => forward[v]!.map((w) => (w < local.length ? local[w]! : -1)));
  const { component, components } = stronglyConnectedComponents({ size: ids.length, degree: (v) => sub[v]!.length, successor: (v, i) => sub[v]![i]! });
  const leaves = components.map((members, c) => members.some((v) => sub[v]!.some((w) => w >= 0 && component[w] !== c)));
  // The nodes that lead into each stuck place (reverse reachability inside the stuck nodes).
  const into: number[][] = ids.map(() => []);
  sub.forEach((succ, v) => succ.forEach((w) => w >= 0 && into[w]!.push(v)));
  components.forEach((members, c) => {
    if (leaves[c]) return;
    const inside = new Set(members);
    const reaching = reachableFrom(ids.length, members, (v) => into[v]!);
    const before = ids.flatMap((v, i) => (reaching[i] && !inside.has(i) ? [table.nodes[v]!] : []));
    const place = [...members].sort((a, b) => a - b).map((i) => table.nodes[ids[i]!]!);
    const first = place[0]!;
    const where =
      place.length > 1
        ? `nodes ${names(place)}: their transitions only go between them`
        : first.transitions.length === 0
          ? `node ${quote(first.name)}: it has no transition`
          : `node ${quote(first.name)}: its transitions only come back to it`;
    const leading = before.length === 0 ? '' : ` ${names(before)} ${before.length === 1 ? 'leads' : 'lead'} only there.`;
    emit(
      'W004',
      'warning',
      `${quote(DONE_NODE)} cannot be reached from ${where}, so once there the workflow is stuck (only a restart_cycle claim leaves).${leading} Add a transition towards ${quote(DONE_NODE)} here.`,
      { node: first.name },
    );
  });
}

function reportReachability(wf: Workflow, table: NodeTable, startOk: boolean, emit: WorkflowEmit): void {
  const size = table.nodes.length + 1;
  const { forward, backward } = adjacency(table);
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
    }
  });
  reportStuck(
    table,
    forward,
    table.nodes.map((_, v) => !finishes[v] && (!reached || reached[v] === 1)),
    emit,
  );
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
