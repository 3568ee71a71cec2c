/**
 * `rule-studio follow`: the tail (a file that appears, grows by partial lines, is truncated or
 * replaced), the follower (decisions equal to a whole-file replay however the bytes arrive), and
 * the command itself on a transcript growing while it runs.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTail } from '../../src/cli/follow/tail.ts';
import { createFollower } from '../../src/cli/follow/follower.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { createReplay } from '../../src/core/engine/replay.ts';
import { serializeDecision, type Decision } from '../../src/core/engine/decisions.ts';
import { readTrace } from '../../src/core/traces/index.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'rs-follow-'));
const text = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString('utf8');

describe('tail', () => {
  it('waits for a file that does not exist yet, then reads it as it grows, partial lines included', () => {
    const path = join(dir(), 's.jsonl');
    const chunks: Uint8Array[] = [];
    const resets: string[] = [];
    const tail = createTail(path, { bytes: (b) => chunks.push(b), reset: (w) => resets.push(w) });
    expect(tail.poll()).toBe(false);
    writeFileSync(path, 'one\ntw');
    expect(tail.poll()).toBe(true);
    expect(resets).toEqual(['appeared']);
    appendFileSync(path, 'o\n');
    tail.poll();
    expect(text(chunks)).toBe('one\ntwo\n');
    expect(tail.poll()).toBe(false);
    tail.stop();
  });

  it('says when the file is truncated and reads the new content from its start', () => {
    const path = join(dir(), 's.jsonl');
    writeFileSync(path, 'first session, a long line\n');
    const chunks: Uint8Array[] = [];
    const resets: string[] = [];
    const tail = createTail(path, { bytes: (b) => chunks.push(b), reset: (w) => resets.push(w) });
    tail.poll();
    writeFileSync(path, 'new\n');
    tail.poll();
    expect(resets).toEqual(['truncated']);
    expect(text(chunks)).toBe('first session, a long line\nnew\n');
    tail.stop();
  });

  it('reads a replaced (rotated) file to its end, then the new file from its start', () => {
    const d = dir();
    const path = join(d, 's.jsonl');
    writeFileSync(path, 'a\n');
    const chunks: Uint8Array[] = [];
    const resets: string[] = [];
    const tail = createTail(path, { bytes: (b) => chunks.push(b), reset: (w) => resets.push(w) });
    tail.poll();
    appendFileSync(path, 'b\n');
    renameSync(path, join(d, 's.1.jsonl'));
    writeFileSync(path, 'c\n');
    while (tail.poll());
    expect(resets).toEqual(['rotated']);
    expect(text(chunks)).toBe('a\nb\nc\n');
    tail.stop();
  });

  it('from the end: skips what the file holds when following starts', () => {
    const path = join(dir(), 's.jsonl');
    writeFileSync(path, 'old\n');
    const chunks: Uint8Array[] = [];
    const tail = createTail(path, { bytes: (b) => chunks.push(b), reset: () => undefined }, { fromEnd: true });
    tail.poll();
    appendFileSync(path, 'new\n');
    tail.poll();
    expect(text(chunks)).toBe('new\n');
    tail.stop();
  });
});

const AGENT = loadRuleFile('examples/etl-pipeline.toml', readFileSync('examples/etl-pipeline.toml', 'utf8')).agents[0];
const CLAUDE = 'test/traces/fixtures';

describe('follower', () => {
  const trace = [
    { tool: 'extract', t: 0 },
    { tool: 'load', t: 1 },
    { tool: 'transform', t: 2 },
    { tool: 'load', t: 3 },
    { tool: 'load', t: 4 },
    { tool: 'send_message', t: 5 },
  ]
    .map((e) => JSON.stringify({ type: 'tool_call', time: new Date(Date.UTC(2025, 0, 1, 10, 0, e.t)).toISOString(), tool: e.tool }))
    .concat(['not json'])
    .join('\n');

  it('decides exactly what a whole-file replay decides, however the bytes are split', () => {
    const expected = (() => {
      const replay = createReplay({ ...(AGENT ? { agent: AGENT } : {}) });
      return readTrace('s.jsonl', trace).items.flatMap((i) => replay.push(i)).map(serializeDecision);
    })();
    expect(expected.some((d) => d.includes('"blocked"'))).toBe(true);
    const bytes = Buffer.from(`${trace}\n`);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }), (cuts) => {
        const got: string[] = [];
        const f = createFollower('s.jsonl', { ...(AGENT ? { agent: AGENT } : {}) }, { decisions: (ds: readonly Decision[]) => got.push(...ds.map(serializeDecision)), note: () => undefined });
        const at = [0, ...new Set(cuts)].sort((a, b) => a - b).concat(bytes.length);
        for (let i = 0; i + 1 < at.length; i++) f.bytes(bytes.subarray(at[i], at[i + 1]));
        expect(got).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('restarts with a fresh replay and says why', () => {
    const notes: string[] = [];
    const got: Decision[] = [];
    const f = createFollower('s.jsonl', { ...(AGENT ? { agent: AGENT } : {}) }, { decisions: (ds) => got.push(...ds), note: (t) => notes.push(t) });
    f.bytes(Buffer.from('{"type":"tool_call","time":"2025-01-01T10:00:00Z","tool":"load"}\n'));
    f.restart('s.jsonl was truncated');
    f.bytes(Buffer.from('{"type":"tool_call","time":"2025-01-01T11:00:00Z","tool":"load"}\n'));
    expect(notes).toEqual(['s.jsonl was truncated']);
    // the automatic start call runs again: a new session
    expect(got.filter((d) => d.kind === 'auto').length).toBe(2);
    expect(got.filter((d) => d.kind === 'blocked').length).toBe(2);
  });

  it('refuses a whole-document format with a message, not a wrong replay', () => {
    const notes: string[] = [];
    const f = createFollower('s.yaml', {}, { decisions: () => undefined, note: (t) => notes.push(t) });
    f.bytes(Buffer.from('start: 2025-01-01T10:00:00Z\nsteps:\n  - call: a\n'));
    expect(notes[0]).toMatch(/follow reads line-based logs/);
  });

  it('reads a Claude Code transcript in pieces as a whole-file replay reads it', () => {
    const file = join(CLAUDE, 'transcript.jsonl');
    const whole = readFileSync(file);
    const config = { ...(AGENT ? { agent: AGENT } : {}) };
    const replay = createReplay(config);
    const expected = readTrace(file, whole.toString('utf8')).items.flatMap((i) => replay.push(i)).map(serializeDecision);
    expect(expected.length).toBeGreaterThan(1);
    const got: string[] = [];
    const f = createFollower(file, config, { decisions: (ds) => got.push(...ds.map(serializeDecision)), note: () => undefined });
    for (let i = 0; i < whole.length; i += 97) f.bytes(whole.subarray(i, i + 97));
    expect(got).toEqual(expected);
  });
});

describe('rule-studio follow', () => {
  it('prints the decision of every call appended to a growing session log', async () => {
    const path = join(dir(), 'session.jsonl');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'follow', path, 'examples/etl-pipeline.toml', '--format', 'jsonl'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const until = async (cond: () => boolean, what: string) => {
      for (let i = 0; i < 400 && !cond(); i++) await new Promise((r) => setTimeout(r, 50));
      expect(cond(), `${what}; stderr: ${err}`).toBe(true);
    };
    try {
      await until(() => err.includes('following'), 'follow started');
      const latencies: number[] = [];
      const calls = ['extract', 'load', 'transform', 'load'];
      for (const [i, tool] of calls.entries()) {
        const before = out.split('\n').filter(Boolean).length;
        const t0 = Date.now();
        appendFileSync(path, `${JSON.stringify({ type: 'tool_call', time: `2025-01-01T10:00:0${i}Z`, tool })}\n`);
        await until(() => out.split('\n').filter(Boolean).length > before, `a decision for ${tool}`);
        latencies.push(Date.now() - t0);
      }
      const decisions = out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Decision);
      expect(decisions.map((d) => `${d.kind} ${'tool' in d ? d.tool : ''}`)).toEqual(['auto connect_db', 'allowed extract', 'blocked load', 'allowed transform', 'allowed load']);
      console.log(`follow: append → printed decision ${latencies.join(' / ')} ms wall (poll every 100 ms)`);
    } finally {
      child.kill('SIGINT');
    }
  }, 60_000);
});
