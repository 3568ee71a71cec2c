/**
 * `rule-studio follow` on Codex rollout logs and Gemini CLI session logs (issue 25): every call
 * appended to a growing log decided once, with its rule, as `simulate` decides the whole log; the
 * outcome the log records later compared with it; a partial line waiting for its newline; a
 * truncated or rotated log a new session; `--from-end`; and logs follow refuses, with the reason.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPermissionFollower, type PermissionPolicy, type PermissionRecord } from '../../src/cli/follow/permissionFollower.ts';
import { createTail } from '../../src/cli/follow/tail.ts';
import { createFollower } from '../../src/cli/follow/follower.ts';
import { newestLog } from '../../src/cli/commands/followRun.ts';
import { loadCodexRules, readCodexRollout, replayCodexCall } from '../../src/core/permissions/codex/index.ts';
import { loadGeminiPolicies, readGeminiSession, replayGeminiCall, tierFromPath } from '../../src/core/permissions/gemini/index.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'rs-follow2-'));
const CODEX_RULES = 'examples/codex-default.rules';
const CODEX_LOG = 'examples/traces/codex-session.jsonl';
const GEMINI_LOG = 'test/gemini/data/session-2026-08-21T10-00-demo.jsonl';
const GEMINI_POLICIES = ['examples/gemini-policies/admin/org.toml', 'examples/gemini-policies/user/dev.toml'];

const codexPolicy = loadCodexRules([{ path: CODEX_RULES, text: readFileSync(CODEX_RULES, 'utf8') }]).policy;
const CODEX: PermissionPolicy = { kind: 'codex', policy: codexPolicy };
const geminiRules = loadGeminiPolicies(GEMINI_POLICIES.map((path) => ({ path, text: readFileSync(path, 'utf8'), tier: tierFromPath(path) }))).rules;
const GEMINI: PermissionPolicy = { kind: 'gemini', rules: geminiRules };

/** A follower whose records and notes are collected. */
function collect(source: string, policy: PermissionPolicy) {
  const records: PermissionRecord[] = [];
  const notes: string[] = [];
  const follower = createPermissionFollower(source, policy, { records: (rs) => records.push(...rs), note: (t) => notes.push(t) });
  return { follower, records, notes, decided: () => records.filter((r) => r.event === 'decided') };
}

/** Per call line, the last thing follow said of it (the decision, then what the log recorded). */
const lastByLine = (records: readonly PermissionRecord[]) => {
  const out = new Map<number, Record<string, unknown>>();
  for (const r of records) {
    const { event: _event, decidedBy: _by, ...rest } = r.json;
    out.set(r.json.line as number, rest);
  }
  return out;
};

/** A tail of `path` feeding `follower` as `follow` wires them. */
function tailInto(path: string, follower: ReturnType<typeof collect>['follower'], fromEnd = false) {
  const tail = createTail(
    path,
    {
      bytes: (chunk) => follower.bytes(chunk, tail.offset),
      reset: (why) => follower.restart(`${path} ${why}`),
    },
    { fromEnd },
  );
  const drain = () => {
    while (tail.poll());
  };
  return { tail, drain };
}

const codexLine = (type: string, payload: unknown, t = '2025-06-02T10:00:00.000Z') => `${JSON.stringify({ timestamp: t, type, payload })}\n`;
const codexCall = (id: string, argv: string[]) => codexLine('response_item', { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: argv }), call_id: id });
const codexOutput = (id: string, output: string) => codexLine('response_item', { type: 'function_call_output', call_id: id, output });
const CODEX_META = codexLine('session_meta', { id: 's', cwd: '/w', cli_version: '0.1' });

const geminiMeta = `${JSON.stringify({ sessionId: 's1', projectHash: 'p', startTime: '2026-08-21T10:00:00.000Z' })}\n`;
const geminiMessage = (id: string, callId: string, command: string, status: string, result?: unknown) =>
  `${JSON.stringify({ id, timestamp: '2026-08-21T10:00:01.000Z', type: 'gemini', content: '', toolCalls: [{ id: callId, name: 'run_shell_command', args: { command }, status, timestamp: '2026-08-21T10:00:01.000Z', ...(result === undefined ? {} : { result }) }] })}\n`;

describe('follow on a Codex rollout log', () => {
  const bytes = readFileSync(CODEX_LOG);
  const whole = readCodexRollout(CODEX_LOG, bytes.toString('utf8'));
  const expected = new Map(whole.calls.map((c) => [c.line, replayCodexCall(codexPolicy, c)]));

  it('decides each call once, however the bytes arrive, and ends where simulate does on the whole log', () => {
    expect(whole.calls.length).toBe(8);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }), (cuts) => {
        const f = collect(CODEX_LOG, CODEX);
        const at = [0, ...new Set(cuts)].sort((a, b) => a - b).concat(bytes.length);
        for (let i = 0; i + 1 < at.length; i++) f.follower.bytes(bytes.subarray(at[i], at[i + 1]));
        expect(f.decided().map((r) => r.json.line)).toEqual(whole.calls.map((c) => c.line));
        expect(f.follower.decided).toBe(8);
        for (const [line, last] of lastByLine(f.records)) {
          const r = expected.get(line);
          expect(last.decision).toBe(r?.decision);
          expect([last.recorded, last.agreement, last.why]).toEqual([r?.call.recorded, r?.agreement, r?.why]);
        }
        expect(f.notes).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('names the rule that decided each call at its file:line:col', () => {
    const f = collect(CODEX_LOG, CODEX);
    f.follower.bytes(bytes);
    const by = f.decided().map((r) => [r.json.line, r.json.decision ?? null, r.json.decidedBy]);
    expect(by).toEqual([
      [4, 'allow', `${CODEX_RULES}:4:1`],
      [6, 'forbidden', `${CODEX_RULES}:15:1`],
      [8, null, null],
      [10, 'allow', `${CODEX_RULES}:20:1`],
      [12, 'allow', `${CODEX_RULES}:18:1`],
      [14, null, null],
      [16, 'prompt', `${CODEX_RULES}:12:1`],
      [18, 'allow', `${CODEX_RULES}:4:1`],
    ]);
    expect(f.decided()[1]?.text).toMatch(/forbidden +shell: rm -rf dist {2}by examples\/codex-default\.rules:15:1$/);
    const last = f.records.at(-1);
    expect([last?.event, last?.json.agreement]).toEqual(['recorded', 'differs']);
    expect(last?.text).toContain('log: declined, differs (the rules allow it without asking, but the log says the user declined it)');
  });

  it('a growing log: each appended call decided once, a partial line waits, the output compared; truncation and rotation start over', () => {
    const d = dir();
    const path = join(d, 'rollout-1.jsonl');
    const f = collect(path, CODEX);
    const { tail, drain } = tailInto(path, f.follower);
    drain();
    writeFileSync(path, CODEX_META);
    drain();
    const call = codexCall('c1', ['git', 'push', 'origin', 'main']);
    appendFileSync(path, call.slice(0, 40));
    drain();
    expect(f.records).toEqual([]);
    appendFileSync(path, call.slice(40));
    drain();
    expect(f.records.map((r) => [r.event, r.json.line, r.json.decision, r.json.decidedBy])).toEqual([['decided', 2, 'prompt', `${CODEX_RULES}:12:1`]]);
    appendFileSync(path, codexOutput('c1', 'exec command rejected by user'));
    appendFileSync(path, codexCall('c2', ['rm', '-rf', '/']));
    drain();
    expect(f.records.slice(1).map((r) => [r.event, r.json.line, r.json.recorded ?? null, r.json.decision])).toEqual([
      ['recorded', 2, 'declined', 'prompt'],
      ['decided', 4, 'unknown', 'forbidden'],
    ]);
    expect(f.follower.decided).toBe(2);
    expect(f.notes).toEqual([`${path} appeared`]);

    // truncated: a new session, decided from its start
    writeFileSync(path, CODEX_META + codexCall('c9', ['git', 'status']));
    drain();
    expect(f.notes.at(-1)).toBe(`${path} truncated`);
    expect(f.records.slice(3).map((r) => [r.event, r.json.line, r.json.decision])).toEqual([['decided', 2, 'allow']]);
    expect(f.follower.decided).toBe(1);

    // rotated: the old file read to its end, then the new one from its start
    appendFileSync(path, codexCall('c10', ['rm', '-rf', 'x']));
    renameSync(path, join(d, 'rollout-0.jsonl'));
    writeFileSync(path, CODEX_META + codexCall('c11', ['git', 'push']));
    drain();
    expect(f.notes.at(-1)).toBe(`${path} rotated`);
    expect(f.records.slice(4).map((r) => [r.event, r.json.line, r.json.argv])).toEqual([
      ['decided', 3, ['rm', '-rf', 'x']],
      ['decided', 2, ['git', 'push']],
    ]);
    tail.stop();
  });

  it('--from-end: nothing of the session so far is printed, but a later output finds its call and lines keep their numbers', () => {
    const path = join(dir(), 'rollout.jsonl');
    writeFileSync(path, CODEX_META + codexCall('c1', ['git', 'push']) + codexOutput('c1', 'Exit code: 0').slice(0, 30));
    const f = collect(path, CODEX);
    const { tail, drain } = tailInto(path, f.follower, true);
    drain();
    appendFileSync(path, codexOutput('c1', 'Exit code: 0').slice(30) + codexCall('c2', ['git', 'status']) + codexCall('c3', ['rm', '-rf', 'x']) + codexOutput('c3', 'Exit code: 0'));
    drain();
    expect(f.records.map((r) => [r.event, r.json.line, r.json.recorded, r.json.agreement])).toEqual([
      ['recorded', 2, 'ran', 'agrees'],
      ['decided', 4, 'unknown', 'unrecorded'],
      ['decided', 5, 'unknown', 'unrecorded'],
      ['recorded', 5, 'ran', 'differs'],
    ]);
    tail.stop();
  });

  it('a line that is not a rollout line is K040/K041 at its line:col, and the next call is still decided', () => {
    const f = collect('r.jsonl', CODEX);
    f.follower.bytes(Buffer.from(`${CODEX_META}{"timestamp": oops}\n${codexCall('c1', ['git', 'status'])}`));
    expect(f.notes).toHaveLength(1);
    expect(f.notes[0]).toMatch(/^r\.jsonl:2:15 error K040 /);
    expect(f.decided().map((r) => r.json.line)).toEqual([3]);
  });

  it('refuses a log that is not a rollout, saying what it reads', () => {
    const f = collect('t.jsonl', CODEX);
    f.follower.bytes(Buffer.from('{"type":"tool_call","tool":"x"}\n'));
    f.follower.bytes(Buffer.from(codexCall('c1', ['rm', '-rf', 'x'])));
    expect(f.records).toEqual([]);
    expect(f.notes).toEqual([expect.stringContaining('t.jsonl is not a Codex rollout log')]);
  });
});

describe('follow on a Gemini CLI session log', () => {
  const bytes = readFileSync(GEMINI_LOG);

  it('decides each call once when first written, however the bytes arrive; its later status is compared, as simulate compares it', () => {
    const whole = readGeminiSession(GEMINI_LOG, bytes.toString('utf8'));
    const expected = new Map(whole.calls.map((c) => [c.callId, replayGeminiCall(geminiRules, c)]));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }), (cuts) => {
        const f = collect(GEMINI_LOG, GEMINI);
        const at = [0, ...new Set(cuts)].sort((a, b) => a - b).concat(bytes.length);
        for (let i = 0; i < at.length - 1; i++) f.follower.bytes(bytes.subarray(at[i], at[i + 1]));
        // c4 was rewound away afterwards, but it was a call of the running session when written
        expect(f.decided().map((r) => [r.json.line, r.json.path, r.json.decision])).toEqual([
          [3, 'toolCalls[0]', 'allow'],
          [5, 'toolCalls[0]', 'deny'],
          [6, 'toolCalls[0]', 'ask_user'],
          [7, 'toolCalls[0]', 'ask_user'],
          [10, 'toolCalls[0]', 'ask_user'],
        ]);
        const last = new Map(f.records.map((r) => [r.json.line, r.json]));
        for (const c of whole.calls) {
          const got = last.get(c.line);
          const r = expected.get(c.callId);
          expect([got?.recorded, got?.asked, got?.agreement, got?.why]).toEqual([c.recorded, c.asked, r?.agreement, r?.why]);
        }
        expect(f.notes).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('names the deciding [[rule]] at its file:line:col, and the default when none matches', () => {
    const f = collect(GEMINI_LOG, GEMINI);
    f.follower.bytes(bytes);
    expect(f.decided().map((r) => r.json.decidedBy)).toEqual(['examples/gemini-policies/user/dev.toml:5:1', 'examples/gemini-policies/admin/org.toml:2:1', null, null, null]);
    expect(f.decided()[1]?.text).toMatch(/deny +run_shell_command: git push origin main {2}by examples\/gemini-policies\/admin\/org\.toml:2:1 {2}log: denied, agrees$/);
    expect(f.records[1]?.text).toContain('log: ran, differs (Gemini asked the user in the session; these policies allow it without asking)');
  });

  it('a growing log: a call rewritten with a new status is compared, not decided again; truncation starts over', () => {
    const path = join(dir(), 'session-1.jsonl');
    writeFileSync(path, geminiMeta);
    const f = collect(path, GEMINI);
    const { tail, drain } = tailInto(path, f.follower);
    drain();
    appendFileSync(path, geminiMessage('m1', 'c1', 'git push origin main', 'awaiting_approval'));
    drain();
    appendFileSync(path, geminiMessage('m1', 'c1', 'git push origin main', 'awaiting_approval'));
    appendFileSync(path, geminiMessage('m1', 'c1', 'git push origin main', 'success'));
    const half = geminiMessage('m2', 'c2', 'npm test', 'success');
    appendFileSync(path, half.slice(0, 50));
    drain();
    expect(f.records.map((r) => [r.event, r.json.line, r.json.decision, r.json.recorded, r.json.agreement])).toEqual([
      ['decided', 2, 'deny', 'pending', 'unknown'],
      ['recorded', 4, 'deny', 'ran', 'differs'],
    ]);
    appendFileSync(path, half.slice(50));
    drain();
    expect(f.records.slice(2).map((r) => [r.event, r.json.line, r.json.decision, r.json.decidedBy])).toEqual([['decided', 5, 'allow', 'examples/gemini-policies/user/dev.toml:5:1']]);
    expect(f.follower.decided).toBe(2);

    writeFileSync(path, geminiMeta + geminiMessage('m1', 'c1', 'rm -rf /', 'success'));
    drain();
    expect(f.notes).toEqual([`${path} truncated`]);
    expect(f.records.slice(3).map((r) => [r.event, r.json.line, r.json.decision, r.json.agreement])).toEqual([['decided', 2, 'deny', 'differs']]);
    tail.stop();
  });

  it('refuses the one-document .json of older Gemini CLI versions, saying how to replay it', () => {
    const f = collect('session-legacy.json', GEMINI);
    f.follower.bytes(readFileSync('test/gemini/data/session-legacy.json'));
    expect(f.records).toEqual([]);
    expect(f.notes).toEqual([expect.stringMatching(/is not JSONL but one JSON document .* cannot be followed line by line: replay it with `rule-studio simulate/)]);
  });
});

describe('follow with tool rules or a workflow', () => {
  it('refuses a Codex or Gemini CLI log, naming the rule files that decide it', () => {
    for (const [log, says] of [
      [CODEX_LOG, 'is a Codex rollout log: follow decides it by Codex .rules files'],
      [GEMINI_LOG, 'is a Gemini CLI session log: follow decides it by Gemini CLI policies'],
    ] as const) {
      const notes: string[] = [];
      const decided: unknown[] = [];
      const f = createFollower(log, {}, { decisions: (ds) => decided.push(...ds), note: (t) => notes.push(t) });
      f.bytes(readFileSync(log));
      expect(decided).toEqual([]);
      expect(notes).toEqual([expect.stringContaining(says)]);
    }
  });
});

describe('newestLog', () => {
  it('for Codex, goes down the newest YYYY/MM/DD folders of a sessions folder', () => {
    const root = dir();
    for (const day of ['2025/06/02', '2025/12/31', '2026/01/09', '2026/01/10']) mkdirSync(join(root, day), { recursive: true });
    writeFileSync(join(root, '2025/12/31/rollout-old.jsonl'), '');
    writeFileSync(join(root, '2026/01/10/rollout-a.jsonl'), '');
    writeFileSync(join(root, '2026/01/10/rollout-b.jsonl'), '');
    utimesSync(join(root, '2026/01/10/rollout-a.jsonl'), new Date(2026, 0, 10, 10), new Date(2026, 0, 10, 10));
    utimesSync(join(root, '2026/01/10/rollout-b.jsonl'), new Date(2026, 0, 10, 12), new Date(2026, 0, 10, 12));
    expect(newestLog(root, { dated: true })).toBe(join(root, '2026/01/10/rollout-b.jsonl'));
    expect(newestLog(root)).toBeUndefined();
  });
});

describe('rule-studio follow (Codex and Gemini CLI)', () => {
  const run = async (path: string, rules: string[], steps: { append: string; until: (out: string[]) => boolean }[]) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'follow', path, ...rules, '--format', 'jsonl'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const lines = () => out.split('\n').filter(Boolean);
    const until = async (cond: () => boolean, what: string) => {
      for (let i = 0; i < 600 && !cond(); i++) await new Promise((r) => setTimeout(r, 50));
      expect(cond(), `${what}; stderr: ${err}`).toBe(true);
    };
    try {
      await until(() => err.includes('following'), 'follow started');
      for (const [i, s] of steps.entries()) {
        appendFileSync(path, s.append);
        await until(() => s.until(lines()), `step ${i + 1}`);
      }
      return { records: lines().map((l) => JSON.parse(l) as Record<string, unknown>), err };
    } finally {
      child.kill('SIGINT');
    }
  };

  it('prints each call of a growing Codex rollout log with the rule that decided it', async () => {
    const path = join(dir(), 'rollout.jsonl');
    const { records } = await run(path, [CODEX_RULES], [
      { append: CODEX_META + codexCall('c1', ['git', 'push']), until: (l) => l.length >= 1 },
      { append: codexOutput('c1', 'exec command rejected by user') + codexCall('c2', ['rm', '-rf', 'x']), until: (l) => l.length >= 3 },
    ]);
    expect(records.map((r) => [r.event, r.line, r.decision, r.decidedBy, r.recorded])).toEqual([
      ['decided', 2, 'prompt', `${CODEX_RULES}:12:1`, 'unknown'],
      ['recorded', 2, 'prompt', `${CODEX_RULES}:12:1`, 'declined'],
      ['decided', 4, 'forbidden', `${CODEX_RULES}:15:1`, 'unknown'],
    ]);
  }, 60_000);

  it('prints each call of a growing Gemini CLI session log, with a folder of policies read by tier', async () => {
    const path = join(dir(), 'session.jsonl');
    const { records } = await run(path, ['examples/gemini-policies/admin', 'examples/gemini-policies/user'], [
      { append: geminiMeta + geminiMessage('m1', 'c1', 'git push origin main', 'error', [{ functionResponse: { response: { error: 'Tool execution denied by policy.' } } }]), until: (l) => l.length >= 1 },
      { append: geminiMessage('m2', 'c2', 'npm test', 'success'), until: (l) => l.length >= 2 },
    ]);
    expect(records.map((r) => [r.event, r.line, r.tool, r.decision, r.decidedBy, r.agreement])).toEqual([
      ['decided', 2, 'run_shell_command', 'deny', 'examples/gemini-policies/admin/org.toml:2:1', 'agrees'],
      ['decided', 3, 'run_shell_command', 'allow', 'examples/gemini-policies/user/dev.toml:5:1', 'agrees'],
    ]);
  }, 60_000);
});
