/**
 * Offsets of values inside JSON text, found by one forward scan that descends only along the
 * asked path and skips everything else (strings by their quotes, containers by depth): a few
 * milliseconds on a megabyte agent file, where building a full position tree takes seconds. The
 * text must be valid JSON (callers have `JSON.parse`d it); on anything else the functions give
 * undefined rather than throw.
 */
import { positionAt } from '../../text/minimalReplacement.ts';
import type { DocPath, ParsedDoc } from '../types.ts';

/** A value's extent, `[start, end)`, and for an object member its key's. */
export interface JsonSpan {
  start: number;
  end: number;
  keyStart?: number;
  keyEnd?: number;
}

/** A member of an object: its key and the extents of key and value. */
export interface JsonMember {
  key: string;
  keyStart: number;
  keyEnd: number;
  start: number;
  end: number;
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** `i` moved past white space. */
export function skipSpace(t: string, i: number): number {
  while (i < t.length && isSpace(t.charCodeAt(i))) i++;
  return i;
}

/** The offset just past the string starting at `i` (a `"`). */
function stringEnd(t: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = t.indexOf('"', j);
    if (q < 0) return t.length;
    let backslashes = 0;
    while (t.charCodeAt(q - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return q + 1;
    j = q + 1;
  }
}

/** The offset just past the value starting at `i` (no leading white space). */
export function valueEnd(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c === 0x22) return stringEnd(t, i);
  if (c !== 0x7b && c !== 0x5b) {
    let j = i;
    while (j < t.length && !isSpace(t.charCodeAt(j)) && !',]}'.includes(t.charAt(j))) j++;
    return j;
  }
  let depth = 0;
  let j = i;
  while (j < t.length) {
    const d = t.charCodeAt(j);
    if (d === 0x22) {
      j = stringEnd(t, j);
      continue;
    }
    if (d === 0x7b || d === 0x5b) depth++;
    else if (d === 0x7d || d === 0x5d) {
      depth--;
      if (depth === 0) return j + 1;
    }
    j++;
  }
  return t.length;
}

/** The members of the object starting at `i` (a `{`), in text order. */
export function membersAt(t: string, i: number): JsonMember[] | undefined {
  if (t.charCodeAt(i) !== 0x7b) return undefined;
  const out: JsonMember[] = [];
  let j = skipSpace(t, i + 1);
  if (t.charCodeAt(j) === 0x7d) return out;
  for (;;) {
    if (t.charCodeAt(j) !== 0x22) return undefined;
    const keyEnd = stringEnd(t, j);
    let key: string;
    try {
      key = JSON.parse(t.slice(j, keyEnd)) as string;
    } catch {
      return undefined;
    }
    const colon = skipSpace(t, keyEnd);
    if (t.charCodeAt(colon) !== 0x3a) return undefined;
    const start = skipSpace(t, colon + 1);
    const end = valueEnd(t, start);
    out.push({ key, keyStart: j, keyEnd, start, end });
    const next = skipSpace(t, end);
    if (t.charCodeAt(next) === 0x7d) return out;
    if (t.charCodeAt(next) !== 0x2c) return undefined;
    j = skipSpace(t, next + 1);
  }
}

/** The elements of the array starting at `i` (a `[`), in order. */
export function elementsAt(t: string, i: number): JsonSpan[] | undefined {
  if (t.charCodeAt(i) !== 0x5b) return undefined;
  const out: JsonSpan[] = [];
  let j = skipSpace(t, i + 1);
  if (t.charCodeAt(j) === 0x5d) return out;
  for (;;) {
    const end = valueEnd(t, j);
    out.push({ start: j, end });
    const next = skipSpace(t, end);
    if (t.charCodeAt(next) === 0x5d) return out;
    if (t.charCodeAt(next) !== 0x2c) return undefined;
    j = skipSpace(t, next + 1);
  }
}

/** The extent of the value at `path` (and of its key, for an object member), or undefined. */
export function spanAt(t: string, path: DocPath): JsonSpan | undefined {
  const start = skipSpace(t, t.charCodeAt(0) === 0xfeff ? 1 : 0);
  let span: JsonSpan = { start, end: valueEnd(t, start) };
  for (const part of path) {
    if (typeof part === 'number') {
      const el = elementsAt(t, span.start)?.[part];
      if (!el) return undefined;
      span = el;
    } else {
      const members = membersAt(t, span.start);
      let found: JsonMember | undefined;
      if (members) for (const m of members) if (m.key === part) found = m; // the last one wins, as in JSON.parse
      if (!found) return undefined;
      span = found;
    }
  }
  return span;
}

/** A `locate` for valid JSON text built on {@link spanAt}: no position tree, one scan per question. */
export function scanLocator(text: string): ParsedDoc['locate'] {
  return (path, part) => {
    const s = spanAt(text, path);
    if (!s) return undefined;
    const key = part === 'key' && s.keyStart !== undefined && s.keyEnd !== undefined;
    return { start: positionAt(text, key ? s.keyStart! : s.start), end: positionAt(text, key ? s.keyEnd! : s.end) };
  };
}
