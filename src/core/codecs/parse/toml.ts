/**
 * TOML → {@link ParsedDoc}: values from the common-form reader (`tomlCommon.ts`) when the text is
 * in that form, else from smol-toml (dates become their TOML text, tables become plain objects);
 * positions from a line scanner (`tomlPositions.ts`), found only when asked for; syntax errors
 * with smol-toml's line and column, or at the opening of a string, inline table or array left
 * open (`tomlUnclosed.ts`). Never throws.
 */
import { parse, TomlDate, TomlError } from 'smol-toml';
import type { Range } from '../../diagnostics/types.ts';
import type { DocPath, ParsedDoc, SyntaxProblem } from '../types.ts';
import { pathKey, scanTomlSpans, type TomlSpanMap } from './tomlPositions.ts';
import { readCommonToml } from './tomlCommon.ts';
import { unclosedBracketAt, unclosedStringAt } from './tomlUnclosed.ts';

/** Turns smol-toml's output into plain JSON-like data: null-prototype tables become plain objects, dates strings. */
function toPlain(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof TomlDate) return value.toISOString();
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = toPlain(value[i]);
    return out;
  }
  const out: Record<string, unknown> = {};
  const table = value as Record<string, unknown>;
  for (const k of Object.keys(table)) {
    // An own `__proto__` key is data: define it rather than assign (which would set the prototype).
    if (k === '__proto__') Object.defineProperty(out, k, { value: toPlain(table[k]), enumerable: true, writable: true, configurable: true });
    else out[k] = toPlain(table[k]);
  }
  return out;
}

/** The first line of a smol-toml message, without its generic prefix. */
function shortMessage(message: string): string {
  const first = message.split('\n')[0] ?? message;
  return first.replace(/^Invalid TOML document:\s*/, '');
}

/** A syntax problem at the parser's position, spanning to the end of that line. */
function problemAt(text: string, message: string, line: number, column: number): SyntaxProblem {
  const lineText = text.split('\n')[line - 1] ?? '';
  const endColumn = Math.max(column + 1, lineText.replace(/\r$/, '').length + 1);
  return { message, range: { start: { line, column }, end: { line, column: endColumn } } };
}

/**
 * The parser's error, or, when it stopped because a string, an inline table or an array was never
 * closed, an error at its opening (as toml-test's and taplo's are). A string is named first: a
 * string cut mid-way also leaves its inline table open, but the quote is what is missing (smol-toml
 * says "control characters are not allowed in strings" at the line's end).
 */
function syntaxProblem(text: string, error: unknown): SyntaxProblem {
  if (error instanceof TomlError) {
    const line = Math.max(1, error.line);
    const column = Math.max(1, error.column);
    const message = shortMessage(error.message);
    const string = unclosedStringAt(text, line, column);
    if (string) {
      const where = `${string.line}:${string.column}`;
      return string.quote.length === 3
        ? problemAt(text, `unclosed multi-line string opened at ${where}: no closing ${string.quote}`, string.line, string.column)
        : problemAt(text, `unclosed string opened at ${where}: no closing ${string.quote} on its line`, string.line, string.column);
    }
    const open = unclosedBracketAt(text, line, column);
    if (!open) return problemAt(text, message, line, column);
    // An inline table must close on the line it opens (TOML 1.0); an array may close on a later line.
    const missing = open.kind === 'array' ? 'no "]"' : 'no "}" on its line';
    return problemAt(text, `unclosed ${open.kind} opened at ${open.line}:${open.column}: ${missing}; the parser stopped at ${line}:${column} (${message})`, open.line, open.column);
  }
  const message = error instanceof Error ? error.message : String(error);
  return problemAt(text, message, 1, 1);
}

/**
 * Parses TOML text. On a syntax error `value` is undefined and `errors` holds the parser's
 * message at its line and column. `locate` finds table headers, keys and inline members.
 */
export function parseToml(text: string): ParsedDoc {
  let value: unknown;
  const errors: SyntaxProblem[] = [];
  value = readCommonToml(text);
  if (value === undefined)
    try {
      value = toPlain(parse(text));
    } catch (error) {
      errors.push(syntaxProblem(text, error));
    }
  let spans: TomlSpanMap | undefined;
  return {
    format: 'toml',
    value,
    errors,
    locate(path: DocPath, part: 'key' | 'value' = 'value'): Range | undefined {
      if (path.length === 0) return undefined;
      spans ??= scanTomlSpans(text);
      const span = spans.get(pathKey(path));
      if (!span) return undefined;
      return part === 'key' ? span.key : span.entry;
    },
  };
}
