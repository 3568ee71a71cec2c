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
  /** The last edit waits for the next one with its key, however late (a node added, then its name typed). */
  lastHolds?: boolean;
}

export const HISTORY_LIMIT = 200;
export const COALESCE_MS = 1000;

export const emptyHistory = <T>(): History<T> => ({ past: [], future: [] });

/**
 * Records that the state is about to change from `before`. With the same `key` as the previous
 * edit within {@link COALESCE_MS}, the edit joins the previous undo step; or at any time when the
 * previous edit `holds` (recorded so) and nothing was recorded in between. A holding edit itself
 * never joins by time. An edit without a key ends any coalescing.
 */
export function record<T>(h: History<T>, before: T, key: string | undefined, now: number, holds = false): History<T> {
  // A holding edit starts a step of its own (a second tool added as `tool` again is a new step).
  const joins = key !== undefined && key === h.lastKey && h.lastAt !== undefined && (h.lastHolds === true || (!holds && now - h.lastAt < COALESCE_MS));
  const past = joins ? h.past : [...h.past, before].slice(-HISTORY_LIMIT);
  return { past, future: [], ...(key !== undefined ? { lastKey: key, lastAt: now, ...(holds ? { lastHolds: true } : {}) } : {}) };
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
