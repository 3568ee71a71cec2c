/**
 * Trace minimisation (issue 12.4): a 100,000-event recorded-style trace whose `MaxCalls`
 * violation at the last event needs 3 events (plus the `build` the rules need), minimised to those
 * 4 events. CPU time, median of 3 runs; the result is checked, not just timed.
 */
import { replayItems } from '../src/core/engine/replay.ts';
import { minimise, type MinimiseResult } from '../src/core/verify/minimise.ts';
import { targetOf, type MinimiseTarget } from '../src/core/verify/minimiseTarget.ts';
import { bigTrace, opsAgent } from '../test/support/minimiseFixture.ts';
import { medianCpu } from './measure.ts';

export interface MinimiseBench {
  events: number;
  ms: number;
  runs: number[];
  result: MinimiseResult;
  /** The result kept exactly the cause's events. */
  exact: boolean;
}

export function benchMinimise(): MinimiseBench {
  const config = { agent: opsAgent() };
  const { events, cause } = bigTrace(100_000);
  const step = cause.at(-1) as number;
  const decisions = replayItems(
    events.map((event) => ({ kind: 'event' as const, event })),
    config,
  );
  const blocked = decisions.find((d) => d.event === step && d.kind === 'blocked');
  if (!blocked) throw new Error('the bench trace lost its violation');
  const target = targetOf(blocked) as MinimiseTarget;
  const m = medianCpu(3, () => minimise({ config, events, step, target }));
  if (!m.value.ok) throw new Error(m.value.problem);
  const result = m.value.result;
  return { events: events.length, ms: m.ms, runs: m.all, result, exact: result.origin.join() === cause.join() };
}
