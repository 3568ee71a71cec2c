/** The decision stamp's time text: the same as `formatIso` for any time, read in any order. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecisionStamp } from '../../src/core/engine/stamp.ts';
import { formatIso } from '../../src/core/time.ts';

const YEAR_MS = 365.2425 * 86_400_000;
/** Epoch ms of years -3000..12000, whole or not. */
const anyMs = fc.oneof(
  fc.integer({ min: Math.round(-4970 * YEAR_MS), max: Math.round(10030 * YEAR_MS) }),
  fc.double({ min: -4970 * YEAR_MS, max: 10030 * YEAR_MS, noNaN: true }),
);

describe('DecisionStamp.time', () => {
  it('is formatIso of the time, for times in one second, across seconds and in random order', () => {
    fc.assert(
      fc.property(anyMs, fc.array(fc.oneof(fc.integer({ min: -1500, max: 1500 }), fc.constant(0)), { maxLength: 20 }), (start, steps) => {
        const stamp = new DecisionStamp();
        let ms = start;
        for (const step of [0, ...steps]) {
          ms += step;
          stamp.at(0, ms);
          expect(stamp.time).toBe(formatIso(ms));
          expect(stamp.time).toBe(formatIso(ms));
        }
      }),
      { numRuns: 2000 },
    );
  });
  it('reads an event kept by atEvent when first needed', () => {
    const stamp = new DecisionStamp();
    stamp.at(0, Date.UTC(2025, 0, 1, 10, 0, 0, 5));
    stamp.atEvent(1, { time: Date.UTC(2025, 0, 1, 10, 0, 0, 7) });
    expect(stamp.time).toBe('2025-01-01T10:00:00.007Z');
    expect(stamp.timeMs).toBe(Date.UTC(2025, 0, 1, 10, 0, 0, 7));
  });
});
