import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReplay, replayItems, type ReplayConfig } from '../../src/core/engine/replay.ts';
import type { TraceItem } from '../../src/core/traces/events.ts';
import { createStepper, isViolation, nextViolation, violations } from '../../src/core/simulator/index.ts';
import { createCheckpoints } from '../../src/core/simulator/checkpoints.ts';
import type { Decision } from '../../src/core/engine/decisions.ts';
import { busyAgent, busyWorkflow, traceArb } from './arbitraries.ts';
import { pipeline } from './scenarios.ts';

const config: ReplayConfig = { agent: busyAgent, workflow: busyWorkflow };

/** A fresh replay of the first k + 1 items. */
function fresh(items: TraceItem[], k: number, cfg: ReplayConfig) {
  const r = createReplay(cfg);
  const decisions = items.slice(0, k + 1).flatMap((i) => r.push(i));
  return { decisions, snapshot: r.snapshot() };
}

/** A run over `items` as the worker does it: decisions, their steps and checkpoints kept. */
function finishedRun(items: TraceItem[], checkpoints: ReturnType<typeof createCheckpoints>) {
  const run = createReplay(pipeline.config);
  checkpoints.passed(0, run);
  const decisions: Decision[] = [];
  const steps: number[] = [];
  items.forEach((item, i) => {
    for (const d of run.push(item)) {
      decisions.push(d);
      steps.push(i);
    }
    checkpoints.passed(i + 1, run);
  });
  return { replay: run, pos: items.length, decisions, steps };
}

describe('createStepper', () => {
  it('at(k) equals a fresh replay of the first k + 1 items, for any sequence of steps', () => {
    fc.assert(
      fc.property(
        traceArb,
        fc.array(fc.nat(60), { minLength: 1, maxLength: 12 }),
        fc.record({ every: fc.integer({ min: 1, max: 5 }), budgetBytes: fc.constantFrom(undefined, 1, 20_000) }),
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

  it('stepping forward never restarts; stepping back restores the nearest checkpoint and pushes fewer than N items', () => {
    const items = pipeline.items;
    const every = 3;
    const stepper = createStepper(items, pipeline.config, { every });
    for (let k = 0; k < items.length; k++) stepper.at(k);
    expect(stepper.stats.replays).toBe(1);
    expect(stepper.stats.pushes).toBe(items.length);
    const last = items.length - 1;
    for (let k = last - 1; k >= -1; k--) {
      const pushes = stepper.stats.pushes;
      expect(stepper.at(k).snapshot).toEqual(fresh(items, k, pipeline.config).snapshot);
      expect(stepper.stats.pushes - pushes).toBeLessThan(every);
    }
    // No extra replay object: the front, at the end of the trace, serves as the live one.
    expect(stepper.stats.replays).toBe(1);
    expect(stepper.at(last).decisions).toEqual(replayItems(items, pipeline.config));
    // The end again, now through the lent front: restored, not left where stepping back put it.
    expect(stepper.at(last).snapshot).toEqual(fresh(items, last, pipeline.config).snapshot);
  });

  it('takes over a finished run as its front: no replay again, and any step is a restore away', () => {
    const items = pipeline.items;
    const checkpoints = createCheckpoints({ every: 2 });
    const front = finishedRun(items, checkpoints);
    const { decisions, steps } = front;
    const stepper = createStepper(items, pipeline.config, { checkpoints, front });
    expect(stepper.at(items.length - 1).decisions).toEqual(replayItems(items, pipeline.config));
    for (let k = items.length - 1; k >= -1; k--) {
      const view = stepper.at(k);
      expect(view.snapshot).toEqual(fresh(items, k, pipeline.config).snapshot);
      expect(view.stepDecisions).toEqual(fresh(items, k, pipeline.config).decisions.slice(k >= 0 ? fresh(items, k - 1, pipeline.config).decisions.length : 0));
    }
    expect(stepper.stats.pushes).toBeLessThan(items.length);
    for (const d of decisions) expect(stepper.stepOf(d.seq)).toBe(steps[d.seq]);
  });

  it('saves local checkpoints behind the step shown: each step back after a long replay pushes fewer than localEvery items', () => {
    const items = Array.from({ length: 12 }, () => pipeline.items).flat();
    const localEvery = 4;
    // Run checkpoints far apart (every 1,000 items: only the start), so only local ones can help.
    const stepper = createStepper(items, pipeline.config, { every: 1000, localEvery, localKeep: 3 });
    const last = items.length - 1;
    stepper.at(last);
    let pushes = stepper.stats.pushes;
    // The first step back replays from the start, saving local checkpoints on the way.
    expect(stepper.at(last - 1).snapshot).toEqual(fresh(items, last - 1, pipeline.config).snapshot);
    expect(stepper.stats.pushes - pushes).toBe(last);
    for (let k = last - 2; k >= last - 3 * localEvery; k--) {
      pushes = stepper.stats.pushes;
      expect(stepper.at(k).snapshot).toEqual(fresh(items, k, pipeline.config).snapshot);
      expect(stepper.stats.pushes - pushes).toBeLessThan(localEvery);
    }
    // Beyond the local ones: back to the run's checkpoints, and new local ones from there.
    pushes = stepper.stats.pushes;
    const far = last - 3 * localEvery - 2;
    expect(stepper.at(far).snapshot).toEqual(fresh(items, far, pipeline.config).snapshot);
    expect(stepper.stats.pushes - pushes).toBe(far + 1);
    pushes = stepper.stats.pushes;
    expect(stepper.at(far - 1).snapshot).toEqual(fresh(items, far - 1, pipeline.config).snapshot);
    expect(stepper.stats.pushes - pushes).toBeLessThan(localEvery);
  });

  it('keeps no local checkpoint beyond its byte budget: steps back then replay from the run checkpoints, still right', () => {
    const items = Array.from({ length: 4 }, () => pipeline.items).flat();
    const stepper = createStepper(items, pipeline.config, { every: 1000, localEvery: 2, localBudgetBytes: 1 });
    const last = items.length - 1;
    stepper.at(last);
    for (let k = last - 1; k >= last - 4; k--) {
      const pushes = stepper.stats.pushes;
      expect(stepper.at(k).snapshot).toEqual(fresh(items, k, pipeline.config).snapshot);
      expect(stepper.stats.pushes - pushes).toBe(k + 1);
    }
  });

  it('prepareBack readies the end of a finished run: the first step back from the end replays nothing', () => {
    const items = Array.from({ length: 6 }, () => pipeline.items).flat();
    const checkpoints = createCheckpoints({ every: 1000 });
    const stepper = createStepper(items, pipeline.config, { checkpoints, localEvery: 4, front: finishedRun(items, checkpoints) });
    stepper.prepareBack();
    const last = items.length - 1;
    const pushes = stepper.stats.pushes;
    expect(stepper.at(last - 1).snapshot).toEqual(fresh(items, last - 1, pipeline.config).snapshot);
    expect(stepper.stats.pushes).toBe(pushes);
    // The end is still one push away, and stepping back again is a local restore.
    expect(stepper.at(last).snapshot).toEqual(fresh(items, last, pipeline.config).snapshot);
    expect(stepper.at(last - 2).snapshot).toEqual(fresh(items, last - 2, pipeline.config).snapshot);
    expect(stepper.stats.pushes - pushes).toBeLessThan(1 + 4);
    expect(stepper.at(last).decisions).toEqual(replayItems(items, pipeline.config));
  });

  it('keeps the checkpoints within their budget by thinning them', () => {
    const items = pipeline.items;
    const checkpoints = createCheckpoints({ every: 1, budgetBytes: 1 });
    const stepper = createStepper(items, pipeline.config, { checkpoints });
    stepper.allDecisions();
    expect(checkpoints.count).toBe(1);
    expect(checkpoints.every).toBeGreaterThanOrEqual(items.length);
    expect(stepper.at(items.length - 2).snapshot).toEqual(fresh(items, items.length - 2, pipeline.config).snapshot);
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
