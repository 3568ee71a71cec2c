/**
 * Where an unclosed string, inline table or array opens. A TOML parser meets the missing `}` or `]`
 * only where the next key or table header starts ("expected comma or end of structure" at 41:1),
 * often lines below the brace that is really at fault, and meets a string's missing quote at its
 * line's end ("control characters are not allowed in strings"); toml-test's and taplo's errors
 * point at the opening instead. This scanner follows the structure of the text up to the parser's
 * position (strings, comments, table headers, brackets) and names the string the parser stopped
 * in, or else the innermost bracket still open there. Pure, linear in the text, never throws.
 */

/** An inline table or array left open, at its opening bracket (1-based line and column, UTF-16 units). */
export interface OpenBracket {
  kind: 'inline table' | 'array';
  line: number;
  column: number;
}

interface Cursor {
  text: string;
  i: number;
}

/** A string left open, at its opening quote (1-based line and column, UTF-16 units). */
export interface OpenString {
  /** The quote that would close it: a double or single quote, or three of either. */
  quote: string;
  line: number;
  column: number;
}

/**
 * Skips a string starting at `c.i` (basic, literal or multi-line); stops at the end of the text
 * or, for a one-line string, at its line's end. Returns whether the string was closed.
 */
function skipString(c: Cursor): boolean {
  const { text } = c;
  const q = text[c.i] ?? '';
  if (text.startsWith(q.repeat(3), c.i)) {
    const close = q.repeat(3);
    c.i += 3;
    while (c.i < text.length && !text.startsWith(close, c.i)) c.i += q === '"' && text[c.i] === '\\' ? 2 : 1;
    if (c.i >= text.length) return false;
    // A multi-line string may end with up to two more quotes (`""""` is one quote then the end).
    c.i += 3;
    while (text[c.i] === q) c.i++;
    return true;
  }
  c.i++;
  while (c.i < text.length && text[c.i] !== q && text[c.i] !== '\n') c.i += q === '"' && text[c.i] === '\\' ? 2 : 1;
  if (text[c.i] !== q) return false;
  c.i++;
  return true;
}

/**
 * Whether a string left open (from `start`, the scan stopped at `stop`) is where the parser stopped
 * at `end`: at its opening (smol-toml's "unfinished string") or at its line's end (a newline or
 * the `\r` before it, "control characters are not allowed in strings"), not at an error inside it.
 */
function stoppedInString(text: string, start: number, stop: number, end: number): boolean {
  return end === start || end === stop || (end === stop - 1 && text[end] === '\r');
}

/** A string at its opening quote's offset, with the quote that would close it. */
interface StringAt {
  quote: string;
  offset: number;
}

/** Skips a string starting at `c.i`; returns it when it is left open where the parser stopped (`end`). */
function skipStringAt(c: Cursor, end: number): StringAt | undefined {
  const start = c.i;
  const q = c.text[start] ?? '';
  const quote = c.text.startsWith(q.repeat(3), start) ? q.repeat(3) : q;
  return !skipString(c) && stoppedInString(c.text, start, c.i, end) ? { quote, offset: start } : undefined;
}

/** Skips a comment (to the end of its line, the newline kept). */
function skipComment(c: Cursor): void {
  const nl = c.text.indexOf('\n', c.i);
  c.i = nl < 0 ? c.text.length : nl;
}

/** Skips a table header `[a.b]` or `[[a.b]]` (quoted keys may hold brackets); returns a quoted key left open at `end`. */
function skipHeader(c: Cursor, end: number): StringAt | undefined {
  const { text } = c;
  while (c.i < text.length && text[c.i] !== '\n') {
    const ch = text[c.i];
    if (ch === '"' || ch === "'") {
      const open = skipStringAt(c, end);
      if (open) return open;
    } else if (ch === '#') {
      skipComment(c);
      return undefined;
    } else c.i++;
  }
  return undefined;
}

/** Line and column (1-based) of `offset` in `text`. */
function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let nl = text.indexOf('\n'); nl >= 0 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
    line++;
    start = nl + 1;
  }
  return { line, column: offset - start + 1 };
}

/** The offset of a 1-based line and column, clamped to the text. */
export function offsetOf(text: string, line: number, column: number): number {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) return text.length;
    start = nl + 1;
  }
  return Math.min(text.length, start + Math.max(0, column - 1));
}

/** What is open at `end`: the brackets, outermost first, and the string the parser stopped in. */
interface OpenAt {
  brackets: { kind: OpenBracket['kind']; offset: number }[];
  string?: StringAt;
}

/** The brackets and the string still open at `end` (see {@link OpenAt}). */
function openAt(text: string, end: number): OpenAt {
  const stack: OpenAt['brackets'] = [];
  const c: Cursor = { text, i: 0 };
  /** Outside brackets: whether this line's `=` was seen (a `[` after it opens an array, before it a header). */
  let afterEquals = false;
  let lineStart = true;
  // A string opening at `end` itself is looked at too: the parser may stop at its opening quote.
  while (c.i <= end && c.i < text.length) {
    const ch = text[c.i] ?? '';
    const quote = ch === '"' || ch === "'";
    if (c.i === end && !quote) break;
    if (ch === '\n') {
      if (stack.length === 0) afterEquals = false;
      lineStart = true;
      c.i++;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r') {
      c.i++;
      continue;
    }
    const atLineStart = lineStart;
    lineStart = false;
    if (ch === '#') skipComment(c);
    else if (quote || (ch === '[' && stack.length === 0 && !afterEquals && atLineStart)) {
      const string = quote ? skipStringAt(c, end) : skipHeader(c, end);
      if (string) return { brackets: stack, string };
    } else if (ch === '[' || ch === '{') {
      stack.push({ kind: ch === '[' ? 'array' : 'inline table', offset: c.i });
      c.i++;
    } else if (ch === ']' || ch === '}') {
      if (stack.length > 0) stack.pop();
      c.i++;
    } else {
      if (ch === '=' && stack.length === 0) afterEquals = true;
      c.i++;
    }
  }
  return { brackets: stack };
}

/** True when the parser stopped where a structure cannot go on: a new key or table header at the start of a line, or the end of the text. */
function stoppedAtNextStatement(text: string, offset: number): boolean {
  if (text.slice(offset).trim() === '') return true;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  if (text.slice(lineStart, offset).trim() !== '') return false;
  return /^(\[|[A-Za-z0-9_\-"'.][^=\n]*=)/.test(text.slice(offset, offset + 200));
}

/**
 * The inline table or array left open at a syntax error the parser reported at `line`:`column`:
 * the innermost bracket open there, when the parser stopped at the next key or table header (or
 * at the end of the text) on a later line than the bracket, or at the end of the bracket's own
 * line. Undefined when the error has another cause.
 */
export function unclosedBracketAt(text: string, line: number, column: number): OpenBracket | undefined {
  const offset = offsetOf(text, line, column);
  const open = openAt(text, offset).brackets.at(-1);
  if (!open) return undefined;
  const at = position(text, open.offset);
  const lineEnd = text.indexOf('\n', open.offset);
  const restOfLine = text.slice(offset, lineEnd < 0 ? text.length : lineEnd);
  const sameLineEnd = at.line === line && restOfLine.trim() === '' && (lineEnd < 0 || offset <= lineEnd);
  if (!(at.line < line && stoppedAtNextStatement(text, offset)) && !sameLineEnd) return undefined;
  return { kind: open.kind, line: at.line, column: at.column };
}

/**
 * The string left open where the parser reported a syntax error at `line`:`column`: one it stopped
 * in at its opening or at its line's end (a one-line string cannot go on to the next line), or a
 * multi-line string still open at the end of the text. Undefined when the error has another cause.
 */
export function unclosedStringAt(text: string, line: number, column: number): OpenString | undefined {
  const open = openAt(text, offsetOf(text, line, column)).string;
  return open && { quote: open.quote, ...position(text, open.offset) };
}
