/**
 * The dedupe key of a tool call (`tool-rules.md` §4 step 2, §8): the tool name and the JSON of its
 * arguments with object keys sorted at every depth and `request_heartbeat` removed at the top level.
 */
import type { Json } from '../../model/toolRules.ts';

/** JSON text of a value with object keys sorted (by code unit) at every depth; arrays keep order. */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const parts: string[] = [];
  for (const k of keys) {
    const v = value[k];
    if (v !== undefined) parts.push(`${JSON.stringify(k)}:${canonicalJson(v)}`);
  }
  return `{${parts.join(',')}}`;
}

/** The dedupe key: tool name + canonical JSON of the arguments without top-level `request_heartbeat`. */
export function dedupeKey(tool: string, args: Readonly<Record<string, Json>>): string {
  const rest: Record<string, Json> = {};
  for (const [k, v] of Object.entries(args)) if (k !== 'request_heartbeat') rest[k] = v;
  return `${JSON.stringify(tool)}:${canonicalJson(rest)}`;
}
