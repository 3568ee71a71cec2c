/**
 * Runs rust-lang/regex's own test data (`testdata/*.toml`, the regex-test format) through Rule
 * Studio's engine. Which tests apply follows the crate's own runner for `Regex` on `&str`
 * (`tests/suite_string.rs`): one pattern, leftmost search, leftmost-first, unanchored (or anchored
 * with a match limit of 1), whole-haystack bounds, UTF-8 mode. The rest are counted as not
 * applicable with the reason. Data is read from `$RULE_STUDIO_UPSTREAM/rust-lang-regex/testdata`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'smol-toml';
import { compileRegex } from '../../src/core/regex/index.ts';

/** The files `tests/lib.rs` loads (regex-lite.toml is regex-lite's own, with different syntax). */
export const SUITE_FILES = [
  'anchored',
  'bytes',
  'crazy',
  'crlf',
  'earliest',
  'empty',
  'expensive',
  'flags',
  'iter',
  'leftmost-all',
  'line-terminator',
  'misc',
  'multiline',
  'no-unicode',
  'overlapping',
  'regression',
  'set',
  'substring',
  'unicode',
  'utf8',
  'word-boundary',
  'word-boundary-special',
  'fowler/basic',
  'fowler/nullsubexpr',
  'fowler/repetition',
];

export function upstreamDir(): string {
  return resolve(process.env.RULE_STUDIO_UPSTREAM ?? '../shared/upstream', 'rust-lang-regex', 'testdata');
}

export function upstreamAvailable(): boolean {
  return existsSync(join(upstreamDir(), 'misc.toml'));
}

interface RawTest {
  name: string;
  regex: string | string[];
  haystack: string;
  matches: unknown[];
  'match-limit'?: number;
  compiles?: boolean;
  anchored?: boolean;
  'case-insensitive'?: boolean;
  unescape?: boolean;
  unicode?: boolean;
  utf8?: boolean;
  'line-terminator'?: string;
  bounds?: [number, number] | { start: number; end: number };
  'search-kind'?: string;
  'match-kind'?: string;
}

export type Outcome = { status: 'pass' } | { status: 'fail'; detail: string } | { status: 'n/a'; reason: string };

/** regex-test's `unescape`: `\xNN` and the usual escapes to bytes. */
function unescape(s: string): Uint8Array {
  const out: number[] = [];
  const enc = new TextEncoder();
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== '\\' || i + 1 >= s.length) {
      const cp = s.codePointAt(i)!;
      out.push(...enc.encode(String.fromCodePoint(cp)));
      if (cp > 0xffff) i++;
      continue;
    }
    const n = s[++i]!;
    const simple: Record<string, number> = { n: 10, r: 13, t: 9, '\\': 92, '0': 0 };
    if (n === 'x') {
      out.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (simple[n] !== undefined) out.push(simple[n]);
    else out.push(92, ...enc.encode(n));
  }
  return Uint8Array.from(out);
}

/** The overall span of each expected match, whatever form it is written in. */
function expectedSpans(matches: unknown[]): [number, number][] {
  return matches.map((m) => {
    if (Array.isArray(m) && typeof m[0] === 'number') return [m[0], m[1]] as [number, number];
    if (Array.isArray(m) && Array.isArray(m[0])) return [m[0][0], m[0][1]] as [number, number];
    const o = m as { span?: [number, number]; spans?: [number, number][] };
    if (o.span) return o.span;
    if (o.spans) return o.spans[0]!;
    throw new Error(`unrecognised match ${JSON.stringify(m)}`);
  });
}

function hasNonZeroId(matches: unknown[]): boolean {
  return matches.some((m) => typeof m === 'object' && m !== null && !Array.isArray(m) && (m as { id?: number }).id !== undefined && (m as { id: number }).id !== 0);
}

/** Byte offset (UTF-8) of each UTF-16 offset of `text`. */
function byteOffsets(text: string): number[] {
  const out = new Array<number>(text.length + 1);
  let b = 0;
  for (let i = 0; i < text.length; ) {
    out[i] = b;
    const cp = text.codePointAt(i)!;
    const w = cp > 0xffff ? 2 : 1;
    if (w === 2) out[i + 1] = b;
    b += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    i += w;
  }
  out[text.length] = b;
  return out;
}

/** Why a test does not apply to a search-only, leftmost-first, UTF-8 `&str` engine, or null. */
export function notApplicable(t: RawTest, haystack: Uint8Array): string | null {
  if (Array.isArray(t.regex) && t.regex.length !== 1) return 'regex sets (several patterns)';
  if ((t['search-kind'] ?? 'leftmost') !== 'leftmost') return `search-kind ${t['search-kind']}`;
  if ((t['match-kind'] ?? 'leftmost-first') !== 'leftmost-first') return `match-kind ${t['match-kind']}`;
  if (t.anchored && t['match-limit'] !== 1) return 'anchored iteration';
  if (t.bounds) {
    const [s, e] = Array.isArray(t.bounds) ? t.bounds : [t.bounds.start, t.bounds.end];
    if (s !== 0 || e !== haystack.length) return 'search bounds';
  }
  if (t.utf8 === false) return 'utf8 = false (byte-oriented search)';
  if ((t['line-terminator'] ?? '\n') !== '\n') return 'custom line terminator';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(haystack);
  } catch {
    return 'haystack is not valid UTF-8';
  }
  return null;
}

export function runTest(t: RawTest): Outcome {
  const haystack = t.unescape ? unescape(t.haystack) : new TextEncoder().encode(t.haystack);
  const na = notApplicable(t, haystack);
  if (na) return { status: 'n/a', reason: na };
  const pattern = Array.isArray(t.regex) ? t.regex[0]! : t.regex;
  const compiled = compileRegex(pattern, { caseInsensitive: t['case-insensitive'] ?? false, unicode: t.unicode ?? true });
  const shouldCompile = t.compiles ?? true;
  if (!compiled.ok) return shouldCompile ? { status: 'fail', detail: `rejected: ${compiled.error.message}` } : { status: 'pass' };
  if (!shouldCompile) return { status: 'fail', detail: 'accepted a pattern Rust rejects' };
  if (hasNonZeroId(t.matches)) return { status: 'fail', detail: 'expected match ids other than 0' };
  const text = new TextDecoder().decode(haystack);
  const bytes = byteOffsets(text);
  const limit = t['match-limit'] ?? Infinity;
  const want = expectedSpans(t.matches).slice(0, limit);
  const got = compiled.regex.findAll(text, limit, t.anchored ?? false).map(([s, e]) => [bytes[s]!, bytes[e]!] as [number, number]);
  if (JSON.stringify(got) !== JSON.stringify(want)) return { status: 'fail', detail: `find: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}` };
  const isMatch = t.anchored ? compiled.regex.find(text, 0, true) !== null : compiled.regex.isMatch(text);
  if (isMatch !== want.length > 0) return { status: 'fail', detail: `is_match: want ${want.length > 0}, got ${isMatch}` };
  return { status: 'pass' };
}

export interface FileResult {
  file: string;
  tests: { name: string; outcome: Outcome }[];
}

export function runFile(file: string): FileResult {
  const doc = parse(readFileSync(join(upstreamDir(), `${file}.toml`), 'utf8')) as unknown as { test?: RawTest[] };
  return { file, tests: (doc.test ?? []).map((t) => ({ name: `${file}/${t.name}`, outcome: runTest(t) })) };
}
