/**
 * `rule-studio translate` (issue 24, item 4): Claude Code settings to a Codex `.rules` file and
 * back, the report naming what was not said (with file:line:col and why), the comparison on a
 * session's shell commands, and bad usage.
 */
import { describe, expect, it } from 'vitest';
import { loadCodexRules } from '../../src/core/permissions/codex/index.ts';
import { loadGeminiPolicies } from '../../src/core/permissions/gemini/index.ts';
import { runCli } from './harness.ts';

const SETTINGS = JSON.stringify({ permissions: { allow: ['Bash(npm run:*)', 'Bash(git status)', 'Read'], ask: ['Bash(git push:*)'], deny: ['Bash(rm -rf *)'] } }, null, 2);
const call = (id: string, command: string) =>
  JSON.stringify({ type: 'assistant', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/home/me/app', message: { role: 'assistant', content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }] } });
const SESSION = [call('a', 'npm run build'), call('b', 'git status --short'), call('c', 'git push origin main'), call('d', 'rm -rf dist && npm run build')].join('\n');
const files = { '/p/.claude/settings.json': SETTINGS, '/p/s.jsonl': SESSION };

describe('rule-studio translate', () => {
  it('writes a .rules file Codex reads, and reports each rule not said, or said more broadly, with where and why', async () => {
    const r = await runCli(['translate', '/p/.claude/settings.json', '--to', 'codex'], files);
    expect(r.code).toBe(0);
    const load = loadCodexRules([{ path: 'out.rules', text: r.stdout }]);
    expect(load.diagnostics).toEqual([]);
    expect(load.policy.rules.map((x) => `${x.decision} ${x.program} ${x.rest.flat().join(' ')}`)).toEqual(['allow npm run', 'allow git status', 'prompt git push', 'forbidden rm -rf']);
    expect(r.stderr).toContain('4 rules translated from claude to codex; 1 said more broadly; 1 not translated.');
    expect(r.stderr).toMatch(/\/p\/\.claude\/settings\.json:6:7: Read: Codex execpolicy governs shell commands only, not Read/);
    expect(r.stderr).toMatch(/\/p\/\.claude\/settings\.json:5:7: Bash\(git status\): Codex rules match a prefix/);
  });

  it('with sessions: lists each command the translation decides differently, and exits 1', async () => {
    const r = await runCli(['translate', '/p/.claude/settings.json', '--to', 'codex', '--sessions', '/p/s.jsonl'], files);
    expect(r.stderr).toContain('3 of 4 shell commands in the sessions decided the same');
    expect(r.stderr).toMatch(/git status --short: claude none, codex allow/);
    expect(r.code).toBe(1);
  });

  it('Codex back to Claude Code: settings JSON, the same decisions on the session', async () => {
    const rules = (await runCli(['translate', '/p/.claude/settings.json', '--to', 'codex'], files)).stdout;
    const r = await runCli(['translate', '/p/d.rules', '--to', 'claude', '--sessions', '/p/s.jsonl', '--format', 'json'], { ...files, '/p/d.rules': rules });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { version: number; text: string; comparison: { commands: number; same: number } };
    expect(out.version).toBe(1);
    expect(JSON.parse(out.text)).toEqual({ permissions: { deny: ['Bash(rm -rf:*)'], ask: ['Bash(git push:*)'], allow: ['Bash(npm run:*)', 'Bash(git status:*)'] } });
    expect(out.comparison).toMatchObject({ commands: 4, same: 4 });
  });

  it('bad usage: both dialects at once, or the dialect the files are already in', async () => {
    const both = await runCli(['translate', '/p/.claude/settings.json', '/p/d.rules', '--to', 'codex'], { ...files, '/p/d.rules': '' });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/one kind, nothing else/);
    const same = await runCli(['translate', '/p/.claude/settings.json', '--to', 'claude'], files);
    expect(same.code).toBe(2);
    expect(same.stderr).toMatch(/--to codex/);
  });

  it('a Codex file Codex would refuse: the error with its position, nothing translated', async () => {
    const r = await runCli(['translate', '/p/bad.rules', '--to', 'claude'], { '/p/bad.rules': 'prefix_rule(pattern = [], decision = "allow")\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\/p\/bad\.rules:1:\d+: K0\d\d/);
    expect(r.stdout).toBe('');
  });
});

describe('rule-studio translate --to gemini', () => {
  it('writes a Gemini CLI policy file that loads without a finding, and decides the session as the source', async () => {
    const r = await runCli(['translate', '/p/.claude/settings.json', '--to', 'gemini', '--sessions', '/p/s.jsonl'], files);
    const load = loadGeminiPolicies([{ path: 'claude.toml', text: r.stdout, tier: 'workspace' }]);
    expect(load.diagnostics).toEqual([]);
    expect(load.rules.map((x) => `${x.decision} ${x.toolName}`)).toEqual(['allow run_shell_command', 'allow run_shell_command', 'allow read_file', 'allow read_many_files', 'ask_user run_shell_command', 'deny run_shell_command']);
    expect(r.stderr).toContain('5 rules translated from claude to gemini; 1 said more broadly; 0 not translated.');
    expect(r.stderr).toContain('4 of 4 shell commands in the sessions decided the same');
    expect(r.code).toBe(0);
  });

  it('Codex rules translate to a Gemini policy, the report on stderr', async () => {
    const r = await runCli(['translate', '/p/d.rules', '--to', 'gemini'], { '/p/d.rules': 'prefix_rule(pattern = ["ls"])\nhost_executable(name = "ls", paths = ["/bin/ls"])\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('commandPrefix = "ls"\ndecision = "allow"\npriority = 100');
    expect(r.stderr).toContain('1 rule translated from codex to gemini; 0 said more broadly; 1 not translated.');
    expect(r.stderr).toContain('host_executable(ls, [/bin/ls])');
  });

  it('Gemini policies go to Claude Code, not straight to Codex', async () => {
    const r = await runCli(['translate', 'examples/gemini-policies', '--to', 'codex'], {}, { listFiles: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--to claude/);
  });
});

describe('rule-studio translate from Gemini CLI', () => {
  it('a policy folder (every tier) to Claude Code settings, each rule not said named at file:line:col', async () => {
    const r = await runCli(['translate', 'examples/gemini-policies', '--to', 'claude', '--format', 'json'], {}, { listFiles: true });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.from).toBe('gemini');
    expect(JSON.parse(out.text).permissions.deny).toEqual(['Bash(git push:*)', 'Bash(rm -rf:*)']);
    expect(out.untranslated.map((n: { rule: { file: string; line: number; col: number } }) => `${n.rule.file}:${n.rule.line}:${n.rule.col}`)).toEqual(['examples/gemini-policies/user/dev.toml:20:1', 'examples/gemini-policies/user/dev.toml:28:1', 'examples/gemini-policies/user/dev.toml:35:1']);
    // review15: the autoEdit-only allow of every shell command was written as a plain `Bash` allow
    expect(JSON.parse(out.text).permissions.allow).not.toContain('Bash');
    expect(out.untranslated[0].why).toMatch(/approval modes autoEdit/);
  });
});
