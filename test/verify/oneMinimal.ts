/** Checking a minimiser's result by brute force, independently of the minimiser. */
import { expect } from 'vitest';
import type { Decision } from '../../src/core/engine/decisions.ts';
import { replayItems, type ReplayConfig } from '../../src/core/engine/replay.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import { simplerEvents, simplerGaps } from '../../src/core/verify/minimiseSimplify.ts';
import { matchesTarget, type MinimiseTarget } from '../../src/core/verify/minimiseTarget.ts';

/** Decisions of the last event of `events`, replayed from scratch. */
export function lastDecisions(config: ReplayConfig, events: readonly TraceEvent[]): Decision[] {
  const all = replayItems(
    events.map((event) => ({ kind: 'event' as const, event })),
    config,
  );
  return all.filter((d) => d.event === events.length - 1);
}
export const holds = (config: ReplayConfig, events: readonly TraceEvent[], target: MinimiseTarget) =>
  events.length > 0 && lastDecisions(config, events).some((d) => matchesTarget(d, target));

/**
 * Checks the result's guarantees by brute force, independently of the minimiser: it decides the target at its last
 * event, and removing any one event, simplifying any one event or pulling any one gap together
 * loses it.
 */
export function expectOneMinimal(config: ReplayConfig, events: readonly TraceEvent[], target: MinimiseTarget): void {
  expect(holds(config, events, target)).toBe(true);
  for (let i = 0; i < events.length - 1; i++) expect(holds(config, events.filter((_, j) => j !== i), target), `without event ${i}`).toBe(false);
  events.forEach((e, i) => {
    for (const s of simplerEvents(e)) expect(holds(config, events.map((x, j) => (j === i ? s : x)), target), `event ${i} simplified to ${JSON.stringify(s)}`).toBe(false);
  });
  for (let i = 1; i < events.length; i++) {
    const gap = (events[i] as TraceEvent).time - (events[i - 1] as TraceEvent).time;
    for (const g of simplerGaps(gap)) {
      const shifted = events.map((e, j) => (j < i ? e : { ...e, time: e.time + g - gap }));
      expect(holds(config, shifted, target), `gap ${i} as ${g} ms instead of ${gap}`).toBe(false);
    }
  }
}

