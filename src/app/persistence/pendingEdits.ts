/**
 * Edits the store has not heard of yet (text typed in an editor, waiting for its debounce). Each
 * editor registers a synchronous flush; the page calls {@link flushPendingEdits} before it writes
 * the journal on `pagehide` / `visibilitychange`, so the last keystrokes are part of it.
 */
const flushers = new Set<() => void>();

/** Registers a synchronous flush; returns its removal. */
export function registerPendingEdits(flush: () => void): () => void {
  flushers.add(flush);
  return () => {
    flushers.delete(flush);
  };
}

/** Sends every waiting edit to the store now (errors of one editor do not stop the others). */
export function flushPendingEdits(): void {
  for (const flush of flushers) {
    try {
      flush();
    } catch {
      // A disposed editor: nothing of it is waiting.
    }
  }
}
