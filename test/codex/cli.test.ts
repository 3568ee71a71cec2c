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
