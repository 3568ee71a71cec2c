/**
 * Unicode classes as rust-lang/regex's regex-syntax resolves them (`regex-syntax/src/unicode.rs`):
 * Perl classes, `\p{…}` queries with loose name matching, and simple case folding. Tables are
 * generated from the Unicode 16.0.0 database (see scripts/gen-unicode-tables.mjs) and decoded
 * lazily, once per set.
 */
import { type CharSet, intersect, negate, normalize, union } from '../charset.ts';
import {
  AGE,
  BINARY,
  CASE_ORBITS,
  GENERAL_CATEGORY,
  GRAPHEME_CLUSTER_BREAK,
  PROPERTY_NAMES,
  PROPERTY_VALUES,
  SCRIPT,
  SCRIPT_EXTENSIONS,
  SENTENCE_BREAK,
  WORD_BREAK,
} from './tables.generated.ts';

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DIGIT_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < DIGITS.length; i++) DIGIT_VALUE[DIGITS.charCodeAt(i)] = i;

/** Reads the varints of one encoded string. */
function varints(text: string): number[] {
  const out: number[] = [];
  let n = 0;
  let scale = 1;
  for (let i = 0; i < text.length; i++) {
    const d = DIGIT_VALUE[text.charCodeAt(i)]!;
    n += (d & 31) * scale;
    if (d & 32) scale *= 32;
    else {
      out.push(n);
      n = 0;
      scale = 1;
    }
  }
  return out;
}

const decoded = new Map<string, CharSet>();

function decode(text: string): CharSet {
  const hit = decoded.get(text);
  if (hit) return hit;
  const nums = varints(text);
  const out: number[] = [];
  let prev = -1;
  for (let i = 0; i + 1 < nums.length; i += 2) {
    const s = prev + 1 + nums[i]!;
    const e = s + nums[i + 1]!;
    out.push(s, e);
    prev = e;
  }
  decoded.set(text, out);
  return out;
}

function table(t: Record<string, string>, name: string): CharSet | null {
  const text = t[name];
  return text === undefined ? null : decode(text);
}

const cache = new Map<string, CharSet>();
function memo(key: string, make: () => CharSet): CharSet {
  let v = cache.get(key);
  if (!v) {
    v = make();
    cache.set(key, v);
  }
  return v;
}

/** `\d`: General_Category=Decimal_Number. */
export function perlDigit(): CharSet {
  return table(GENERAL_CATEGORY, 'Decimal_Number')!;
}

/** `\s`: White_Space. */
export function perlSpace(): CharSet {
  return table(BINARY, 'White_Space')!;
}

/** `\w`: Alphabetic + Mark + Decimal_Number + Connector_Punctuation + Join_Control (UTS#18 Annex C). */
export function perlWord(): CharSet {
  return memo('perl-word', () =>
    [table(BINARY, 'Alphabetic')!, table(GENERAL_CATEGORY, 'Mark')!, perlDigit(), table(GENERAL_CATEGORY, 'Connector_Punctuation')!, table(BINARY, 'Join_Control')!].reduce(
      (a, b) => union(a, b),
    ),
  );
}

/** regex-syntax's `symbolic_name_normalize`. */
export function normalizeName(name: string): string {
  let s = name;
  const startsWithIs = s.length >= 2 && s.slice(0, 2).toLowerCase() === 'is';
  if (startsWithIs) s = s.slice(2);
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === ' ' || ch === '_' || ch === '-' || c > 0x7f) continue;
    out += ch >= 'A' && ch <= 'Z' ? ch.toLowerCase() : ch;
  }
  if (startsWithIs && out === 'c') out = 'isc';
  return out;
}

export type PropertyError = 'property-not-found' | 'property-value-not-found';
export type ClassQuery = { kind: 'one-letter' | 'binary'; name: string } | { kind: 'by-value'; name: string; value: string };

function gencat(canonical: string): CharSet | PropertyError {
  switch (canonical) {
    case 'ASCII':
      return [0, 0x7f];
    case 'Any':
      return negate([]);
    case 'Assigned':
      return negate(table(GENERAL_CATEGORY, 'Unassigned')!);
    default:
      return table(GENERAL_CATEGORY, canonical) ?? 'property-value-not-found';
  }
}

function canonicalGencat(norm: string): string | undefined {
  if (norm === 'any') return 'Any';
  if (norm === 'assigned') return 'Assigned';
  if (norm === 'ascii') return 'ASCII';
  return PROPERTY_VALUES.General_Category![norm];
}

function binary(canonical: string): CharSet | PropertyError {
  if (canonical === 'Decimal_Number') return perlDigit();
  return table(BINARY, canonical) ?? 'property-not-found';
}

/** What `\p{…}` / `\pX` names, as regex-syntax's `unicode::class`. */
export function unicodeClass(query: ClassQuery): CharSet | PropertyError {
  if (query.kind !== 'by-value') {
    const norm = normalizeName(query.name);
    if (norm !== 'cf' && norm !== 'sc' && norm !== 'lc') {
      const prop = PROPERTY_NAMES[norm];
      if (prop !== undefined) return binary(prop);
    }
    const gc = canonicalGencat(norm);
    if (gc !== undefined) return gencat(gc);
    const sc = PROPERTY_VALUES.Script![norm];
    if (sc !== undefined) return table(SCRIPT, sc) ?? 'property-value-not-found';
    return 'property-not-found';
  }
  const prop = PROPERTY_NAMES[normalizeName(query.name)];
  const value = normalizeName(query.value);
  if (prop === undefined) return 'property-not-found';
  if (prop === 'General_Category') {
    const gc = canonicalGencat(value);
    return gc === undefined ? 'property-value-not-found' : gencat(gc);
  }
  const values = PROPERTY_VALUES[prop === 'Script_Extensions' ? 'Script' : prop];
  const canon = values?.[value];
  if (canon === undefined) return 'property-value-not-found';
  const t: Record<string, Record<string, string>> = {
    Script: SCRIPT,
    Script_Extensions: SCRIPT_EXTENSIONS,
    Grapheme_Cluster_Break: GRAPHEME_CLUSTER_BREAK,
    Word_Break: WORD_BREAK,
    Sentence_Break: SENTENCE_BREAK,
  };
  if (prop === 'Age') return ages(canon);
  const source = t[prop];
  // Properties regex-syntax does not read (Bidi_Class, Line_Break, …): not found, as there.
  if (!source) return 'property-not-found';
  return table(source, canon) ?? 'property-value-not-found';
}

/** `\p{Age:V}`: everything assigned in version V or before (regex-syntax's `ages`). */
function ages(canonical: string): CharSet | PropertyError {
  const key = (v: string) => v.slice(1).split('_').map(Number);
  const versions = Object.keys(AGE).sort((x, y) => key(x)[0]! - key(y)[0]! || key(x)[1]! - key(y)[1]!);
  const upTo = versions.indexOf(canonical);
  if (upTo < 0) return 'property-value-not-found';
  return memo(`age:${canonical}`, () => versions.slice(0, upTo + 1).reduce<CharSet>((acc, v) => union(acc, decode(AGE[v]!)), []));
}

/** Every code point that has a simple case folding partner, sorted, with its orbit. */
let orbitIndex: { points: Int32Array; orbits: number[][] } | null = null;
function orbits(): { points: Int32Array; orbits: number[][] } {
  if (orbitIndex) return orbitIndex;
  const entries: [number, number[]][] = [];
  for (const part of CASE_ORBITS.split('.')) {
    const orbit = varints(part);
    for (const c of orbit) entries.push([c, orbit]);
  }
  entries.sort((a, b) => a[0] - b[0]);
  orbitIndex = { points: Int32Array.from(entries.map((e) => e[0])), orbits: entries.map((e) => e[1]) };
  return orbitIndex;
}

function lowerBound(a: Int32Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Closes a set under Unicode simple case folding (regex-syntax's `case_fold_simple`). */
export function caseFoldSimple(set: CharSet): CharSet {
  const { points, orbits: os } = orbits();
  const extra: number[] = [];
  for (let i = 0; i < set.length; i += 2) {
    for (let k = lowerBound(points, set[i]!); k < points.length && points[k]! <= set[i + 1]!; k++) {
      for (const c of os[k]!) extra.push(c, c);
    }
  }
  return extra.length === 0 ? set : normalize([...set, ...extra]);
}

/** Does simple case folding map `c` to anything else? */
export function hasCaseFold(c: number): boolean {
  const { points } = orbits();
  const k = lowerBound(points, c);
  return k < points.length && points[k] === c;
}

/** ASCII-only case folding, for `(?i-u)`. */
export function caseFoldAscii(set: CharSet): CharSet {
  const extra: number[] = [];
  const lower = intersect(set, [0x61, 0x7a]);
  const upper = intersect(set, [0x41, 0x5a]);
  for (let i = 0; i < lower.length; i += 2) extra.push(lower[i]! - 32, lower[i + 1]! - 32);
  for (let i = 0; i < upper.length; i += 2) extra.push(upper[i]! + 32, upper[i + 1]! + 32);
  return extra.length === 0 ? set : normalize([...set, ...extra]);
}
