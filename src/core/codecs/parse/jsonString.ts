/**
 * A JSON document whose whole value is one string holding another JSON document ("double-encoded"
 * JSON; three agent files of `letta-ai/agent-file` are written so). The inner text is parsed as
 * JSON with positions mapped back to the outer file, and an edit of the inner text is written back
 * into the string literal changing only the characters it touches, escaped the way the file
 * escapes (`\uXXXX` for every non-ASCII character when the file has none written raw).
 */
import type { Position, Range } from '../../diagnostics/types.ts';
import { minimalReplacement, positionAt } from '../../text/minimalReplacement.ts';
import type { ParsedDoc } from '../types.ts';
import { parseJson } from './json.ts';
import { scanLocator } from './jsonScan.ts';

/** The decoded content of a file's one string literal, with a map from inner to outer offsets. */
export interface JsonStringLiteral {
  /** The decoded string: the inner document's text. */
  inner: string;
  /** Offset of the opening quote in the outer text. */
  open: number;
  /** Offset just past the closing quote. */
  close: number;
  /** Inner offsets where an escape starts, ascending. */
  escInner: number[];
  /** Outer offset of each escape's backslash. */
  escOuter: number[];
  /** Outer length of each escape (`\n` 2, `\u00e9` 6). */
  escLength: number[];
  /** True when the file writes no raw non-ASCII character (Python's `ensure_ascii`): new text is escaped the same way. */
  asciiOnly: boolean;
}

const SIMPLE: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Decodes the string literal a JSON text consists of (surrounding white space allowed), or
 * undefined when the text is not exactly one well-formed string literal.
 */
export function decodeJsonStringLiteral(text: string): JsonStringLiteral | undefined {
  const open = text.search(/\S/);
  if (open < 0 || text.charAt(open) !== '"') return undefined;
  const parts: string[] = [];
  const escInner: number[] = [];
  const escOuter: number[] = [];
  const escLength: number[] = [];
  let innerLength = 0;
  let runStart = open + 1;
  let rawNonAscii = false;
  let i = open + 1;
  for (;;) {
    if (i >= text.length) return undefined;
    const c = text.charCodeAt(i);
    if (c === 0x22) break;
    if (c < 0x20) return undefined;
    if (c === 0x5c) {
      parts.push(text.slice(runStart, i));
      innerLength += i - runStart;
      const e = text.charAt(i + 1);
      let decoded: string;
      let length = 2;
      if (e === 'u') {
        const hex = text.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) return undefined;
        decoded = String.fromCharCode(parseInt(hex, 16));
        length = 6;
      } else {
        const s = SIMPLE[e];
        if (s === undefined) return undefined;
        decoded = s;
      }
      escInner.push(innerLength);
      escOuter.push(i);
      escLength.push(length);
      parts.push(decoded);
      innerLength += 1;
      i += length;
      runStart = i;
      continue;
    }
    if (c > 0x7f) rawNonAscii = true;
    i++;
  }
  parts.push(text.slice(runStart, i));
  if (text.slice(i + 1).trim() !== '') return undefined;
  return { inner: parts.join(''), open, close: i + 1, escInner, escOuter, escLength, asciiOnly: !rawNonAscii };
}

/** The outer offset of an inner offset (the start of its escape when it is escaped). */
export function outerOffset(lit: JsonStringLiteral, inner: number): number {
  let lo = 0;
  let hi = lit.escInner.length - 1;
  let last = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (lit.escInner[mid]! <= inner) {
      last = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (last < 0) return lit.open + 1 + inner;
  const at = lit.escInner[last]!;
  if (at === inner) return lit.escOuter[last]!;
  return lit.escOuter[last]! + lit.escLength[last]! + (inner - at - 1);
}

/** Offsets of each line start of `text`. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** Encodes text as the content of a JSON string literal (no quotes), non-ASCII escaped when asked. */
export function encodeJsonStringContent(text: string, asciiOnly: boolean): string {
  const body = JSON.stringify(text).slice(1, -1);
  if (!asciiOnly) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    out += c > 0x7f ? `\\u${c.toString(16).padStart(4, '0')}` : body.charAt(i);
  }
  return out;
}

/**
 * The inner document of a double-encoded JSON file, parsed, with every range it locates given in
 * the outer file's lines and columns. Undefined when the file is not one string literal.
 */
export function parseInnerJson(outer: string): { doc: ParsedDoc; literal: JsonStringLiteral } | undefined {
  const literal = decodeJsonStringLiteral(outer);
  if (!literal) return undefined;
  const parsed = parseJson(literal.inner);
  const inner = parsed.errors.length > 0 ? parsed : { ...parsed, locate: scanLocator(literal.inner) };
  let starts: number[] | undefined;
  const toOuter = (p: Position): Position => {
    starts ??= lineStarts(literal.inner);
    const offset = Math.min((starts[p.line - 1] ?? literal.inner.length) + p.column - 1, literal.inner.length);
    return positionAt(outer, outerOffset(literal, offset));
  };
  const mapRange = (r: Range): Range => ({ start: toOuter(r.start), end: toOuter(r.end) });
  const doc: ParsedDoc = {
    format: 'json',
    value: inner.value,
    locate: (path, part) => {
      const r = inner.locate(path, part);
      return r && mapRange(r);
    },
    errors: inner.errors.map((e) => ({ message: e.message, range: mapRange(e.range) })),
  };
  return { doc, literal };
}

/**
 * The outer text after its inner document changed from `literal.inner` to `nextInner`: only the
 * characters of the changed part are re-encoded, the rest of the file stays byte for byte.
 */
export function spliceInnerJson(outer: string, literal: JsonStringLiteral, nextInner: string): string {
  const r = minimalReplacement(literal.inner, nextInner);
  if (!r) return outer;
  const from = outerOffset(literal, r.start);
  const to = r.end === literal.inner.length ? literal.close - 1 : outerOffset(literal, r.end);
  return outer.slice(0, from) + encodeJsonStringContent(r.text, literal.asciiOnly) + outer.slice(to);
}
