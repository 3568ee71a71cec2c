/**
 * Reader fuzzing (issue 16.7), run in CI with a fixed number of inputs per reader and a printed
 * seed: random text and mutations of valid files (flipped, inserted, deleted, repeated and cut
 * pieces) go into the rule-file readers (TOML, YAML, JSON), the trace readers (canonical JSONL,
 * hegel hooks and states, Claude Code transcripts, chat JSON, scripted YAML), the streaming line
 * readers and the share / teaching link decoders. The property: a reader never throws (bad input
 * is an error it returns), and every error it returns says where: a rule-file diagnostic's range
 * lies inside the text, a trace error's line is a line of the file. Time and memory are bounded by
 * the test's timeout and Vitest's worker; a hang or a crash fails the run.
 *
 * Reproduce a failure with its seed: `RULE_STUDIO_FUZZ_SEED=<seed> npx vitest run test/fuzz/readers.fuzz.test.ts`
 * (`RULE_STUDIO_FUZZ_RUNS=<n>` runs more inputs).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { createStreamingReader, detectTraceFormat, readTrace } from '../../src/core/traces/index.ts';
import { decodeShareLink } from '../../src/core/project/shareLink.ts';
import { decodeTeachingLink } from '../../src/app/simulator/teachingLink.ts';

const SEED = Number(process.env['RULE_STUDIO_FUZZ_SEED'] ?? Date.now() % 2_147_483_647);
const RUNS = Number(process.env['RULE_STUDIO_FUZZ_RUNS'] ?? 150);
console.log(`reader fuzz: seed ${SEED}, ${RUNS} inputs per reader (RULE_STUDIO_FUZZ_SEED=${SEED} reproduces)`);

const files = (dir: string, re: RegExp) => readdirSync(dir).filter((f) => re.test(f)).map((f) => ({ name: f, text: readFileSync(join(dir, f), 'utf8') }));
const RULE_FILES = [
  ...files('examples', /\.(toml|yaml)$/).filter((f) => !f.name.endsWith('.test.yaml')),
  { name: 'agent.json', text: JSON.stringify({ name: 'a', tools: ['x', 'y'], tool_rules: [{ tool_name: 'x', rule_type: { type: 'MaxCalls', value: 2 }, metadata: { k: [1, { n: null }] } }] }, null, 2) },
];
const TRACES = [...files('test/traces/fixtures', /\.(jsonl|json|yaml)$/), ...files(join('examples', 'traces'), /\.yaml$/)];

/** A mutation of `text`: pieces flipped, inserted, deleted, repeated or cut, a few at a time. */
const mutated = (seeds: readonly { name: string; text: string }[]) =>
  fc
    .record({
      seed: fc.constantFrom(...seeds),
      edits: fc.array(
        fc.record({
          at: fc.nat(),
          op: fc.constantFrom('flip', 'insert', 'delete', 'repeat', 'cut'),
          len: fc.integer({ min: 1, max: 64 }),
          chars: fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', "'", ':', ',', '\n', ' ', '=', '#', '-', '\\', '\u0000', '\ufeff', 'é', '\ud800', '9', 'a', '&', '*', '|', '>') , maxLength: 16 }),
        }),
        { minLength: 1, maxLength: 6 },
      ),
    })
    .map(({ seed, edits }) => {
      let t = seed.text;
      for (const e of edits) {
        const i = t.length === 0 ? 0 : e.at % t.length;
        if (e.op === 'flip') t = t.slice(0, i) + String.fromCharCode((t.charCodeAt(i) ^ (e.len & 0x7f)) || 1) + t.slice(i + 1);
        else if (e.op === 'insert') t = t.slice(0, i) + e.chars + t.slice(i);
        else if (e.op === 'delete') t = t.slice(0, i) + t.slice(i + e.len);
        else if (e.op === 'repeat') t = t.slice(0, i + e.len) + t.slice(i, i + e.len).repeat(1 + (e.len % 4)) + t.slice(i + e.len);
        else t = t.slice(0, i);
      }
      return { name: seed.name, text: t };
    });

/** Random text: any UTF-16 units (lone surrogates and controls included), or bytes read as Latin-1. */
const randomText = fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b).toString('latin1')));

const lineCount = (t: string) => t.split('\n').length;
const config = { seed: SEED, numRuns: RUNS };

function checkRuleFile(name: string, text: string): void {
  const file = loadRuleFile(name, text);
  const lines = lineCount(text);
  for (const d of file.diagnostics) {
    const { start, end } = d.range;
    expect(d.file).toBe(name);
    expect(typeof d.message === 'string' && d.message.length > 0).toBe(true);
    for (const p of [start, end]) {
      expect(Number.isInteger(p.line) && p.line >= 1 && p.line <= lines + 1, `${d.code} at line ${p.line} of ${lines}`).toBe(true);
      expect(Number.isInteger(p.column) && p.column >= 1, `${d.code} at column ${p.column}`).toBe(true);
    }
  }
}

function checkTrace(name: string, text: string): void {
  const { items } = readTrace(name, text);
  const lines = lineCount(text);
  for (const item of items)
    if (item.kind === 'error') {
      expect(Number.isInteger(item.line) && item.line >= 0 && item.line <= lines + 1, `error at line ${item.line} of ${lines}: ${item.message}`).toBe(true);
      expect(item.message.length).toBeGreaterThan(0);
    }
  // The streaming readers give the same items, whatever the slices the text arrives in.
  const streaming = createStreamingReader(detectTraceFormat(name, text.slice(0, 65536)), name);
  if (streaming) {
    const streamed = [...streaming.push(text.slice(0, 7)), ...streaming.push(text.slice(7, 300)), ...streaming.push(text.slice(300)), ...streaming.end()];
    expect(streamed).toEqual(items);
  }
}

describe('reader fuzz', () => {
  it.each(['toml', 'yaml', 'json'])('rule files (.%s): random text never throws, every diagnostic is placed in the text', (ext) => {
    fc.assert(fc.property(randomText, (text) => checkRuleFile(`fuzz.${ext}`, text)), config);
  });

  it('rule files: mutations of valid files never throw, every diagnostic is placed in the text', () => {
    fc.assert(fc.property(mutated(RULE_FILES), ({ name, text }) => checkRuleFile(name, text)), config);
  });

  it('traces: random text and mutations of every format never throw, errors name a line, streaming agrees', () => {
    const names = TRACES.map((t) => t.name);
    fc.assert(fc.property(fc.constantFrom(...names), randomText, (name, text) => checkTrace(name, text)), config);
    fc.assert(fc.property(mutated(TRACES), ({ name, text }) => checkTrace(name, text)), config);
  });

  it('share and teaching link decoders refuse random and altered links with a message, never a throw', async () => {
    const link = fc.oneof(
      randomText,
      fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'), maxLength: 300 }).map((s) => `v1.${s}`),
    );
    await fc.assert(
      fc.asyncProperty(link, async (text) => {
        for (const result of [await decodeShareLink(text), await decodeTeachingLink(text)]) {
          expect(typeof result.ok).toBe('boolean');
          if (!result.ok) expect((result as { message: string }).message.length).toBeGreaterThan(0);
        }
      }),
      config,
    );
  });
});
