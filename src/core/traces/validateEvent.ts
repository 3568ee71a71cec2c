/**
 * Turning one JSON object into a canonical {@link TraceEvent}: the `type` is checked first, the
 * `time` is converted with {@link parseTime}, then the zod schema decides; problems are phrased as
 * `field 'path': what is wrong`, at most three per line. Unknown fields are accepted and dropped.
 */
import type { z } from 'zod';
import { TraceEvent } from './events.ts';
import { parseTime, type TimeParse } from '../time.ts';
import { preview } from './lineItems.ts';

export type EventCheck = { ok: true; event: TraceEvent } | { ok: false; problem: string };

/** The canonical event types, in the order of `traces.md` §1. */
export const EVENT_TYPES: readonly string[] = [
  'batch_start',
  'process_start',
  'tool_call',
  'model_end',
  'workflow_start',
  'next',
  'continue',
  'repeat',
  'command',
  'file_edit',
  'tokens',
  'commit',
];

/** `args.path`, `claims[0]`. */
function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  return out;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = formatPath(issue.path);
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return `missing field '${path}'`;
  if (path === 'consent' || path.startsWith('consent.')) {
    return `field 'consent': expected approve_once, approve_scope, deny, timeout or { "approve_for": seconds }`;
  }
  if (issue.code === 'invalid_union' && path === 'force') return `field 'force': expected true or a list of rule types`;
  const text = issue.message.replace(/^(Invalid input|Invalid option|Too small|Too big): /, '');
  return path ? `field '${path}': ${text}` : text;
}

/** Formats zod issues concisely (the first three). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, 3).map(describeIssue);
  if (issues.length > 3) shown.push(`and ${issues.length - 3} more`);
  return shown.join('; ');
}

/** {@link parseTime}, with overlong values cut short so a message never quotes megabytes. */
export function parseTraceTime(value: unknown): TimeParse {
  if (typeof value === 'string' && value.length > 64) return { ok: false, message: `${preview(value)} is not an RFC 3339 time` };
  return parseTime(value);
}

/**
 * Checks an object whose `time` is still an RFC 3339 string (canonical JSONL) and returns the
 * event with `time` in epoch milliseconds.
 */
export function checkCanonicalObject(obj: Record<string, unknown>): EventCheck {
  const type = obj.type;
  if (type === undefined) return { ok: false, problem: `missing field 'type'` };
  if (typeof type !== 'string' || !EVENT_TYPES.includes(type)) {
    const shown = typeof type === 'string' ? preview(type) : JSON.stringify(type);
    return { ok: false, problem: `unknown type ${shown} (expected one of ${EVENT_TYPES.join(', ')})` };
  }
  if (obj.time === undefined) return { ok: false, problem: `missing field 'time'` };
  const time = parseTraceTime(obj.time);
  if (!time.ok) return { ok: false, problem: time.message };
  return withOffset(checkEventObject({ ...obj, time: time.ms }), time.offset);
}

/** The checked event with the offset its time was written with (none for UTC). */
export function withOffset(check: EventCheck, offset: number): EventCheck {
  if (check.ok && offset !== 0) check.event.utcOffset = offset;
  return check;
}

/** Validates an object whose `time` is already in epoch milliseconds against the zod schema. */
export function checkEventObject(obj: Record<string, unknown>): EventCheck {
  const parsed = TraceEvent.safeParse(obj);
  if (parsed.success) return { ok: true, event: parsed.data };
  return { ok: false, problem: describeIssues(parsed.error.issues) };
}
