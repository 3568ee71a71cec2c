/**
 * Keeps React Flow node objects stable across store changes: a node whose position, data,
 * selection and class are unchanged keeps its previous object (and its measured size), so
 * memoised node components do not re-render and nothing is re-measured.
 */
import type { Edge } from '@xyflow/react';
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

/** Shallow equality of two plain records (an edge's data, its marker). */
function sameRecord(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}

/**
 * The next edge list, reusing objects from `prev` wherever nothing about the edge changed. The
 * projections build every edge anew (a step of the simulator changes one edge's class at most),
 * and a new edge object re-renders its edge and re-measures its label.
 */
export function reconcileEdges<E extends Edge>(prev: readonly E[], next: readonly E[]): E[] {
  const byId = new Map(prev.map((e) => [e.id, e]));
  let changed = prev.length !== next.length;
  const out = next.map((e, i) => {
    const p = byId.get(e.id);
    const keep =
      p !== undefined &&
      p.source === e.source &&
      p.target === e.target &&
      p.type === e.type &&
      p.selected === e.selected &&
      p.className === e.className &&
      p.ariaLabel === e.ariaLabel &&
      p.sourceHandle === e.sourceHandle &&
      p.targetHandle === e.targetHandle &&
      sameRecord(p.markerEnd, e.markerEnd) &&
      sameRecord(p.data, e.data);
    if (!keep || prev[i] !== p) changed = true;
    return keep ? p : e;
  });
  // nothing changed at all: the same array, so React Flow does not even look at the edges
  return changed ? out : (prev as E[]);
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
