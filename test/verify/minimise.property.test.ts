/**
 * Property (issue 12.2): for random small agents, workflows, settings and traces (the fuzz
 * generators) and a random decision of the replay as the target, the minimised trace — replayed
 * from scratch, without the minimiser's checkpoints — still decides the target at its last event,
 * and removing any single event, simplifying any event or pulling any gap together loses it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayItems, type ReplayConfig } from '../../src/core/engine/replay.ts';
import { minimise } from '../../src/core/verify/minimise.ts';
import { targetOf } from '../../src/core/verify/minimiseTarget.ts';
import { caseArb } from '../fuzz/arbitraries.ts';
import { expectOneMinimal } from './oneMinimal.ts';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20261124);

describe('minimise (property)', () => {
  it('the result holds, is no longer than the prefix given, and is 1-minimal', () => {
    let checked = 0;
    fc.assert(
      fc.property(caseArb, fc.nat(), (c, pick) => {
        const config: ReplayConfig = { ...(c.agent ? { agent: c.agent } : {}), ...(c.workflow ? { workflow: c.workflow } : {}), settings: c.settings };
        const decisions = replayItems(
          c.trace.map((event) => ({ kind: 'event' as const, event })),
          config,
        ).filter((d) => d.kind !== 'error');
        if (decisions.length === 0) return;
        const d = decisions[pick % decisions.length];
        const target = d && targetOf(d);
        if (!d || !target) return;
        const out = minimise({ config, events: c.trace, step: d.event, target, checkpointEvery: 4 });
        if (!out.ok) throw new Error(out.problem);
        expect(out.result.complete).toBe(true);
        expect(out.result.events.length).toBeLessThanOrEqual(d.event + 1);
        expect(out.result.origin.at(-1)).toBe(d.event);
        expect(out.result.origin).toEqual([...out.result.origin].sort((a, b) => a - b));
        expectOneMinimal(config, out.result.events, target);
        checked++;
      }),
      { seed: SEED, numRuns: 150 },
    );
    expect(checked).toBeGreaterThan(100);
  }, 120_000);
});
