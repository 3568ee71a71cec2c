/**
 * Linear-time graph helpers for the validator: iterative Tarjan SCC (no recursion, so deep
 * chains cannot overflow the stack), breadth-first reachability and a shortest cycle inside one
 * component.
 */

/**
 * A directed graph over nodes `0 … size-1` whose successors are read by slot, so callers can
 * describe edges implicitly (a slot may be empty: `successor` returns -1).
 */
export interface IndexedGraph {
  readonly size: number;
  /** Number of successor slots of `node`. */
  degree(node: number): number;
  /** The successor in `slot` of `node`, or -1 when that slot holds no edge. */
  successor(node: number, slot: number): number;
}

/** The strongly connected components of a graph. */
export interface Condensation {
  /** Component id of every node. */
  readonly component: Int32Array;
  /**
   * Components as node lists, in Tarjan's emission order: a component comes after every
   * component it can reach (successors first).
   */
  readonly components: number[][];
}

/** Tarjan's algorithm, iterative: O(nodes + slots). */
export function stronglyConnectedComponents(graph: IndexedGraph): Condensation {
  const n = graph.size;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const cursor = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const component = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  const calls: number[] = [];
  const components: number[][] = [];
  let counter = 0;

  const open = (v: number): void => {
    index[v] = counter;
    low[v] = counter;
    counter++;
    stack.push(v);
    onStack[v] = 1;
    calls.push(v);
  };

  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    open(root);
    while (calls.length > 0) {
      const v = calls[calls.length - 1]!;
      const slot = cursor[v]!;
      if (slot < graph.degree(v)) {
        cursor[v] = slot + 1;
        const w = graph.successor(v, slot);
        if (w < 0) continue;
        if (index[w] === -1) open(w);
        else if (onStack[w] && index[w]! < low[v]!) low[v] = index[w]!;
        continue;
      }
      calls.pop();
      if (low[v] === index[v]) {
        const members: number[] = [];
        const id = components.length;
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          component[w] = id;
          members.push(w);
        } while (w !== v);
        members.reverse();
        components.push(members);
      }
      const parent = calls[calls.length - 1];
      if (parent !== undefined && low[v]! < low[parent]!) low[parent] = low[v]!;
    }
  }
  return { component, components };
}

/** Every node reachable from `starts` (the starts included): one breadth-first search. */
export function reachableFrom(
  size: number,
  starts: readonly number[],
  neighbours: (node: number) => readonly number[],
): Uint8Array {
  const seen = new Uint8Array(size);
  const queue: number[] = [];
  for (const s of starts) {
    if (!seen[s]) {
      seen[s] = 1;
      queue.push(s);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    for (const w of neighbours(queue[head]!)) {
      if (!seen[w]) {
        seen[w] = 1;
        queue.push(w);
      }
    }
  }
  return seen;
}

/** One hop of a path: the node reached and the slot of the previous node that led there. */
export interface Hop {
  node: number;
  slot: number;
}

/**
 * A shortest cycle through `start` that stays inside `start`'s component, as the hops after
 * `start` (the last hop is back to `start`); empty when there is none. The search visits the
 * component only, trying slots in order, so the answer is deterministic.
 */
export function shortestCycle(graph: IndexedGraph, condensation: Condensation, start: number): Hop[] {
  const comp = condensation.component[start];
  const parent = new Map<number, Hop & { from: number }>();
  const queue: number[] = [start];
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head]!;
    const degree = graph.degree(v);
    for (let slot = 0; slot < degree; slot++) {
      const w = graph.successor(v, slot);
      if (w < 0 || condensation.component[w] !== comp) continue;
      if (w === start) {
        const hops: Hop[] = [{ node: start, slot }];
        for (let at = v; at !== start; ) {
          const p = parent.get(at)!;
          hops.push({ node: at, slot: p.slot });
          at = p.from;
        }
        return hops.reverse();
      }
      if (!parent.has(w)) {
        parent.set(w, { node: w, slot, from: v });
        queue.push(w);
      }
    }
  }
  return [];
}
