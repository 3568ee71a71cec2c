/**
 * The dedupe key of a tool call (`tool-rules.md` §4 step 2, §8): the tool name and the JSON of its
 * arguments with object keys sorted at every depth and `request_heartbeat` removed at the top level.
 * Built by string concatenation with no intermediate objects: it runs on every call.
 */
import type { Json } from '../../model/toolRules.ts';

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Object keys in code-unit order (already-sorted keys, the common case, cost one pass). */
function sortedKeys(obj: Readonly<Record<string, Json>>): string[] {
  const keys = Object.keys(obj);
  for (let i = 1; i < keys.length; i++)
    if ((keys[i - 1] as string) > (keys[i] as string)) return keys.sort(byCodeUnit);
  return keys;
}

function objectJson(obj: Readonly<Record<string, Json>>, skip: string | undefined): string {
  let out = '{';
  let first = true;
  for (const k of sortedKeys(obj)) {
    const v = obj[k];
    if (v === undefined || k === skip) continue;
    out += (first ? '' : ',') + JSON.stringify(k) + ':' + canonicalJson(v);
    first = false;
  }
  return out + '}';
}

/** JSON text of a value with object keys sorted (by code unit) at every depth; arrays keep order. */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonicalJson(value[i] as Json);
    return out + ']';
  }
  return objectJson(value, undefined);
}

/** True when every object inside `value` already has its keys in code-unit order. */
function isCanonical(value: Json): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) {
    for (const v of value) if (!isCanonical(v)) return false;
    return true;
  }
  let prev: string | undefined;
  for (const k in value) {
    if (prev !== undefined && prev > k) return false;
    if (!isCanonical(value[k] as Json)) return false;
    prev = k;
  }
  return true;
}

/**
 * The dedupe key: tool name + canonical JSON of the arguments without top-level
 * `request_heartbeat`. Arguments whose keys are already in order (the usual case) take the native
 * `JSON.stringify` path, which gives the same text.
 */
export function dedupeKey(tool: string, args: Readonly<Record<string, Json>>): string {
  if (!('request_heartbeat' in args) && isCanonical(args)) return tool + '\u0000' + JSON.stringify(args);
  return tool + '\u0000' + objectJson(args, 'request_heartbeat');
}
