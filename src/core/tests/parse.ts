/**
 * Reading a rule-set test file: YAML → {@link TestFile}, every problem with the line it is on.
 * The parsed YAML document is kept so an inline trace is compiled by the scripted-trace reader
 * from its own nodes (its errors then name lines of the test file).
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { formatPath } from '../project/issues.ts';
import { unresolvedAliasAt, yamlErrorAt } from '../codecs/parse/yaml.ts';
import { TestFile } from './schema.ts';
import type { z } from 'zod';
import { closestName } from '../text/closestName.ts';
import type { TestFileProblem } from './problemPlace.ts';
import { MAX_TEST_FILE_CHARS } from './limits.ts';

export { MAX_TEST_FILE_CHARS } from './limits.ts';

export type { TestFileProblem } from './problemPlace.ts';
export { problemPlace } from './problemPlace.ts';

/** A test file read cleanly. */
export interface ParsedTestFile {
  file: string;
  suite: TestFile;
  /** 1-based line of the value at a path (`['tests', 0, 'expect', 2]`), or of its nearest parent. */
  lineAt(path: readonly (string | number)[]): number;
  /** The YAML node of the value at a path (inline traces), if there is one. */
  nodeAt(path: readonly (string | number)[]): Node | undefined;
  /** 1-based line of a node. */
  lineOf(node: Node | null | undefined): number;
  /** The parsed document (its YAML aliases resolve in it). */
  doc: Document;
}

export type TestFileParse = { ok: true; parsed: ParsedTestFile } | { ok: false; file: string; problems: TestFileProblem[] };

function nodeIn(doc: Document, path: readonly (string | number)[]): Node | undefined {
  let node: unknown = doc.contents;
  for (const key of path) {
    if (isMap(node)) node = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === key)?.value;
    else if (isSeq(node) && typeof key === 'number') node = node.items[key];
    else return undefined;
    if (node === undefined || node === null) return undefined;
  }
  return (node ?? undefined) as Node | undefined;
}

/** The first line of a YAML parser message, without its trailing position. */
function yamlProblem(message: string): string {
  const first = message.split('\n')[0] ?? message;
  return `YAML syntax error: ${first.replace(/ at line \d+, column \d+:?$/, '')}`;
}

/** The key node of the mapping entry at `path` (its last part a key), if any. */
function keyNodeIn(doc: Document, path: readonly (string | number)[]): Node | undefined {
  const last = path[path.length - 1];
  const parent = nodeIn(doc, path.slice(0, -1));
  if (typeof last !== 'string' || !isMap(parent)) return undefined;
  const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === last);
  return isScalar(pair?.key) ? pair.key : undefined;
}

/** The value at `path` in the read document. */
function valueIn(root: unknown, path: readonly (string | number)[]): unknown {
  let v = root;
  for (const part of path) v = v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[part] : undefined;
  return v;
}

/** The schema's message, or for a value not among the allowed ones, the value and what it most likely misspells. */
function issueText(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code !== 'invalid_value' || typeof value !== 'string') return issue.message;
  const allowed = issue.values.map(String);
  const meant = closestName(value, allowed);
  return `"${value}" is not one of ${allowed.join(', ')}${meant !== undefined ? ` (did you mean "${meant}"?)` : ''}`;
}

/** Reads a test file. Never throws. */
export function parseTestFile(file: string, text: string): TestFileParse {
  if (text.length > MAX_TEST_FILE_CHARS)
    return { ok: false, file, problems: [{ line: 1, message: `the test file is too large (${(text.length / 1048576).toFixed(1)} MB; the limit is ${MAX_TEST_FILE_CHARS / 1048576} MB)` }] };
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  if (doc.errors.length > 0) return { ok: false, file, problems: doc.errors.map((e) => ({ line: yamlErrorAt(counter, e).line, message: yamlProblem(e.message) })) };
  const lineOf = (node: Node | null | undefined) => (node?.range ? counter.linePos(node.range[0]).line : 1);
  const lineAt = (path: readonly (string | number)[]) => {
    for (let n = path.length; n >= 0; n--) {
      const node = nodeIn(doc, path.slice(0, n));
      if (node?.range) return lineOf(node);
    }
    return 1;
  };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    const alias = unresolvedAliasAt(doc, counter);
    const where = alias ? ` (column ${alias.column})` : '';
    return { ok: false, file, problems: [{ line: alias?.line ?? 1, message: `${e instanceof Error ? e.message : String(e)}${where}` }] };
  }
  if (value === null || value === undefined) return { ok: false, file, problems: [{ line: 1, message: 'the test file is empty (expected rules, settings and tests)' }] };
  const checked = TestFile.safeParse(value);
  if (!checked.success) {
    const problems = checked.error.issues.map((i): TestFileProblem => {
      // an unknown key is pointed at itself, not at its mapping
      const unknownKey = i.code === 'unrecognized_keys' && i.keys.length === 1;
      const path = [...(i.path as (string | number)[]), ...(unknownKey ? [i.keys[0]!] : [])];
      // the value where it is written, else its key (an empty value, a comment taken for one)
      const written = unknownKey ? undefined : nodeIn(doc, path);
      const node = written?.range ? written : keyNodeIn(doc, path);
      const at = node?.range ? counter.linePos(node.range[0]) : undefined;
      return { line: at?.line ?? lineAt(path), ...(at ? { column: at.col } : {}), message: `${formatPath(i.path)}: ${issueText(i, valueIn(value, path))}` };
    });
    return { ok: false, file, problems };
  }
  const names = new Map<string, number>();
  const problems: TestFileProblem[] = [];
  checked.data.tests.forEach((t, i) => {
    if (names.has(t.name)) problems.push({ line: lineAt(['tests', i, 'name']), message: `tests[${i}].name: "${t.name}" is also the name of tests[${names.get(t.name)}]` });
    else names.set(t.name, i);
  });
  if (problems.length > 0) return { ok: false, file, problems };
  return {
    ok: true,
    parsed: { file, suite: checked.data, lineAt, nodeAt: (path) => nodeIn(doc, path), lineOf, doc },
  };
}
