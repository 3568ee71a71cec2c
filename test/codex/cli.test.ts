/** `check` and `simulate` on Codex `.rules` files (in-memory files through the CLI). */
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/harness.ts';

const RULES = 'prefix_rule(pattern = ["git"], decision = "forbidden")\nprefix_rule(pattern = ["git", "status"])\n';

describe('rule-studio check on .rules files', () => {
  it('a file Codex refuses: the error at line:col, exit 1', async () => {
    const r = await runCli(['check', 'bad.rules'], { 'bad.rules': 'x = 1\nprefix_rule(pattern = ["git", "status"], match = ["git log"])\n' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('bad.rules:2:1 error K014');
  });
  it('a file Codex loads: its checks as warnings, exit 0', async () => {
    const r = await runCli(['check', 'p.rules'], { 'p.rules': RULES });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('p.rules:2:1 warning K031');
  });
});

describe('rule-studio simulate on .rules files', () => {
  it('decides each scripted command as codex execpolicy check does', async () => {
    const r = await runCli(['simulate', 'p.rules', '--trace', 'cmds.txt', '--resolve-host-executables'], { 'p.rules': RULES, 'cmds.txt': '# script\nls -l\n{"argv": ["/usr/bin/git", "status"]}\n' });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { line: number; decision?: string; matchedRules: unknown[] });
    expect(lines.map((l) => [l.line, l.decision ?? null, l.matchedRules.length])).toEqual([
      [2, null, 0],
      [3, 'forbidden', 2],
    ]);
  });
});

describe('rule-studio learn for Codex', () => {
  const rules = 'prefix_rule(pattern = ["git", "status"], decision = "allow")\nprefix_rule(pattern = ["rm"], decision = "forbidden")\nprefix_rule(pattern = ["git", "push"], decision = "prompt")\n';
  it('proposes prefix_rules for the commands no rule matched, never from forbidden, prompted or declined calls', async () => {
    const script = 'git status\ngit commit -m x\ngit commit -m y\npython3 -c "print(1)"\nrm -rf dist\ngit push\nnpm test\n';
    const r = await runCli(['learn', 'cmds.txt', '--settings', 'default.rules', '--format', 'json'], { 'default.rules': rules, 'cmds.txt': script });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { dialect: string; prompted: number; covered: number; denied: number; askedByRule: number; proposals: { rule: string; calls: number; risk: string }[] };
    expect(out.dialect).toBe('codex');
    expect(out.proposals.map((p) => [p.rule, p.calls, p.risk])).toEqual([
      ['prefix_rule(pattern = ["git", "commit"], decision = "allow")', 2, 'local write'],
      ['prefix_rule(pattern = ["npm", "test"], decision = "allow")', 1, 'local write'],
      ['prefix_rule(pattern = ["python3", "-c", "print(1)"], decision = "allow")', 1, 'runs arbitrary code'],
    ]);
    expect([out.prompted, out.covered, out.denied, out.askedByRule]).toEqual([4, 4, 1, 1]);
  });
  it('learns from a Codex session log without --settings (no rules yet); declined calls are left out', async () => {
    const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: 't', type, payload });
    const log = [
      line('session_meta', { id: 'x', cwd: '/w', cli_version: '0.171.0' }),
      line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":["bash","-lc","cargo test && cargo fmt"]}', call_id: 'a' }),
      line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":["git","push"]}', call_id: 'b' }),
      line('response_item', { type: 'function_call_output', call_id: 'b', output: 'exec command rejected by user' }),
    ].join('\n');
    const r = await runCli(['learn', 'rollout-1.jsonl'], { 'rollout-1.jsonl': log });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('2 commands matched no rule; the proposed rules allow 2 (1 declined by the user: never learned from).');
    expect(r.stdout).toContain('prefix_rule(pattern = ["cargo", "test"], decision = "allow")  # 1 call');
  });
});

describe('rule-studio simulate with a Codex session log', () => {
  it('decides each exec call of the gallery session and says where it differs from the log', async () => {
    const { readFileSync } = await import('node:fs');
    const read = (p: string) => readFileSync(new URL(`../../examples/${p}`, import.meta.url), 'utf8');
    const r = await runCli(['simulate', 'codex-default.rules', '--trace', 'rollout.jsonl'], { 'codex-default.rules': read('codex-default.rules'), 'rollout.jsonl': read('traces/codex-session.jsonl') });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { line: number; decision?: string; agreement: string });
    expect(lines.map((l) => [l.line, l.decision ?? null, l.agreement])).toEqual([
      [4, 'allow', 'agrees'],
      [6, 'forbidden', 'agrees'],
      [8, null, 'agrees'],
      [10, 'allow', 'agrees'],
      [12, 'allow', 'agrees'],
      [14, null, 'agrees'],
      [16, 'prompt', 'agrees'],
      [18, 'allow', 'differs'],
    ]);
  });
});
