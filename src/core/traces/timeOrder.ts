/**
 * Times in a trace file must not go backwards (`traces.md` §1): each reader keeps the time of its
 * last usable event and turns an earlier one into an error on that line.
 */
import { formatIso } from '../time.ts';

/** Tracks the last accepted time of one file. */
export interface TimeOrder {
  /** `null` when `ms` is not earlier than the last accepted time (it becomes the last); else the problem. */
  check(ms: number): string | null;
}

/** A fresh order check (nothing accepted yet). */
export function createTimeOrder(): TimeOrder {
  let last = Number.NEGATIVE_INFINITY;
  return {
    check(ms) {
      if (ms < last) {
        return `time ${formatIso(ms)} is earlier than the previous event's ${formatIso(last)} (times must not go backwards)`;
      }
      last = ms;
      return null;
    },
  };
}
