/**
 * Identity of a call's arguments for dedupe (`tool-rules.md` §4 step 2, §8): two calls are the
 * same when the JSON of their arguments — keys sorted at every depth, top-level
 * `request_heartbeat` removed — is the same text. Instead of building that text on every call,
 * the engine hashes the arguments (key-order independent, no allocation) and compares
 * candidates structurally; `canonicalJson` in dedupeKey.ts states the same identity as text and
 * the tests check the two agree.
 */
import type { Json } from '../../model/toolRules.ts';

const SKIPPED = 'request_heartbeat';
/** The hash of null (and of what JSON writes as null: undefined, NaN, ±Infinity). */
const NULL_HASH = 0x9e3779b9 | 0;
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function hashString(s: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

/** JSON has one text for 0 and -0, and writes NaN and ±Infinity as null. */
function hashNumber(n: number): number {
  // Small integers first (the common case), with the values the general path below gives them.
  if ((n | 0) === n && n < 0x7fffffff && n > -0x7fffffff) return n === 0 ? 0x2545f491 : mix(n + 0x632be5ab);
  if (!Number.isFinite(n)) return NULL_HASH;
  if (n === 0) return 0x2545f491;
  if (Number.isInteger(n) && Math.abs(n) < 0x7fffffff) return mix(n + 0x632be5ab);
  f64[0] = n;
  return mix((u32[0] as number) ^ Math.imul(u32[1] as number, 0x27d4eb2f));
}

/**
 * Hashes of recent object keys, by the key's position in its object: calls of one tool name the
 * same keys in the same order, so a key is mostly hashed once per run, not once per call. A pure
 * memo (`===` compares the text), so it never changes a hash.
 */
const KEY_CACHE = 16;
const cachedKey: (string | undefined)[] = new Array<string | undefined>(KEY_CACHE).fill(undefined);
const cachedKeyHash = new Int32Array(KEY_CACHE);

function hashKey(k: string, position: number): number {
  const at = position & (KEY_CACHE - 1);
  if (cachedKey[at] === k) return cachedKeyHash[at] as number;
  const h = hashString(k);
  cachedKey[at] = k;
  cachedKeyHash[at] = h;
  return h;
}

/**
 * The hash of one value: primitives first and inline (arguments are mostly flat objects of
 * strings and numbers, so the object loop below rarely recurses), containers by {@link containerHash}.
 */
function valueHash(x: Json | undefined): number {
  if (typeof x === 'string') return hashString(x);
  if (typeof x === 'number') return hashNumber(x);
  if (x === null || x === undefined) return NULL_HASH;
  if (typeof x === 'boolean') return x ? 0x3c6ef372 : 0xa54ff53a | 0;
  return containerHash(x, undefined);
}

function containerHash(v: Json[] | { [key: string]: Json }, skipKey: string | undefined): number {
  if (Array.isArray(v)) {
    let h = 0x510e527f;
    for (let i = 0; i < v.length; i++) h = Math.imul(h, 31) + valueHash(v[i]) | 0;
    return mix(h);
  }
  let sum = 0x1f83d9ab;
  let position = 0;
  for (const k in v) {
    const x = v[k];
    if (x === undefined || k === skipKey) continue;
    sum = (sum + mix(hashKey(k, position++) ^ Math.imul(valueHash(x), 0x9e3779b1))) | 0;
  }
  return mix(sum);
}

/**
 * A 32-bit hash of a JSON value, independent of object key order, as a signed 32-bit integer (an
 * unsigned one above 2³¹ would be a heap number: an allocation per call).
 */
export function hashJson(v: Json | undefined, skipKey?: string): number {
  if (v !== null && typeof v === 'object') return containerHash(v, skipKey);
  return valueHash(v);
}

/** Whether two JSON values have the same canonical JSON text. */
export function sameJson(a: Json | undefined, b: Json | undefined, skipKey?: string): boolean {
  if (a === b) return true;
  const na = a === undefined || (typeof a === 'number' && !Number.isFinite(a)) ? null : a;
  const nb = b === undefined || (typeof b === 'number' && !Number.isFinite(b)) ? null : b;
  if (na === null || nb === null) return na === nb;
  if (typeof na !== 'object' || typeof nb !== 'object') return na === nb;
  if (Array.isArray(na) || Array.isArray(nb)) {
    if (!Array.isArray(na) || !Array.isArray(nb) || na.length !== nb.length) return false;
    for (let i = 0; i < na.length; i++) if (!sameJson(na[i], nb[i])) return false;
    return true;
  }
  let count = 0;
  for (const k in na) {
    const x = na[k];
    if (x === undefined || k === skipKey) continue;
    count++;
    if (!Object.prototype.hasOwnProperty.call(nb, k) || !sameJson(x, nb[k])) return false;
  }
  for (const k in nb) if (nb[k] !== undefined && k !== skipKey) count--;
  return count === 0;
}

/** The dedupe hash of a call: its tool and its arguments without top-level `request_heartbeat`. */
export function callHash(tool: string, args: Readonly<Record<string, Json>>): number {
  return mix(hashString(tool) ^ hashJson(args as Json, SKIPPED));
}

/*
 * The arguments' own keys and string values, by position, for {@link argsHash}: a call names the
 * same keys as the call before it (same tool or not, mostly), and many of its string values repeat
 * (an operation, a path). Pure memos like the key cache above (`===` compares the text), kept
 * apart from it so that a cached key is known not to be `request_heartbeat`. Strings longer than
 * {@link CACHED_VALUE_MAX} are not kept (a module-level cache must not hold a large text alive).
 */
const topKey: (string | undefined)[] = new Array<string | undefined>(KEY_CACHE).fill(undefined);
const topKeyHash = new Int32Array(KEY_CACHE);
const topValue: (string | undefined)[] = new Array<string | undefined>(KEY_CACHE).fill(undefined);
const topValueHash = new Int32Array(KEY_CACHE);
const CACHED_VALUE_MAX = 64;

/**
 * The hash of a call's arguments without top-level `request_heartbeat` (key order free): the same
 * number as `hashJson(args, 'request_heartbeat')`, computed by a loop written for the common flat
 * object of strings and numbers (keys and repeated strings from caches, numbers inline, anything
 * else through {@link valueHash}).
 */
export function argsHash(args: Readonly<Record<string, Json>>): number {
  let sum = 0x1f83d9ab;
  let position = 0;
  for (const k in args) {
    const x = args[k];
    if (x === undefined) continue;
    const at = position & (KEY_CACHE - 1);
    let kh: number;
    if (topKey[at] === k) kh = topKeyHash[at] as number;
    else {
      if (k === SKIPPED) continue;
      kh = hashString(k);
      topKey[at] = k;
      topKeyHash[at] = kh;
    }
    let vh: number;
    if (typeof x === 'string') {
      if (topValue[at] === x) vh = topValueHash[at] as number;
      else {
        vh = hashString(x);
        if (x.length <= CACHED_VALUE_MAX) {
          topValue[at] = x;
          topValueHash[at] = vh;
        }
      }
    } else if (typeof x === 'number') vh = hashNumber(x);
    else vh = valueHash(x);
    sum = (sum + mix(kh ^ Math.imul(vh, 0x9e3779b1))) | 0;
    position++;
  }
  return mix(sum);
}

/** Whether two calls' arguments are the same for dedupe. */
export function sameArgs(a: Readonly<Record<string, Json>>, b: Readonly<Record<string, Json>>): boolean {
  return sameJson(a as Json, b as Json, SKIPPED);
}
