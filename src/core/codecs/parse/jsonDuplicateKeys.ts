/**
 * Duplicate object keys in JSON text. `JSON.parse` keeps the last of two equal keys without a word,
 * while the TOML and YAML readers refuse them; a rule file whose `tool_rules` is silently replaced
 * by a second one is worse than an error, so JSON refuses them too. One linear, iterative pass
 * over text `JSON.parse` has already accepted (it does not validate, and deep nesting costs no
 * stack); keys compare by their decoded value, so `"a"` and `"\u0061"` are the same key.
 */
import type { SyntaxProblem } from '../types.ts';

/** Reported at most; one is enough to refuse the file, a few help fix it. */
export const MAX_DUPLICATE_REPORTS = 20;

/** Offset just past the JSON string starting at `i` (a `"`), and whether it has escapes. */
function stringEnd(t: string, i: number): { end: number; escaped: boolean } {
  let escaped = false;
  for (let j = i + 1; j < t.length; j++) {
    const c = t.charCodeAt(j);
    if (c === 0x22) return { end: j + 1, escaped };
    if (c === 0x5c) {
      escaped = true;
      j++;
    }
  }
  return { end: t.length, escaped };
}

/**
 * Every key that repeats an earlier key of the same object, at its position (1-based line and
 * column, the key's quotes included), in text order; at most {@link MAX_DUPLICATE_REPORTS}.
 */
export function duplicateJsonKeys(text: string): SyntaxProblem[] {
  const found: { key: string; start: number; end: number }[] = [];
  /** One entry per open container: the keys seen for an object, null for an array. */
  const open: (Set<string> | null)[] = [];
  for (let i = 0; i < text.length && found.length < MAX_DUPLICATE_REPORTS; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b) open.push(new Set());
    else if (c === 0x5b) open.push(null);
    else if (c === 0x7d || c === 0x5d) open.pop();
    else if (c === 0x22) {
      const { end, escaped } = stringEnd(text, i);
      const keys = open[open.length - 1];
      if (keys) {
        // In an object a string is a key when a `:` follows it (valid JSON: only white space between).
        let k = end;
        while (k < text.length && (text.charCodeAt(k) === 0x20 || text.charCodeAt(k) === 0x09 || text.charCodeAt(k) === 0x0a || text.charCodeAt(k) === 0x0d)) k++;
        if (text.charCodeAt(k) === 0x3a) {
          const raw = text.slice(i, end);
          const key = escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
          if (keys.has(key)) found.push({ key, start: i, end });
          else keys.add(key);
        }
      }
      i = end - 1;
    }
  }
  return positioned(text, found);
}

/** Adds 1-based lines and columns to offsets found in text order, in one pass. */
function positioned(text: string, found: readonly { key: string; start: number; end: number }[]): SyntaxProblem[] {
  let line = 1;
  let lineStart = 0;
  let at = 0;
  const pos = (offset: number) => {
    for (; at < offset; at++)
      if (text.charCodeAt(at) === 0x0a) {
        line++;
        lineStart = at + 1;
      }
    return { line, column: offset - lineStart + 1 };
  };
  return found.map((d) => {
    const start = pos(d.start);
    return { message: `Object keys must be unique: \`${d.key}\` appears more than once`, range: { start, end: pos(d.end) } };
  });
}
