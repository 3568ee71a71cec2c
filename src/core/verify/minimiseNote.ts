/** The minimiser's closing note, in words (the CLI prints it; the simulator shows it). */
import { groupThousands } from '../engine/workflow/texts.ts';
import type { MinimiseResult } from './minimise.ts';
import { describeTarget } from './minimiseTarget.ts';

/** A duration for people: `850 ms`, `2.6 s`, `1 min 12 s`. */
export function humanDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/**
 * `Minimised 100,000 events to 4 in 2.6 s (472 candidates tested, 845,421 events replayed):
 * blocked deploy MaxCallsExceeded (rule #2) at the last one. 1-minimal: …` — `ms` is the time
 * the caller measured (the core reads no clock).
 */
export function minimiseNote(result: MinimiseResult, ms: number): string {
  const n = (x: number, one: string, many = `${one}s`) => `${groupThousands(x)} ${x === 1 ? one : many}`;
  const head = `Minimised ${n(result.original, 'event')} to ${groupThousands(result.events.length)} in ${humanDuration(ms)} (${n(result.tests, 'candidate')} tested, ${n(result.pushes, 'event')} replayed): ${describeTarget(result.target)} at the last one.`;
  return result.complete
    ? `${head} 1-minimal: removing any one event, argument or optional field, or pulling any gap together, loses it.`
    : `${head} Stopped before the end: shorter than the original, but not yet 1-minimal.`;
}
