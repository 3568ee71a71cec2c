/**
 * YAML parsing for rule files: the plain value, syntax errors with positions, and the exact range
 * of any key or value (`ParsedDoc.locate`). Built on the `yaml` package (v2), which keeps every
 * node's source offsets, so the same code also serves JSON (`parse/json.ts`): JSON is YAML 1.2
 * flow syntax.
 *
 * Abuse guards: inputs over {@link MAX_YAML_CHARS} are refused, alias expansion is capped
 * ({@link MAX_ALIAS_COUNT}), nesting too deep for the parser becomes an error, and duplicate keys
 * are found in one linear pass (the package's own check is quadratic in the size of a map).
 */
import { positionAt } from '../../text/minimalReplacement.ts';
import {
  visit,
  type YAMLError,
  isAlias,
  isCollection,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Document,
  type DocumentOptions,
  type Pair,
  type ParseOptions,
  type SchemaOptions,
  type YAMLMap,
} from 'yaml';
import type { Range } from '../../diagnostics/types.ts';
import type { DocPath, FileFormat, ParsedDoc, SyntaxProblem } from '../types.ts';
import { append } from '../../model/append.ts';

/** Larger inputs are refused with an error rather than parsed (a rule file is a few KB). */
export const MAX_YAML_CHARS = 5 * 1024 * 1024;

/** Most alias expansions allowed when building the plain value (stops "billion laughs"). */
export const MAX_ALIAS_COUNT = 1000;

/** The options every YAML parse in the codecs uses. */
const YAML_PARSE_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  prettyErrors: false,
  uniqueKeys: false,
  logLevel: 'error',
  version: '1.2',
};

/** A parsed YAML document with the line counter that maps its offsets to lines and columns. */
export interface YamlSource {
  doc: Document.Parsed;
  lineCounter: LineCounter;
  text: string;
}

/** Maps from the keys of each parsed map (as the plain value spells them) to their pairs. */
type KeyIndex = WeakMap<YAMLMap, Map<string, Pair>>;

/**
 * Parses YAML text into a `yaml` Document that keeps comments and source positions, for editors
 * that change the text while keeping the user's comments. Syntax errors are in `doc.errors`.
 */
export function parseYamlDocument(text: string): Document.Parsed {
  return parseYamlSource(text).doc;
}

/** Parses text into a Document and its line counter; throws only what the parser throws. */
export function parseYamlSource(text: string): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { ...YAML_PARSE_OPTIONS, lineCounter });
  return { doc, lineCounter, text };
}

/** The 1-based range of offsets `[start, end)`, with trailing white space left out. */
function offsetRange(src: YamlSource, start: number, end: number): Range {
  let e = Math.max(start, Math.min(end, src.text.length));
  while (e > start && /\s/.test(src.text.charAt(e - 1))) e--;
  const a = src.lineCounter.linePos(start);
  const b = src.lineCounter.linePos(e);
  return { start: { line: a.line, column: a.col }, end: { line: b.line, column: b.col } };
}

/**
 * The 1-based line and column where a parser error is. The `yaml` package fills `linePos` only with
 * `prettyErrors`, which the readers turn off (its messages quote the source): read `pos` instead,
 * or every error says line 1 (scripted traces and test files once did).
 */
export function yamlErrorAt(lineCounter: LineCounter, e: YAMLError): { line: number; column: number } {
  const p = lineCounter.linePos(e.pos[0]);
  return { line: p.line, column: p.col };
}

/**
 * The line and column of the first alias whose anchor is not set before it (`toJS` throws on one
 * without saying where), or undefined when every alias resolves.
 */
export function unresolvedAliasAt(doc: Document, lineCounter: LineCounter): { line: number; column: number } | undefined {
  let at: { line: number; column: number } | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (node.range && node.resolve(doc) === undefined) {
        const p = lineCounter.linePos(node.range[0]);
        at = { line: p.line, column: p.col };
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return at;
}

/** A problem at the start of the text (no better position known). */
function problemAtStart(message: string): SyntaxProblem {
  return { message, range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } } };
}

/** The key a scalar map key has in the plain value (`~` is `""`), or undefined for collections. */
function plainKey(key: unknown): string | undefined {
  if (isScalar(key)) return key.value === null || key.value === undefined ? '' : String(key.value);
  return undefined;
}

/**
 * Walks the whole document once (iteratively, so deep nesting cannot overflow the stack),
 * indexing every map's keys. Duplicate keys are reported when `reportDuplicates` is set;
 * otherwise the last one wins, as in `JSON.parse`.
 */
function indexKeys(src: YamlSource, reportDuplicates: boolean): { index: KeyIndex; errors: SyntaxProblem[] } {
  const index: KeyIndex = new WeakMap();
  const errors: SyntaxProblem[] = [];
  const stack: unknown[] = [src.doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const keys = new Map<string, Pair>();
      for (const pair of node.items) {
        const k = plainKey(pair.key);
        if (k !== undefined) {
          const keyRange = isScalar(pair.key) ? pair.key.range : undefined;
          if (reportDuplicates && keys.has(k) && keyRange)
            errors.push({
              message: `Map keys must be unique: \`${k}\` appears more than once`,
              range: offsetRange(src, keyRange[0], keyRange[1]),
            });
          keys.set(k, pair);
        }
        if (isCollection(pair.key)) stack.push(pair.key);
        stack.push(pair.value);
      }
      index.set(node, keys);
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(item);
    }
  }
  return { index, errors };
}

/** The node an alias points to, or the node itself. */
function deref(src: YamlSource, node: unknown): unknown {
  return isAlias(node) ? node.resolve(src.doc) : node;
}

function nodeRange(src: YamlSource, node: unknown): Range | undefined {
  if (node && typeof node === 'object' && 'range' in node) {
    const r = (node as { range?: [number, number, number] | null }).range;
    if (r) return offsetRange(src, r[0], r[1]);
  }
  return undefined;
}

/**
 * A `locate` function over a parsed document: the range of the value at `path`, or of its key
 * when `part` is `key` (for list items and the root, the value). Undefined when the path is not
 * in the document.
 */
export function makeLocate(src: YamlSource, index: KeyIndex): ParsedDoc['locate'] {
  return (path: DocPath, part: 'key' | 'value' = 'value') => {
    let node: unknown = src.doc.contents;
    let pair: Pair | undefined;
    for (const seg of path) {
      node = deref(src, node);
      if (isMap(node)) {
        pair = index.get(node)?.get(String(seg));
        if (!pair) return undefined;
        node = pair.value;
      } else if (isSeq(node) && typeof seg === 'number') {
        pair = undefined;
        node = node.items[seg];
        if (node === undefined) return undefined;
      } else return undefined;
    }
    const keyRange = pair ? nodeRange(src, pair.key) : undefined;
    if (part === 'key' && keyRange) return keyRange;
    return nodeRange(src, node) ?? keyRange;
  };
}

/** A `locate` for a parsed source whose plain value comes from elsewhere (JSON); last duplicate key wins. */
export function locatorFor(src: YamlSource): ParsedDoc['locate'] {
  return makeLocate(src, indexKeys(src, false).index);
}

function failed(format: FileFormat, errors: SyntaxProblem[]): ParsedDoc {
  return { format, value: undefined, locate: () => undefined, errors };
}

/** The message of anything thrown, for an error entry. */
export function thrownMessage(e: unknown): string {
  if (e instanceof RangeError && /call stack/i.test(e.message)) return 'the document is nested too deeply to be read';
  return e instanceof Error ? e.message : String(e);
}

/** True for a UTF-16 code unit YAML 1.2 does not allow in a stream (outside `c-printable`). */
function isNonPrintable(c: number): boolean {
  return (
    (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) ||
    (c >= 0x7f && c <= 0x9f && c !== 0x85) ||
    c === 0xfffe ||
    c === 0xffff
  );
}

/** An error at the first character YAML does not allow (binary data has them), if any. */
function nonPrintable(text: string): SyntaxProblem | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isNonPrintable(c)) continue;
    const start = positionAt(text, i);
    const code = c.toString(16).toUpperCase().padStart(4, '0');
    return { message: `the character U+${code} is not allowed in YAML (is this a binary file?)`, range: { start, end: start } };
  }
  return undefined;
}

/**
 * Deepest flow nesting (`[` / `{`) the YAML parser is given. The parser recurses per level; past a
 * few thousand levels the stack can run out inside V8's own regular-expression compiler, which
 * kills the process instead of throwing a catchable RangeError, so depth is checked first.
 */
export const MAX_YAML_FLOW_DEPTH = 1000;

/**
 * The position of the first `[` or `{` nested deeper than `max` (default {@link MAX_YAML_FLOW_DEPTH}), if any.
 * Iterative; skips quoted scalars and comments (brackets in block scalars only make it stricter).
 */
export function flowTooDeep(text: string, max = MAX_YAML_FLOW_DEPTH): { line: number; column: number } | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x27) {
      // a quoted scalar: skip to its closing quote
      const quote = c;
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (quote === 0x22 && d === 0x5c) i++;
        else if (d === quote) break;
      }
    } else if (c === 0x23 && (i === 0 || [0x0a, 0x20, 0x09].includes(text.charCodeAt(i - 1)))) {
      while (i + 1 < text.length && text.charCodeAt(i + 1) !== 0x0a) i++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return positionAt(text, i);
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
  return undefined;
}

/**
 * Parses YAML text. Never throws: syntax errors (F001) come back in `errors` with 1-based
 * positions and `value` is then undefined; `locate` gives exact ranges of keys and values.
 */
export function parseYaml(text: string): ParsedDoc {
  if (text.length > MAX_YAML_CHARS)
    return failed('yaml', [
      problemAtStart(
        `the document is too large to read (${text.length} characters; the limit is ${MAX_YAML_CHARS})`,
      ),
    ]);
  const bad = nonPrintable(text);
  if (bad) return failed('yaml', [bad]);
  const deep = flowTooDeep(text);
  if (deep)
    return failed('yaml', [
      { message: `the document is nested too deeply to be read (more than ${MAX_YAML_FLOW_DEPTH} levels)`, range: { start: deep, end: deep } },
    ]);
  try {
    const src = parseYamlSource(text);
    const errors: SyntaxProblem[] = src.doc.errors.map((e) => ({
      message: e.message,
      range: offsetRange(src, e.pos[0], Math.max(e.pos[1], e.pos[0])),
    }));
    const { index, errors: duplicates } = indexKeys(src, true);
    append(errors, duplicates);
    if (errors.length > 0) return { format: 'yaml', value: undefined, locate: makeLocate(src, index), errors };
    const value: unknown = src.doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    return { format: 'yaml', value, locate: makeLocate(src, index), errors };
  } catch (e) {
    return failed('yaml', [problemAtStart(thrownMessage(e))]);
  }
}
