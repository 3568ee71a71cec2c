/**
 * The dedupe identity of a tool call as text (`tool-rules.md` §4 step 2, §8): the tool name and
 * the JSON of its arguments with object keys sorted at every depth and `request_heartbeat`
 * removed at the top level. The engine compares calls with the equivalent hash and structural
 * check of `argsIdentity.ts`; this text form is what the state inspector shows and what the
 * tests check that identity against.
 */
import type { Json } from '../../model/toolRules.ts';

function objectJson(obj: Readonly<Record<string, Json>>, skip: string | undefined): string {
  let out = '{';
  let first = true;
  for (const k of Object.keys(obj).sort()) {
    const v = obj[k];
    if (v === undefined || k === skip) continue;
    out += (first ? '' : ',') + JSON.stringify(k) + ':' + canonicalJson(v);
    first = false;
  }
  return out + '}';
}

/** JSON text of a value with object keys sorted (by UTF-16 code unit) at every depth; arrays keep order. */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return '[' + value.map(canonicalJson).join(',') + ']';
  return objectJson(value, undefined);
}

/** The dedupe key as text: tool name + canonical JSON of the arguments without top-level `request_heartbeat`. */
export function dedupeKey(tool: string, args: Readonly<Record<string, Json>>): string {
  return tool + '\u0000' + objectJson(args, 'request_heartbeat');
}
