import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReplay, replayItems, type ReplayConfig } from '../../src/core/engine/replay.ts';
import type { TraceItem } from '../../src/core/traces/events.ts';
import { createStepper, isViolation, nextViolation, violations } from '../../src/core/simulator/index.ts';
import { busyAgent, busyWorkflow, traceArb } from './arbitraries.ts';
import { pipeline } from './scenarios.ts';

const config: ReplayConfig = { agent: busyAgent, workflow: busyWorkflow };

/** A fresh replay of the first k + 1 items. */
function fresh(items: TraceItem[], k: number, cfg: ReplayConfig) {
  const r = createReplay(cfg);
  const decisions = items.slice(0, k + 1).flatMap((i) => r.push(i));
  return { decisions, snapshot: r.snapshot() };
}

describe('createStepper', () => {
  it('at(k) equals a fresh replay of the first k + 1 items, for any sequence of steps', () => {
    fc.assert(
      fc.property(
        traceArb,
        fc.array(fc.nat(60), { minLength: 1, maxLength: 12 }),
        fc.record({ backWindow: fc.nat(5), checkpointEvery: fc.nat(4) }),
        (items, ks, opts) => {
          const stepper = createStepper(items, config, opts);
          for (const raw of ks) {
            const k = (raw % (items.length + 1)) - 1;
            const view = stepper.at(k);
            const want = fresh(items, k, config);
            expect(view.step).toBe(k);
            expect(view.decisions).toEqual(want.decisions);
            expect(view.decisionCount).toBe(want.decisions.length);
            expect(view.snapshot).toEqual(want.snapshot);
            const prev = k >= 0 ? fresh(items, k - 1, config).decisions.length : 0;
            expect(view.stepDecisions).toEqual(want.decisions.slice(prev));
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('stepping forward never restarts; stepping back re-runs once, then uses the kept window', () => {
    const items = pipeline.items;
    const stepper = createStepper(items, pipeline.config, { backWindow: 4 });
    for (let k = 0; k < items.length; k++) stepper.at(k);
    expect(stepper.stats.replays).toBe(1);
    expect(stepper.stats.pushes).toBe(items.length);
    const last = items.length - 1;
    const back = stepper.at(last - 1);
    expect(stepper.stats.replays).toBe(1); // the snapshot is built only when read
    expect(back.snapshot).toEqual(fresh(items, last - 1, pipeline.config).snapshot);
    expect(stepper.stats.replays).toBe(2);
    for (let k = last - 2; k >= last - 5; k--) expect(stepper.at(k).snapshot).toEqual(fresh(items, k, pipeline.config).snapshot);
    expect(stepper.stats.replays).toBe(2);
    expect(stepper.at(last - 7).snapshot.events).toBe(last - 6);
    expect(stepper.stats.replays).toBe(3);
    expect(stepper.at(last).decisions).toEqual(replayItems(items, pipeline.config));
  });

  it('clamps steps, maps decisions to steps and finds the next violation', () => {
    const items = pipeline.items;
    const all = replayItems(items, pipeline.config);
    const stepper = createStepper(items, pipeline.config);
    expect(stepper.at(-5).step).toBe(-1);
    expect(stepper.at(-1).decisionCount).toBe(0);
    stepper.at(0);
    const first = stepper.nextViolation(-1);
    expect(first?.decision).toEqual(all.find(isViolation));
    expect(first?.step).toBe(0);
    const after = stepper.nextViolation(first?.decision.seq ?? 0);
    expect(after?.decision).toEqual(nextViolation(all, first?.decision.seq ?? 0));
    expect(after?.step).toBe(3);
    expect(stepper.stats.replays).toBe(1);
    expect(stepper.allDecisions()).toEqual(all);
    for (const d of all) {
      const s = stepper.stepOf(d.seq) as number;
      expect(stepper.at(s).stepDecisions).toContainEqual(d);
    }
    expect(stepper.nextViolation(all.length)).toBeUndefined();
    expect(stepper.at(1000).step).toBe(items.length - 1);
  });

  it('violations lists the violation kinds only', () => {
    const all = replayItems(pipeline.items, pipeline.config);
    const idx = violations(all);
    expect(idx.map((i) => all[i]?.kind)).toEqual(all.filter(isViolation).map((d) => d.kind));
    expect(new Set(idx.map((i) => all[i]?.kind))).toEqual(new Set(['blocked', 'denied', 'deduplicated', 'not_found', 'timeout']));
  });
});
