/**
 * "Save as test" for Codex and Gemini CLI policies (`pinPolicySession`): the saved file pins what the
 * dialect's Policy view shows for each call of the session, passes when written, and fails once an
 * edit changes a pinned decision.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { pinPolicySession, MAX_PINNED_CALLS } from '../../src/core/permissions/policyTestPin.ts';
import { runPolicyTestFile, type PolicyTestHost } from '../../src/core/permissions/policyTests.ts';
import { codexPolicyReport } from '../../src/core/permissions/codex/policyReport.ts';
import { geminiPolicyReport } from '../../src/core/permissions/gemini/policyReport.ts';
import { tierFromPath } from '../../src/core/permissions/gemini/index.ts';

const hostOf = (files: Record<string, string>): PolicyTestHost => ({
  readFile: (path) => (path in files ? { ok: true, text: files[path] as string } : { ok: false, message: 'no such file' }),
});
const example = (path: string) => readFileSync(new URL(`../../examples/${path}`, import.meta.url), 'utf8');

/** Runs the saved text as `rule-studio test` and the studio's Tests view do. */
const run = (text: string, host: PolicyTestHost, dialect: 'codex' | 'gemini') => runPolicyTestFile('saved.test.yaml', text, host, dialect);

describe('pinPolicySession: Codex', () => {
  const files = { 'codex-default.rules': example('codex-default.rules'), 'codex-session.jsonl': example('traces/codex-session.jsonl') };
  const pin = { dialect: 'codex' as const, rules: ['codex-default.rules'], trace: 'codex-session.jsonl', name: 'codex-session as decided' };

  it('pins each call of a rollout log as the Policy view decides it, and passes', () => {
    const saved = pinPolicySession(pin, hostOf(files));
    if (!saved.ok) throw new Error(saved.message);
    const report = codexPolicyReport([{ path: 'codex-default.rules', text: files['codex-default.rules'] }], [{ name: 'codex-session.jsonl', text: files['codex-session.jsonl'] }]);
    const written = parse(saved.text) as { dialect: string; rules: string[]; tests: { name: string; trace: string; expect: { step: number; decision: string; rule: string }[] }[] };
    expect(written.dialect).toBe('codex');
    expect(written.tests[0]?.trace).toBe('codex-session.jsonl');
    expect(written.tests[0]?.expect.map((e) => e.decision)).toEqual(report.calls.map((c) => c.decision ?? 'none'));
    expect(written.tests[0]?.expect.map((e) => e.rule)).toEqual(
      report.calls.map((c) => {
        const row = report.rules[c.rules.find((ri) => report.rules[ri]?.decision === c.decision) ?? -1];
        return row ? `${row.file}:${row.line}` : 'none';
      }),
    );
    expect(saved.pinned).toBe(report.calls.length);
    const result = run(saved.text, hostOf(files), 'codex');
    expect(result.errors).toEqual([]);
    expect(result.tests.map((t) => t.status)).toEqual(['pass']);
  });

  it('fails once an edit changes a pinned decision, naming the step', () => {
    const saved = pinPolicySession(pin, hostOf(files));
    if (!saved.ok) throw new Error(saved.message);
    const edited = { ...files, 'codex-default.rules': files['codex-default.rules'].replace('decision = "prompt"', 'decision = "allow"') };
    const result = run(saved.text, hostOf(edited), 'codex');
    expect(result.tests[0]?.status).toBe('fail');
    expect(result.tests[0]?.failures.map((f) => f.seen)).toContain('allow by codex-default.rules:12');
  });

  it('a command script is a session too: an absolute program path falls back to its basename as in the view', () => {
    const script = { ...files, 'cmds.txt': 'git status\n/usr/bin/git push origin main\ncurl https://example.com\n' };
    const saved = pinPolicySession({ ...pin, trace: 'cmds.txt' }, hostOf(script));
    if (!saved.ok) throw new Error(saved.message);
    expect(saved.text).toContain('- { step: 2, decision: prompt, rule: codex-default.rules:12 }');
    expect(saved.text).toContain('- { step: 3, decision: none, rule: none }');
    expect(run(saved.text, hostOf(script), 'codex').tests[0]?.status).toBe('pass');
  });

  it('says why when the trace or the rules cannot be used, and writes nothing', () => {
    expect(pinPolicySession({ ...pin, trace: 'missing.jsonl' }, hostOf(files))).toEqual({ ok: false, message: 'trace missing.jsonl: no such file' });
    const refused = pinPolicySession(pin, hostOf({ ...files, 'codex-default.rules': 'prefix_rule(pattern = [], decision = "allow")\n' }));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toMatch(/^codex-default\.rules:1:\d+: K0\d\d .*\(Codex refuses the rules\)$/);
    expect(pinPolicySession({ ...pin, rules: [] }, hostOf(files))).toEqual({ ok: false, message: 'no Codex .rules file in the project' });
  });

  it(`pins at most ${MAX_PINNED_CALLS} calls of a long session, and counts them all`, () => {
    const long = { ...files, 'long.txt': 'git status\n'.repeat(MAX_PINNED_CALLS + 5) };
    const saved = pinPolicySession({ ...pin, trace: 'long.txt' }, hostOf(long));
    if (!saved.ok) throw new Error(saved.message);
    expect([saved.calls, saved.pinned]).toEqual([MAX_PINNED_CALLS + 5, MAX_PINNED_CALLS]);
    expect(run(saved.text, hostOf(long), 'codex').tests[0]?.status).toBe('pass');
  });
});

describe('pinPolicySession: Gemini CLI', () => {
  const files = {
    'gemini-policies/admin/org.toml': example('gemini-policies/admin/org.toml'),
    'gemini-policies/user/dev.toml': example('gemini-policies/user/dev.toml'),
    'calls.jsonl': `${example('gemini-policies/calls.jsonl')}{"tool": "run_shell_command", "args": {"command": "make deploy"}, "mode": "yolo"}\n{"tool": "read_file", "args": {"path": "x"}, "nonInteractive": true}\n`,
  };
  const rules = ['gemini-policies/admin/org.toml', 'gemini-policies/user/dev.toml'];
  const pin = { dialect: 'gemini' as const, rules, trace: 'calls.jsonl', name: 'calls as decided' };

  it('pins a scripted trace with each call in its own mode, as the Policy view decides it, and passes', () => {
    const saved = pinPolicySession(pin, hostOf(files));
    if (!saved.ok) throw new Error(saved.message);
    const report = geminiPolicyReport(
      rules.map((path) => ({ path, text: files[path as keyof typeof files], tier: tierFromPath(path) })),
      [{ name: 'calls.jsonl', text: files['calls.jsonl'] }],
    );
    const written = parse(saved.text) as { tests: { expect: { decision: string }[] }[] };
    expect(written.tests[0]?.expect.map((e) => e.decision)).toEqual(report.calls.map((c) => c.decision));
    // the yolo call is allowed and the non-interactive one is not asked about: their own settings count
    expect(report.calls.at(-2)?.decision).toBe('allow');
    expect(report.calls.at(-1)?.decision).not.toBe('ask_user');
    expect(run(saved.text, hostOf(files), 'gemini').tests.map((t) => t.status)).toEqual(['pass']);
  });

  it('a script line that does not read is an error naming its line, and nothing is written', () => {
    const saved = pinPolicySession(pin, hostOf({ ...files, 'calls.jsonl': '{"tool": "read_file"}\nnot json\n' }));
    expect(saved).toEqual({ ok: false, message: 'calls.jsonl:2: not JSON: expected {"tool": …, "args": {…}}' });
  });
});
