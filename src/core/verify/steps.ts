/**
 * Searches in steps: each search is a generator that yields its progress every few hundred
 * states, so the worker can stream progress and let a cancel in between; the plain functions run
 * it to its end with {@link finish}.
 */

/** How far a search has come. */
export interface SearchProgress {
  states: number;
  depth: number;
}

/** Runs a stepwise search to its end. */
export function finish<T>(steps: Generator<SearchProgress, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** One search's progress counted on from the states of the searches before it (`before` grows by its states). */
export function* counted<T extends { stats: { states: number } }>(steps: Generator<SearchProgress, T>, before: { states: number }): Generator<SearchProgress, T> {
  for (;;) {
    const r = steps.next();
    if (r.done) {
      before.states += r.value.stats.states;
      return r.value;
    }
    yield { states: before.states + r.value.states, depth: r.value.depth };
  }
}
