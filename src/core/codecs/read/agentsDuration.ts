/**
 * Durations of `Cooldown` and `Periodic` (`tool-rules.md` §2.2): integer seconds (Pattern's config
 * form), float seconds, `{ secs, nanos }` (Pattern's runtime JSON) or strings `"500ms"`, `"30s"`,
 * `"5m"`, `"1h"`. The model holds whole milliseconds; finer digits are truncated.
 */

/** A duration read: milliseconds, and how it was written when that is not Pattern's config form. */
export type DurationRead =
  | { ok: true; ms: number; form: 'seconds' | 'float' | 'secs_nanos' | 'string' }
  | { ok: false; problem: string };

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const DURATION_STRING = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)\s*$/;
const MAX_NANOS = 999_999_999;

const EXPECTED =
  'a duration: whole seconds (e.g. 30), float seconds, { secs = 1, nanos = 0 } or a string like "500ms", "30s", "5m", "1h"';

/** Milliseconds for a non-negative amount of a unit, truncated to whole ms (microsecond-rounded first to absorb float error). */
function toMs(amount: number, unitMs: number): number | undefined {
  const ms = Math.floor(Math.round(amount * unitMs * 1000) / 1000);
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/** Reads a duration value; `problem` says what was expected when it is not one. */
export function readDuration(raw: unknown): DurationRead {
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw) || raw < 0) return { ok: false, problem: `needs ${EXPECTED}, not a negative or infinite number` };
    const ms = toMs(raw, 1000);
    if (ms === undefined) return { ok: false, problem: `is too large (${raw} seconds)` };
    return { ok: true, ms, form: Number.isInteger(raw) ? 'seconds' : 'float' };
  }
  if (typeof raw === 'string') {
    const m = DURATION_STRING.exec(raw);
    const unit = m ? UNIT_MS[m[2] ?? ''] : undefined;
    if (!m || unit === undefined) return { ok: false, problem: `needs ${EXPECTED}` };
    const ms = toMs(Number(m[1]), unit);
    if (ms === undefined) return { ok: false, problem: `is too large ("${raw}")` };
    return { ok: true, ms, form: 'string' };
  }
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    const o = raw as Record<string, unknown>;
    const keys = Object.keys(o);
    const secs = o['secs'];
    const nanos = o['nanos'] ?? 0;
    if (
      keys.every((k) => k === 'secs' || k === 'nanos') &&
      typeof secs === 'number' &&
      Number.isSafeInteger(secs) &&
      secs >= 0 &&
      typeof nanos === 'number' &&
      Number.isInteger(nanos) &&
      nanos >= 0 &&
      nanos <= MAX_NANOS
    ) {
      const ms = secs * 1000 + Math.floor(nanos / 1_000_000);
      if (!Number.isSafeInteger(ms)) return { ok: false, problem: `is too large (${secs} seconds)` };
      return { ok: true, ms, form: 'secs_nanos' };
    }
  }
  return { ok: false, problem: `needs ${EXPECTED}` };
}

/** Whole seconds for export: milliseconds rounded to the nearest second. */
export function msToWholeSeconds(ms: number): number {
  return Math.round(ms / 1000);
}
