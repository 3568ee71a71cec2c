/**
 * The dedupe key of a tool call (`tool-rules.md` §4 step 2, §8): the tool name and the JSON of its
 * arguments with object keys sorted at every depth and `request_heartbeat` removed at the top level.
 * Built by string concatenation with no intermediate objects: it runs on every call.
 */
import type { Json } from '../../model/toolRules.ts';

/** Object keys in UTF-16 code-unit order (the default `sort` order for strings). */
function sortedKeys(obj: Readonly<Record<string, Json>>): string[] {
  const keys = Object.keys(obj);
  for (let i = 1; i < keys.length; i++) if ((keys[i - 1] as string) > (keys[i] as string)) return keys.sort();
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
 * The canonical JSON of a call's arguments without top-level `request_heartbeat`. Arguments whose
 * keys are already in order take the native `JSON.stringify` path, which gives the same text.
 */
export function argsKey(args: Readonly<Record<string, Json>>): string {
  if (!('request_heartbeat' in args) && isCanonical(args)) return JSON.stringify(args);
  const sorted = sortedCopy(args, 'request_heartbeat');
  return sorted === undefined ? objectJson(args, 'request_heartbeat') : JSON.stringify(sorted);
}

/**
 * A copy of `obj` with keys inserted in code-unit order (nested objects too), for the native
 * `JSON.stringify`; undefined when a key starts with a digit, since engines list integer-like
 * keys first whatever the insertion order, or for a `__proto__` key.
 */
function sortedCopy(obj: Readonly<Record<string, Json>>, skip: string | undefined): Record<string, Json> | undefined {
  const out: Record<string, Json> = {};
  for (const k of sortedKeys(obj)) {
    if (k === skip) continue;
    const c = k.charCodeAt(0);
    if ((c >= 48 && c <= 57) || k === '__proto__') return undefined;
    const v = obj[k] as Json;
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && !isCanonical(v)) {
      const inner = sortedCopy(v, undefined);
      if (inner === undefined) return undefined;
      out[k] = inner;
    } else if (Array.isArray(v) && !isCanonical(v)) return undefined;
    else out[k] = v;
  }
  return out;
}

/** The dedupe key as one string: tool name + canonical JSON of the arguments. */
export function dedupeKey(tool: string, args: Readonly<Record<string, Json>>): string {
  return tool + '\u0000' + argsKey(args);
}
