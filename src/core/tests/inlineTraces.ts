/**
 * The scripted traces written inline in a test file, each as the text of a scripted trace file
 * of its own (comments kept): what the simulator offers to replay when a project has no traces
 * yet but its tests carry some.
 */
import { Document } from 'yaml';
import type { ParsedTestFile } from './parse.ts';

/** One inline trace of a test file, as a scripted trace file's text. */
export interface InlineTrace {
  /** The test's name. */
  test: string;
  /** A file name for it: the test's name in lower case, words joined by `-`, `.yaml`. */
  fileName: string;
  /** The scripted trace, headed by a comment naming the test, its file and the settings it runs with. */
  text: string;
}

const MAX_NAME = 48;

/** A trace file name from a test name: `post is rate-limited` → `post-is-rate-limited.yaml`. */
export function traceFileNameOf(test: string): string {
  const words = test.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return `${(words.slice(0, MAX_NAME).replace(/-+$/, '') || 'test')}.yaml`;
}

/** Every test of `parsed` whose trace is written inline, in file order. */
export function inlineTraces(parsed: ParsedTestFile): InlineTrace[] {
  const out: InlineTrace[] = [];
  parsed.suite.tests.forEach((test, i) => {
    if (typeof test.trace === 'string') return;
    const node = parsed.nodeAt(['tests', i, 'trace']);
    if (!node) return;
    // As written (the parsed settings have every default filled in).
    const written = (path: (string | number)[]) => (parsed.nodeAt(path)?.toJSON() ?? {}) as Record<string, unknown>;
    const settings = { ...written(['settings']), ...written(['tests', i, 'settings']) };
    const doc = new Document();
    doc.contents = node;
    const head = [`# From the test “${test.name}” (${parsed.file}).`];
    if (Object.keys(settings).length > 0) head.push(`# The test runs it with the settings ${JSON.stringify(settings)}.`);
    out.push({ test: test.name, fileName: traceFileNameOf(test.name), text: `${head.join('\n')}\n${doc.toString()}` });
  });
  return out;
}
