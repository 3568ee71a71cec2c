/** Strongly connected components (iterative Tarjan), for marking cycle edges on the graphs. */

/**
 * The component id of every node of a directed graph given as adjacency lists over `0…n-1`.
 * `cyclic[c]` says whether component `c` holds a cycle (more than one node, or a self-loop).
 */
export function stronglyConnected(adjacency: readonly (readonly number[])[]): { component: Int32Array; cyclic: boolean[] } {
  const n = adjacency.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const component = new Int32Array(n).fill(-1);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const cyclic: boolean[] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const frames: { v: number; i: number }[] = [{ v: root, i: 0 }];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (frames.length > 0) {
      const f = frames[frames.length - 1]!;
      const next = adjacency[f.v]!;
      if (f.i < next.length) {
        const w = next[f.i++]!;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          frames.push({ v: w, i: 0 });
        } else if (onStack[w]) low[f.v] = Math.min(low[f.v]!, index[w]!);
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low[parent.v] = Math.min(low[parent.v]!, low[f.v]!);
      if (low[f.v] !== index[f.v]) continue;
      const c = cyclic.length;
      let size = 0;
      let w: number;
      do {
        w = stack.pop()!;
        onStack[w] = 0;
        component[w] = c;
        size++;
      } while (w !== f.v);
      cyclic.push(size > 1 || adjacency[f.v]!.includes(f.v));
    }
  }
  return { component, cyclic };
}
