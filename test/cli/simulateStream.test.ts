/**
 * `simulate` streaming a trace from disk (byte chunks, the canonical byte reader, the decision
 * writer's byte output) prints exactly what it prints when the trace is read whole as text and the
 * decisions go out as text: for canonical JSONL with the usual lines and every kind of unusual one
 * (BOM, CRLF, escapes, non-ASCII, bad lines, times going backwards), UTF-16, the other line formats
 * and whole-document formats, with and without --compare-profile, whatever the chunk size.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { readText } from '../../src/cli/io.ts';
import { runStreamedCli } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'rule-studio-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs simulate with the trace read whole by the CLI's reader (UTF-16 decoded) and the output taken as text. */
async function whole(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    readText,
    out: (t) => (stdout += t.endsWith('\n') ? t : `${t}\n`),
    err: (t) => (stderr += t.endsWith('\n') ? t : `${t}\n`),
  });
  return { code, stdout, stderr };
}

const AGENT = 'examples/etl-pipeline.toml';
const lines = (...l: string[]) => l.join('\n');
const canonical = lines(
  '{"type":"batch_start","time":"2025-01-01T10:00:00.000Z"}',
  '{"type":"tool_call","time":"2025-01-01T10:00:01.000Z","tool":"extract","args":{"source":"s3://bucket/é"}}',
  '{"type":"tool_call","time":"2025-01-01T10:00:02.000Z","tool":"transform","args":{"n":1}}\r',
  '{"type":"tool_call","time":"2025-01-01T10:00:02.500Z","tool":"load\\u0041","args":{}}',
  '',
  'not json',
  '{"type":"tool_call","time":"2025-01-01T10:00:01.000Z","tool":"load"}',
  '{"type":"tool_call","time":"2025-01-01T10:00:03.000Z","tool":"load","args":{"n":1},"outcome":"error","duration_ms":5}',
  '{"type":"tool_call","time":"2025-01-01T10:00:04.000Z","tool":"load","args":{"n":1}}',
  '{ "type" : "tool_call" , "time" : "2025-01-01T10:00:05.000+00:00" , "tool" : "\u202etransform" }',
  '{"type":"model_end","time":"2025-01-01T10:00:06.000Z"}',
);

const files: Record<string, Buffer> = {
  'canonical.jsonl': Buffer.from(canonical, 'utf8'),
  'bom-crlf.jsonl': Buffer.from(`\ufeff${canonical.replace(/\n/g, '\r\n')}\n`, 'utf8'),
  'utf16.jsonl': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(canonical, 'utf16le')]),
  'hooks.jsonl': readFileSync('test/traces/fixtures/hooks.jsonl'),
  'transcript.jsonl': readFileSync('test/traces/fixtures/transcript.jsonl'),
  'walkthrough.yaml': readFileSync('examples/traces/etl-walkthrough.yaml'),
};
for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);

describe('simulate, streamed from disk', () => {
  it.each(Object.keys(files))('%s: the same output as read whole, at any chunk size', async (name) => {
    const path = join(dir, name);
    const argv = ['simulate', AGENT, '--trace', path];
    const read = await whole(argv);
    expect(read.code).toBe(0);
    expect(read.stdout).toMatch(/"kind":"(allowed|auto|transition)"/);
    for (const chunk of [1, 7, 4096, 1 << 20]) {
      const r = await runStreamedCli(argv, chunk);
      expect(r).toEqual(read);
    }
    const compare = [...argv, '--compare-profile', 'pattern'];
    expect(await runStreamedCli(compare, 5)).toEqual(await whole(compare));
  });

  it('reads the canonical file by the byte reader and still reports its bad lines', async () => {
    const r = await runStreamedCli(['simulate', AGENT, '--trace', join(dir, 'canonical.jsonl')], 1 << 20);
    const decisions = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; message?: string; tool?: string });
    expect(decisions.filter((d) => d.kind === 'error').map((d) => d.message)).toEqual([
      'line 6: not valid JSON: "not json"',
      "line 7: time 2025-01-01T10:00:01.000Z is earlier than the previous event's 2025-01-01T10:00:02.500Z (times must not go backwards)",
    ]);
    // escapes, non-ASCII and the bidi override arrive as the text reader reads them, escaped for the terminal
    expect(decisions.map((d) => d.tool)).toContain('loadA');
    expect(r.stdout).toContain('"tool":"\\u202etransform"');
  });
});
