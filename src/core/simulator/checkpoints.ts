/**
 * Saved replay states every N items, so the state after any step is one restore and at most N − 1
 * pushes away. N starts small and doubles (dropping every other checkpoint) whenever the kept
 * states' estimated size passes the budget, so memory stays bounded whatever the trace length and
 * however large the engines' state (a full dedupe window, long windows) is.
 */
import type { Replay, ReplayState } from '../engine/replay.ts';

/**
 * Estimated bytes a run's checkpoints may hold by default. A 1,000,000-event run with a full 300 s
 * dedupe window (states of about 1 MB) then keeps one every 8,192 items: a scrub replays at most
 * that many (at 64 MB, twice as many: the most of a scrub's time in the worker).
 */
export const CHECKPOINT_BUDGET_BYTES = 128 * 1024 * 1024;

export interface CheckpointOptions {
  /** Items between checkpoints to start with (default 1,024). */
  every?: number;
  /** Estimated bytes the checkpoints may hold before N doubles (default 128 MB). */
  budgetBytes?: number;
}

export interface Checkpoints {
  /** Items between checkpoints now. */
  readonly every: number;
  /** Number of checkpoints kept. */
  readonly count: number;
  /** Estimated bytes held. */
  readonly bytes: number;
  /** Call after the replay has consumed `pos` items (0 = before the first); saves when `pos` is a multiple of N. */
  passed(pos: number, replay: Replay): void;
  /** The latest checkpoint at or before `pos`, if any. */
  nearest(pos: number): { pos: number; state: ReplayState } | undefined;
  /**
   * Says how many items the run will have in all (an estimate; say it again as it improves). N is
   * then raised at once to the spacing the budget would force by the end (that many items times
   * the last saved state's size, over the budget), so a long run with large states (a full
   * dedupe window) does not save the many states that thinning would drop again: copying them was
   * a tenth of a 1,000,000-event replay in the worker.
   */
  expect(items: number): void;
}

/**
 * Estimated bytes of a saved state: typed arrays by size, arrays by slot, plain objects walked.
 * Objects held in arrays (call arguments, window entries) are counted at a flat 16 bytes and not
 * walked: the state mostly shares them with the trace.
 */
export function estimateBytes(value: unknown): number {
  if (value === null || typeof value !== 'object') return 8;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (Array.isArray(value)) {
    let n = 16 + 8 * value.length;
    for (const v of value) if (v !== null && typeof v === 'object') n += Array.isArray(v) || ArrayBuffer.isView(v) ? estimateBytes(v) : 16;
    return n;
  }
  let n = 16;
  for (const v of Object.values(value as Record<string, unknown>)) n += estimateBytes(v);
  return n;
}

/** An empty checkpoint store. */
export function createCheckpoints(opts: CheckpointOptions = {}): Checkpoints {
  let every = Math.max(1, Math.floor(opts.every ?? 1024));
  const budget = opts.budgetBytes ?? CHECKPOINT_BUDGET_BYTES;
  /** Saved states by position (a multiple of `every`), ascending. */
  const kept = new Map<number, { state: ReplayState; bytes: number }>();
  let bytes = 0;
  let last = -1;
  /** Items the run is expected to have (0: not known). */
  let expected = 0;
  /** Estimated size of the last state saved. */
  let stateBytes = 0;

  /** Doubles N until it is at least `atLeast`, dropping the checkpoints off the new spacing. */
  function widen(atLeast: number): void {
    if (every >= atLeast) return;
    while (every < atLeast) every *= 2;
    for (const [pos, cp] of kept)
      if (pos % every !== 0) {
        kept.delete(pos);
        bytes -= cp.bytes;
      }
  }

  function thin(): void {
    while (bytes > budget && kept.size > 1) widen(every * 2);
  }

  /** The spacing at which states of the last size, over the expected items, fit the budget. */
  function plan(): void {
    if (expected > 0 && stateBytes > 0) widen(Math.floor((expected * stateBytes) / budget));
  }

  return {
    get every() {
      return every;
    },
    get count() {
      return kept.size;
    },
    get bytes() {
      return bytes;
    },
    passed(pos, replay) {
      if (pos % every !== 0 || kept.has(pos)) return;
      const state = replay.save();
      const size = estimateBytes(state);
      kept.set(pos, { state, bytes: size });
      bytes += size;
      stateBytes = size;
      if (pos > last) last = pos;
      plan();
      thin();
    },
    expect(items) {
      expected = Math.max(0, items);
      plan();
    },
    nearest(pos) {
      for (let p = Math.min(Math.floor(pos / every) * every, Math.floor(last / every) * every); p >= 0; p -= every) {
        const cp = kept.get(p);
        if (cp) return { pos: p, state: cp.state };
      }
      return undefined;
    },
  };
}
