/**
 * Times in a trace file must not go backwards (`traces.md` §1): each reader keeps the time of its
 * last usable event and turns an earlier one into an error on that line.
 */
import { formatIso } from '../time.ts';

/** Tracks the last accepted time of one file. */
export interface TimeOrder {
  /** `null` when `ms` is not earlier than the last accepted time (it becomes the last); else the problem. */
  check(ms: number): string | null;
  /**
   * The last accepted time in `[0]` (-Infinity before any): a hot reader may accept a time not
   * earlier than it by storing it there itself, and call {@link check} for the others.
   */
  readonly last: Float64Array;
}

/** A fresh order check (nothing accepted yet). */
export function createTimeOrder(): TimeOrder {
  // in a typed array: storing a time there allocates nothing (a closure's variable holds a boxed number)
  const last = new Float64Array([Number.NEGATIVE_INFINITY]);
  return {
    last,
    check(ms) {
      const before = last[0] as number;
      if (ms < before) {
        return `time ${formatIso(ms)} is earlier than the previous event's ${formatIso(before)} (times must not go backwards)`;
      }
      last[0] = ms;
      return null;
    },
  };
}
