/** Canonical events → canonical JSONL (`traces.md` §1): `type` and `time` (ISO, UTC, ms) first, defaults left out. */
import { formatIso } from '../time.ts';
import type { TraceEvent } from './events.ts';

/** One event as a canonical JSONL line. */
export function canonicalLine(e: TraceEvent): string {
  // the offset a time was written with is not a field: canonical times are written in UTC
  const { type, time, utcOffset: _offset, ...rest } = e as TraceEvent & Record<string, unknown>;
  const out: Record<string, unknown> = { type, time: formatIso(time) };
  for (const [k, v] of Object.entries(rest)) {
    if (v === undefined) continue;
    if (type === 'tool_call' && ((k === 'outcome' && v === 'ok') || (k === 'duration_ms' && v === 0))) continue;
    out[k] = v;
  }
  return JSON.stringify(out);
}

/** Events as a canonical JSONL text (one line each, a final newline). */
export function canonicalTraceText(events: readonly TraceEvent[]): string {
  return events.map((e) => `${canonicalLine(e)}\n`).join('');
}
