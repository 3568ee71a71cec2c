/**
 * Small helpers shared by the trace readers: error items that name their line, and safe JSON
 * parsing of one line (never throws, never echoes engine-specific parser messages, so a replay
 * gives the same texts in every browser and in Node).
 */
import type { TraceEvent, TraceItem } from './events.ts';

/** An error item: `line N: problem`, 1-based line, optionally naming the file it came from. */
export function lineError(line: number, problem: string, file?: string): TraceItem {
  const item: TraceItem = { kind: 'error', line, message: `line ${line}: ${problem}` };
  if (file !== undefined) item.file = file;
  return item;
}

/** An event item, with the 1-based line it came from when known (engines' errors name it). */
export function eventItem(event: TraceEvent, line?: number): TraceItem {
  return line === undefined ? { kind: 'event', event } : { kind: 'event', event, line };
}

/** A short, printable preview of a text (JSON-quoted, at most `max` characters of it). */
export function preview(text: string, max = 40): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

/** `an array`, `a string`, `null` …: how a JSON value is named in messages. */
export function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    default:
      return 'an object';
  }
}

/** True for a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type JsonObjectParse = { ok: true; value: Record<string, unknown> } | { ok: false; problem: string };

/** Parses one line that must hold a JSON object. */
export function parseJsonObjectLine(text: string): JsonObjectParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: `not valid JSON: ${preview(text.trim())}` };
  }
  if (!isJsonObject(value)) return { ok: false, problem: `expected a JSON object, got ${describeJsonType(value)}` };
  return { ok: true, value };
}
