/**
 * Undo/redo over immutable snapshots. Consecutive edits with the same coalescing key (typing in
 * the Source pane, dragging one node) within a short time make one undo step.
 */

export interface History<T> {
  past: T[];
  future: T[];
  /** Key and time of the last recorded edit, for coalescing. */
  lastKey?: string;
  lastAt?: number;
}

export const HISTORY_LIMIT = 200;
export const COALESCE_MS = 1000;

export const emptyHistory = <T>(): History<T> => ({ past: [], future: [] });

/**
 * Records that the state is about to change from `before`. With the same `key` as the previous
 * edit within {@link COALESCE_MS}, the edit joins the previous undo step.
 */
export function record<T>(h: History<T>, before: T, key: string | undefined, now: number): History<T> {
  const joins = key !== undefined && key === h.lastKey && h.lastAt !== undefined && now - h.lastAt < COALESCE_MS;
  const past = joins ? h.past : [...h.past, before].slice(-HISTORY_LIMIT);
  return { past, future: [], ...(key !== undefined ? { lastKey: key, lastAt: now } : {}) };
}

/** Steps back: returns the state to restore and the new history, or undefined when nothing to undo. */
export function undo<T>(h: History<T>, current: T): { state: T; history: History<T> } | undefined {
  const prev = h.past[h.past.length - 1];
  if (prev === undefined) return undefined;
  return { state: prev, history: { past: h.past.slice(0, -1), future: [current, ...h.future] } };
}

export function redo<T>(h: History<T>, current: T): { state: T; history: History<T> } | undefined {
  const next = h.future[0];
  if (next === undefined) return undefined;
  return { state: next, history: { past: [...h.past, current], future: h.future.slice(1) } };
}
