/**
 * Keeps React Flow node objects stable across store changes: a node whose position, data,
 * selection and class are unchanged keeps its previous object (and its measured size), so
 * memoised node components do not re-render and nothing is re-measured.
 */
import type { Node } from '@xyflow/react';

/** The next node list, reusing objects from `prev` wherever nothing visible changed. */
export function reconcileNodes<N extends Node>(prev: readonly N[], next: readonly N[]): N[] {
  const byId = new Map(prev.map((n) => [n.id, n]));
  return next.map((n) => {
    const p = byId.get(n.id);
    if (!p) return n;
    const same =
      p.data === n.data &&
      p.selected === n.selected &&
      p.className === n.className &&
      p.position.x === n.position.x &&
      p.position.y === n.position.y &&
      p.ariaLabel === n.ariaLabel;
    if (same) return p;
    return p.measured ? { ...n, measured: p.measured } : n;
  });
}

/** Reuses the previous data object of each id when it is deeply equal, so node identity survives
 * a re-projection that changed nothing about the node. */
export function stableData<T extends { id: string }>(cache: Map<string, { key: string; value: T }>, items: readonly T[]): T[] {
  const seen = new Set<string>();
  const out = items.map((item) => {
    seen.add(item.id);
    const key = JSON.stringify(item);
    const hit = cache.get(item.id);
    if (hit && hit.key === key) return hit.value;
    cache.set(item.id, { key, value: item });
    return item;
  });
  for (const id of cache.keys()) if (!seen.has(id)) cache.delete(id);
  return out;
}
