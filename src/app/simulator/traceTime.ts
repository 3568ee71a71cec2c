/** Times on a trace's clock, as the State panel shows them. */
import { formatIso } from '../../core/time.ts';
import { CLOCKLESS_BEFORE_MS } from '../../core/traces/toScripted.ts';
import { compactDuration } from '../../core/engine/workflow/texts.ts';

/**
 * A time on the trace clock: the date and time of a trace with a clock; `+1m 20s` (from the
 * trace's zero) for one without (a verifier's counterexample), never a 1970 date.
 */
export function traceTime(ms: number | null): string {
  if (ms === null) return '—';
  return ms < CLOCKLESS_BEFORE_MS ? `+${compactDuration(ms / 1000)}` : formatIso(ms);
}
