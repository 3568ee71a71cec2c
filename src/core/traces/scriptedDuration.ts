/**
 * Durations in scripted traces (`after`, `every`, `duration`): `500ms`, `5s`, `2m`, `1h`, parts
 * combined (`1m30s`, `1h 15m`), decimals (`1.5s`), or a bare number of milliseconds (the unit of
 * the canonical trace's `duration_ms`). The result must be whole, non-negative milliseconds.
 */

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const PART = /(\d+(?:\.\d+)?)\s*(ms|s|m|h)\s*/y;
const BARE = /^\d+(?:\.\d+)?$/;

export type DurationParse = { ok: true; ms: number } | { ok: false; problem: string };

function bad(value: unknown): DurationParse {
  const shown = typeof value === 'string' ? `'${value.slice(0, 40)}'` : JSON.stringify(value);
  return { ok: false, problem: `${shown} is not a duration (use 500ms, 5s, 2m, 1h, or a number of milliseconds)` };
}

function whole(ms: number, value: unknown): DurationParse {
  if (!Number.isFinite(ms) || ms < 0) return bad(value);
  const rounded = Math.round(ms);
  // Decimal units can land a hair off an integer (1.1s = 1100.0000000000002 ms).
  if (Math.abs(ms - rounded) > 1e-6) return { ok: false, problem: `${JSON.stringify(value)} is not a whole number of milliseconds` };
  return { ok: true, ms: rounded };
}

/** Parses a scripted duration into milliseconds. */
export function parseDuration(value: unknown): DurationParse {
  if (typeof value === 'number') return whole(value, value);
  if (typeof value !== 'string') return bad(value);
  const text = value.trim();
  if (BARE.test(text)) return whole(Number(text), value);
  if (text === '') return bad(value);
  let total = 0;
  PART.lastIndex = 0;
  while (PART.lastIndex < text.length) {
    const m = PART.exec(text);
    if (!m) return bad(value);
    total += Number(m[1]) * (UNIT_MS[m[2] as string] as number);
  }
  return whole(total, value);
}
