/**
 * `rule-studio report` (issue 25.3): a corpus of sessions, each replayed as its own run. The report
 * agrees with `simulate` run on each session alone; a run split into shards and merged equals the
 * whole run; two worker processes give the same report as one.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/harness.ts';
import type { Decision } from '../../src/core/engine/decisions.ts';
import { CORPUS_REPORT_VERSION, mergeReports, type CorpusReport } from '../../src/core/corpus/summary.ts';
import { reportHtml } from '../../src/core/corpus/render.ts';
import { createSessionReplayer, prepareJob, replaySession } from '../../src/core/corpus/replaySession.ts';

const RULES = 'examples/etl-pipeline.toml';
const TOOLS = ['connect_db', 'extract', 'transform', 'load', 'disconnect_db', 'send_message', 'unknown_tool'];

/** A seeded corpus of `n` canonical sessions of random calls, plus the project's own recorded traces. */
function corpus(n: number, seed = 7): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'rs-corpus-'));
  let s = seed;
  const rnd = (k: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % k;
  };
  const paths: string[] = [];
  for (let i = 0; i < n; i++) {
    const lines = Array.from({ length: 2 + rnd(25) }, (_, j) => JSON.stringify({ type: 'tool_call', time: `2025-01-01T10:${String(Math.floor(j / 60)).padStart(2, '0')}:${String(j % 60).padStart(2, '0')}Z`, tool: TOOLS[rnd(TOOLS.length)] }));
    if (rnd(5) === 0) lines.splice(rnd(lines.length), 0, 'not a json line');
    const path = join(dir, `session-${String(i).padStart(4, '0')}.jsonl`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    paths.push(path);
  }
  for (const f of ['session.jsonl', 'transcript.jsonl']) {
    const path = join(dir, `recorded-${f}`);
    writeFileSync(path, readFileSync(join('test/traces/fixtures', f)));
    paths.push(path);
  }
  return paths.sort();
}

const report = async (paths: string[], extra: string[] = []): Promise<CorpusReport> => {
  const r = await runCli(['report', RULES, '--format', 'json', '--workers', '1', ...extra, '--corpus', ...paths]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as CorpusReport;
};

describe('rule-studio report', () => {
  const paths = corpus(200);

  it('gives every session the result simulate gives it alone', async () => {
    const whole = await report(paths);
    expect(whole.sessions.map((s) => s.name)).toEqual(paths);
    expect(whole.sessions.filter((s) => s.violations > 0).length).toBeGreaterThan(20);
    for (const s of whole.sessions) {
      const alone = await runCli(['simulate', RULES, '--trace', s.name]);
      const ds = alone.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Decision);
      const violations = ds.filter((d) => ['blocked', 'denied', 'timeout', 'exit_blocked'].includes(d.kind));
      expect({ name: s.name, decisions: s.decisions, violations: s.violations, errors: s.errors, first: s.firstViolation?.event }).toEqual({
        name: s.name,
        decisions: ds.length,
        violations: violations.length,
        errors: ds.filter((d) => d.kind === 'error').length,
        first: violations[0]?.event,
      });
    }
  }, 120_000);

  it('splits into shards whose merge equals the whole run', async () => {
    const whole = await report(paths);
    const parts = await Promise.all([1, 2, 3].map((i) => report(paths, ['--shard', `${i}/3`])));
    expect(parts.map((p) => p.sessions.length).reduce((a, b) => a + b)).toBe(paths.length);
    expect(new Set(parts.flatMap((p) => p.sessions.map((s) => s.name))).size).toBe(paths.length);
    const dir = mkdtempSync(join(tmpdir(), 'rs-shards-'));
    const files = parts.map((p, i) => {
      const f = join(dir, `part-${i + 1}.json`);
      writeFileSync(f, JSON.stringify(p));
      return f;
    });
    const merged = await runCli(['merge', '--format', 'json', ...files]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(JSON.parse(merged.stdout)).toEqual(whole);
  }, 120_000);

  it('says which rules never fired, and what each stopped', async () => {
    const r = await runCli(['report', RULES, '--workers', '1', '--corpus', ...paths.slice(0, 40)]);
    expect(r.stdout).toMatch(/^40 sessions, /);
    expect(r.stdout).toMatch(/Call `load` only after calling: transform\n {6}stopped \d+ calls in \d+ sessions/);
    expect(r.stdout).toContain('never fired');
  });

  it('replays sessions one after another on one engine, from bytes, as each alone from its text', () => {
    const { config } = prepareJob({ rules: [{ path: RULES, text: readFileSync(RULES, 'utf8') }], settings: {} });
    if (!config) throw new Error('no agent');
    const replayer = createSessionReplayer(config);
    // Both orders: a session after others meets an engine that has interned their tools.
    for (const order of [paths, [...paths].reverse()])
      for (const p of order) {
        const bytes = readFileSync(p);
        // Read in chunks of 7 bytes through one buffer overwritten each time, as the pool reuses its buffer.
        const got = replayer.bytes(p, (push) => {
          const buffer = new Uint8Array(7);
          for (let at = 0; at < bytes.length; at += 7) {
            const n = Math.min(7, bytes.length - at);
            buffer.set(bytes.subarray(at, at + n));
            push(buffer.subarray(0, n));
          }
        });
        expect(got).toEqual(replaySession(config, p, bytes.toString('utf8')));
      }
  });

  it('with a worker process beside its own, gives the report one process gives', () => {
    const some = paths.slice(0, 30);
    const run = (workers: string) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'report', RULES, '--format', 'json', '--workers', workers, '--corpus', ...some], { encoding: 'utf8', timeout: 110_000 });
    const one = run('1');
    const two = run('2');
    expect(two.status, two.stderr).toBe(0);
    expect(JSON.parse(two.stdout)).toEqual(JSON.parse(one.stdout));
  }, 120_000);
});

describe('merge and the HTML page', () => {
  const base: CorpusReport = { version: CORPUS_REPORT_VERSION, shard: { index: 1, count: 2 }, rules: [{ key: 'tool#0', label: 'Rule #1', stopped: 1, sessions: 1, interrupts: 0, fired: 1 }], sessions: [] };

  it('refuses reports of different rule sets or of another version', () => {
    expect(mergeReports([base, { ...base, rules: [{ ...base.rules[0]!, key: 'tool#1' }] }])).toBe('the reports were made with different rule sets');
    expect(mergeReports([base, { ...base, version: 2 as 1 }])).toMatch(/version 2/);
  });

  it('is one page with no script, and escapes every name', () => {
    const html = reportHtml({ ...base, sessions: [{ name: '<img src=x onerror=alert(1)>.jsonl', events: 1, decisions: 1, violations: 0, interrupts: 0, errors: 0, ended: 'open' }] });
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;.jsonl');
    expect(html).toContain("default-src 'none'");
  });
});
