/**
 * Trace time: RFC 3339 timestamps with a mandatory offset, held as whole milliseconds since the
 * Unix epoch (finer digits truncated). No wall clock and no local time anywhere.
 */

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;

/** Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(z: number): [number, number, number] {
  const zz = z + 719468;
  const era = Math.floor(zz / 146097);
  const doe = zz - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

/**
 * A parsed time: `ms` since the epoch, and `offset`, the minutes east of UTC the text was written
 * in (0 for `Z`), which only the `hegel` profile's wall-clock texts use.
 */
export type TimeParse = { ok: true; ms: number; offset: number } | { ok: false; message: string };

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Parses an RFC 3339 time; a time without `Z` or `±HH:MM` is an error, never local time. */
export function parseTime(text: unknown): TimeParse {
  if (typeof text !== 'string') return { ok: false, message: 'time must be an RFC 3339 string' };
  const m = RFC3339.exec(text.trim());
  if (!m) return { ok: false, message: `'${text}' is not an RFC 3339 time` };
  const [, ys, mos, ds, hs, mis, ss, frac, z, sign, oh, om] = m;
  if (!z && !sign) return { ok: false, message: `time '${text}' has no offset (add Z or ±HH:MM)` };
  const y = Number(ys), mo = Number(mos), d = Number(ds), h = Number(hs), mi = Number(mis), s = Number(ss);
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const monthDays = mo === 2 && !leap ? 28 : (DAYS_IN_MONTH[mo - 1] ?? 31);
  if (mo < 1 || mo > 12 || d < 1 || d > monthDays || h > 23 || mi > 59 || s > 60)
    return { ok: false, message: `'${text}' is not a valid date and time` };
  // RFC 3339 §5.6: an offset's hours are 00–23 and its minutes 00–59 (`+24:00` is not an offset).
  if (sign && (Number(oh) > 23 || Number(om) > 59))
    return { ok: false, message: `'${text}' has an offset out of range (hours 00–23, minutes 00–59)` };
  const ms = frac ? Number((frac + '00').slice(0, 3)) : 0;
  const total = (daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + Math.min(s, 59)) * 1000 + ms;
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) : 0;
  return { ok: true, ms: total - offset * 60_000, offset };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The date part of the last day formatted (replays format many times of one day in a row). */
let lastDay = NaN;
let lastDate = '';
/** `YYYY-MM-DDTHH:MM:SS.` of the last second formatted. */
let lastSecond = NaN;
let lastPrefix = '';
/** `000Z` … `999Z`. */
const MILLIS_Z = Array.from({ length: 1000 }, (_, i) => `${pad(i, 3)}Z`);

/** ISO 8601 in UTC with milliseconds: `2025-01-01T10:00:00.000Z`. */
export function formatIso(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second === lastSecond && Number.isInteger(ms)) return lastPrefix + (MILLIS_Z[ms - second * 1000] as string);
  const day = Math.floor(ms / 86_400_000);
  const rem = ms - day * 86_400_000;
  if (day !== lastDay) {
    const [y, mo, d] = civilFromDays(day);
    lastDate = `${y < 0 ? '-' : ''}${pad(Math.abs(y), 4)}-${pad(mo)}-${pad(d)}`;
    lastDay = day;
  }
  const prefix = `${lastDate}T${hhmmss(rem)}.`;
  if (!Number.isInteger(ms)) return `${prefix}${pad(rem % 1000, 3)}Z`;
  lastSecond = second;
  lastPrefix = prefix;
  return prefix + (MILLIS_Z[ms - second * 1000] as string);
}

/** `HH:MM:SS` of a time in UTC. */
export function formatClock(ms: number): string {
  const rem = ((ms % 86_400_000) + 86_400_000) % 86_400_000;
  return hhmmss(rem);
}

/**
 * `HH:MM:SS` as a time written `offset` minutes east of UTC reads: hegel prints characters 11–19
 * of the timestamp as written (`src/rules/evaluator.rs`, `evaluate_repeated_command`,
 * `evaluate_repeated_file_edit`, `evaluate_phase_timeout`: `timestamp[11..19]`).
 */
export function formatWallClock(ms: number, offset: number): string {
  return formatClock(ms + offset * 60_000);
}

function hhmmss(msOfDay: number): string {
  const t = Math.floor(msOfDay / 1000);
  return `${pad(Math.floor(t / 3600))}:${pad(Math.floor((t % 3600) / 60))}:${pad(t % 60)}`;
}
