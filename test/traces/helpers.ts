/** Shared test helpers for the trace readers. */
import { readFileSync } from 'node:fs';
import { parseTime } from '../../src/core/time.ts';
import type { TraceEvent, TraceItem } from '../../src/core/traces/events.ts';

/** Epoch ms of an RFC 3339 time (throws on a bad one, so a typo fails the test). */
export function at(text: string): number {
  const parsed = parseTime(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.ms;
}

/** A fixture's text. */
export function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

/** The events of some items, in order. */
export function eventsOf(items: readonly TraceItem[]): TraceEvent[] {
  return items.flatMap((i) => (i.kind === 'event' ? [i.event] : []));
}

/** The error items, as `[line, message]`. */
export function errorsOf(items: readonly TraceItem[]): [number, string][] {
  return items.flatMap((i) => (i.kind === 'error' ? [[i.line, i.message] as [number, string]] : []));
}

/** A `tool_call` with the schema's defaults filled in. */
export function call(time: number, tool: string, extra: Record<string, unknown> = {}): TraceEvent {
  return { type: 'tool_call', time, tool, args: {}, outcome: 'ok', duration_ms: 0, ...extra } as TraceEvent;
}
