/**
 * The inline traces of a test file, offered to the simulator as trace files of their own: each
 * reads back to the very items the test itself replays (so replaying it shows what the test checks).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTestFile } from '../../src/core/tests/parse.ts';
import { inlineTraces, traceFileNameOf } from '../../src/core/tests/inlineTraces.ts';
import { setUpTest } from '../../src/core/tests/setup.ts';
import { readTrace } from '../../src/core/traces/readTrace.ts';

const examples = new URL('../../examples/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, examples), 'utf8');
const host = { readFile: (path: string) => ({ ok: true as const, text: read(path) }) };

describe('inline traces of a test file', () => {
  it('gives each example test’s inline trace as a file that reads to the test’s own items', () => {
    let checked = 0;
    for (const name of readdirSync(examples).filter((n) => n.endsWith('.test.yaml'))) {
      const parsed = parseTestFile(name, read(name));
      if (!parsed.ok) throw new Error(`${name}: ${JSON.stringify(parsed.problems)}`);
      const inline = inlineTraces(parsed.parsed);
      const indexes = parsed.parsed.suite.tests.flatMap((t, i) => (typeof t.trace === 'string' ? [] : [i]));
      expect(inline.map((t) => t.test)).toEqual(indexes.map((i) => parsed.parsed.suite.tests[i]!.name));
      inline.forEach((trace, k) => {
        const setup = setUpTest(parsed.parsed, indexes[k]!, host);
        if (!setup.ok) throw new Error(`${name}: ${setup.errors.join('; ')}`);
        const items = readTrace(trace.fileName, trace.text).items;
        // Line numbers differ (a file of its own); everything else is the same.
        const strip = (xs: unknown[]) => JSON.parse(JSON.stringify(xs, (key, v: unknown) => (key === 'line' || key === 'source' ? undefined : v))) as unknown;
        expect(strip(items), `${name}: ${trace.test}`).toEqual(strip(setup.items));
        expect(trace.text.startsWith(`# From the test “${trace.test}” (${name}).`)).toBe(true);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('keeps the trace’s comments and says which settings the test runs it with', () => {
    const parsed = parseTestFile('api-client.test.yaml', read('api-client.test.yaml'));
    if (!parsed.ok) throw new Error('unreadable');
    const [gate, limited] = inlineTraces(parsed.parsed);
    expect(gate!.text).toContain('# The test runs it with the settings {"startConstraints":"gate"}.');
    expect(limited!.text).toContain('one second later: the two-second cooldown bites');
    expect(limited!.text).not.toContain('The test runs it with');
  });

  it('names a trace file after its test', () => {
    expect(traceFileNameOf('post is rate-limited and cannot share a batch with delete')).toBe('post-is-rate-limited-and-cannot-share-a-batch-wi.yaml');
    expect(traceFileNameOf('Nothing runs before `authenticate`!')).toBe('nothing-runs-before-authenticate.yaml');
    expect(traceFileNameOf('✓✓')).toBe('test.yaml');
  });
});
