import { describe, expect, it } from 'vitest';
import type { Replay } from '../../src/core/engine/replay.ts';
import { createCheckpoints } from '../../src/core/simulator/checkpoints.ts';
import { expectedItems } from '../../src/worker/simulationService.ts';

/** A replay whose saved state has a known estimated size (`estimateBytes`: 16 for the object, 8 for `at`, the array's bytes), counting its saves. */
function fakeReplay(size: () => number) {
  let saves = 0;
  let pos = 0;
  const replay = {
    save: () => {
      saves++;
      return { at: pos, bytes: new Uint8Array(size() - 24) };
    },
  } as unknown as Replay;
  return { replay, setPos: (p: number) => (pos = p), saves: () => saves };
}

/** Passes `n` items through the checkpoints, as a run does. */
function run(n: number, size: () => number, expected?: number) {
  const cp = createCheckpoints({ every: 1, budgetBytes: 10_000 });
  const r = fakeReplay(size);
  if (expected !== undefined) cp.expect(expected);
  for (let p = 0; p <= n; p++) {
    r.setPos(p);
    cp.passed(p, r.replay);
  }
  return { cp, saves: r.saves() };
}

describe('checkpoints told the run length', () => {
  it('save at the spacing the budget forces by the end, instead of saving states that thinning drops', () => {
    const blind = run(1000, () => 1000);
    const told = run(1000, () => 1000, 1000);
    // both end within the budget with the same spacing
    expect(blind.cp.bytes).toBeLessThanOrEqual(10_000);
    expect(told.cp.bytes).toBeLessThanOrEqual(10_000);
    expect(told.cp.every).toBe(blind.cp.every);
    expect(told.cp.count).toBe(blind.cp.count);
    // 1000 items × 1000 bytes over 10,000: every 128 items, from the first save on
    expect(told.cp.every).toBe(128);
    expect(told.saves).toBe(told.cp.count);
    expect(blind.saves).toBeGreaterThan(2 * told.saves);
    // and the states kept are the right ones
    for (const p of [0, 127, 128, 999, 1000]) {
      const near = told.cp.nearest(p);
      expect(near?.pos).toBe(Math.floor(p / 128) * 128);
      expect((near?.state as unknown as { at: number }).at).toBe(near?.pos);
    }
  });

  it('keep small states dense: the length alone does not widen the spacing', () => {
    // 100 states of 30 bytes fit the budget: one every item, as without the length
    const told = run(100, () => 30, 100);
    expect(told.cp.every).toBe(1);
    expect(told.cp.count).toBe(101);
    expect(told.cp.bytes).toBeLessThanOrEqual(10_000);
  });

  it('widen as the states grow (a dedupe window filling) and as the estimate of the length grows', () => {
    let size = 100;
    const cp = createCheckpoints({ every: 1, budgetBytes: 10_000 });
    const r = fakeReplay(() => size);
    cp.expect(100);
    for (let p = 0; p <= 90; p++) {
      r.setPos(p);
      cp.passed(p, r.replay);
    }
    expect(cp.every).toBe(1);
    size = 1000;
    cp.expect(1000);
    for (let p = 91; p <= 1000; p++) {
      r.setPos(p);
      cp.passed(p, r.replay);
    }
    expect(cp.bytes).toBeLessThanOrEqual(10_000);
    expect(cp.every).toBe(128);
    expect(cp.nearest(1000)?.pos).toBe(896);
  });

  it('the worker estimates the length from the items so far and the share of the bytes read', () => {
    expect(expectedItems({ items: 0, totalItems: 500 }, 10)).toBe(500);
    expect(expectedItems({ items: 0, totalBytes: 1000, bytes: 250 }, 40)).toBe(160);
    expect(expectedItems({ items: 0, totalBytes: 1000, bytes: 0 }, 0)).toBe(0);
    expect(expectedItems({ items: 0 }, 40)).toBe(0);
  });
});
