/** The minimiser's closing note, in words (the CLI prints it; the simulator shows it). */
import { groupThousands } from '../engine/workflow/texts.ts';
import type { MinimiseResult } from './minimise.ts';
import { describeTarget, type MinimiseTarget } from './minimiseTarget.ts';
import { claimTitle } from './counterexampleClaim.ts';

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

const code = (s: string) => `\`${s}\``;

/**
 * The target in the studio's words: "`deploy` blocked by rule #2", "the blocked exit
 * (`release` still required)", "an interrupt by rule #2 of phase `code`", "the move from `code`
 * to `review`". Rule numbers 1-based.
 */
export function targetInWords(t: MinimiseTarget): string {
  const rule = t.rule !== undefined && t.rule >= 0 ? ` by rule #${t.rule + 1}` : '';
  const tool = t.tool === undefined ? 'a call' : code(t.tool);
  switch (t.kind) {
    case 'allowed':
      return `${tool} allowed`;
    case 'auto':
      return `${tool} called automatically`;
    case 'blocked':
      return `${tool} blocked${rule}`;
    case 'exit':
      return 'the exit';
    case 'exit_blocked':
      return `the blocked exit (${(t.pending ?? []).map(code).join(', ') || 'a tool'} still required)`;
    case 'transition':
      return `the move from ${code(t.from ?? '?')} to ${code(t.to ?? '?')}`;
    case 'interrupt':
      return `an interrupt${rule} of phase ${code(t.node ?? '?')}`;
    case 'periodic_due':
      return `${tool} due${rule}`;
    default:
      return `${tool} ${t.kind.replace('_', ' ')}`;
  }
}

/**
 * The studio's notice after a minimisation, one whole sentence or two in the user's words (the
 * CLI keeps {@link minimiseNote}): "Minimised 7 steps to 3: still the V001 deadlock, ending in the
 * blocked exit (`release` still required)." `lost`: the finding whose claim the selected
 * step cannot keep (it comes before the state the finding is about).
 */
export function minimiseSummary(result: MinimiseResult, lost?: string): string {
  const steps = (x: number) => `${groupThousands(x)} step${x === 1 ? '' : 's'}`;
  const head = `Minimised ${steps(result.original)} to ${groupThousands(result.events.length)}`;
  const what = targetInWords(result.target);
  const body = result.property
    ? `${head}: still the ${claimTitle(result.property).replace(/:.*$/, '')}, ending in ${what}.`
    : `${head}, ending in ${what}.`;
  const lostNote = lost ? ` This step comes before what ${lost} shows, so only its decision is kept.` : '';
  const tail = result.complete ? '' : ' Stopped early: shorter, not yet the shortest.';
  return `${body}${lostNote}${tail}`;
}
