/** `rule-studio fmt`: print, --write, --check, --diff, stdin, folders, refusals and exit codes. */
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runRealCli as runReal } from './harness.ts';

const UNTIDY = '# keep me\n[[agents]]\n  name="api"   # the name\ntools=[ "a","b" ]\n';
const TIDY = '# keep me\n[[agents]]\nname = "api" # the name\ntools = ["a", "b"]\n';

function tempTree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'rs-fmt-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('rule-studio fmt', () => {
  it('fmt --check passes on examples/ (every example is formatted)', async () => {
    const r = await runCli(['fmt', '--check', 'examples/'], {}, { listFiles: true });
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^\d+ files formatted\n$/);
    expect(r.code).toBe(0);
  });

  it('prints the formatted file, comments kept', async () => {
    const r = await runCli(['fmt', 'agent.toml'], { 'agent.toml': UNTIDY });
    expect(r).toEqual({ code: 0, stdout: TIDY, stderr: '' });
  });

  it('- reads stdin and writes stdout', async () => {
    const r = await runCli(['fmt', '-'], {}, { stdin: UNTIDY });
    expect(r).toEqual({ code: 0, stdout: TIDY, stderr: '' });
  });

  it('--check lists the files that would change and exits 1, changing nothing', async () => {
    const dir = tempTree({ 'a.toml': UNTIDY, 'b.toml': TIDY, 'ci.yaml': 'jobs: {}\n' });
    const r = await runReal(['fmt', '--check', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(`${join(dir, 'a.toml')}\n`);
    expect(r.stderr).toBe('1 file is not formatted: run rule-studio fmt --write\n');
    expect(readFileSync(join(dir, 'a.toml'), 'utf8')).toBe(UNTIDY);
  });

  it('--write rewrites the files that change, in a folder walk that skips files that are not rule files', async () => {
    const dir = tempTree({ 'agents/a.toml': UNTIDY, 'ci.yaml': 'jobs:   {}\n' });
    const r = await runReal(['fmt', '--write', dir]);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(dir, 'agents/a.toml'), 'utf8')).toBe(TIDY);
    expect(readFileSync(join(dir, 'ci.yaml'), 'utf8')).toBe('jobs:   {}\n');
    expect((await runReal(['fmt', '--check', dir])).code).toBe(0);
  });

  it('--diff prints a unified diff and exits 0; with --check it exits 1', async () => {
    const r = await runCli(['fmt', '--diff', 'agent.toml'], { 'agent.toml': UNTIDY });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        '--- a/agent.toml',
        '+++ b/agent.toml',
        '@@ -1,4 +1,4 @@',
        ' # keep me',
        ' [[agents]]',
        '-  name="api"   # the name',
        '-tools=[ "a","b" ]',
        '+name = "api" # the name',
        '+tools = ["a", "b"]',
        '',
      ].join('\n'),
    );
    expect((await runCli(['fmt', '--check', '--diff', 'agent.toml'], { 'agent.toml': UNTIDY })).code).toBe(1);
    expect((await runCli(['fmt', '--diff', 'agent.toml'], { 'agent.toml': TIDY })).stdout).toBe('');
  });

  it('refuses a file it cannot read with file:line:col, exit 1, and leaves it untouched', async () => {
    const bad = '[[agents]]\nname = "a\n';
    const dir = tempTree({ 'bad.toml': bad, 'good.toml': UNTIDY });
    const r = await runReal(['fmt', '--write', join(dir, 'bad.toml'), join(dir, 'good.toml')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^${join(dir, 'bad.toml').replace(/[.\\/]/g, '\\$&')}:2:\\d+ error F001 `));
    expect(readFileSync(join(dir, 'bad.toml'), 'utf8')).toBe(bad);
    expect(readFileSync(join(dir, 'good.toml'), 'utf8')).toBe(TIDY);
  });

  it('a named file that is not a rule file is refused (F003) unless --skip-non-rule-files', async () => {
    const files = { '.pre-commit-config.yaml': 'repos: []\n' };
    const r = await runCli(['fmt', '--check', '.pre-commit-config.yaml'], files);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('F003');
    expect((await runCli(['fmt', '--check', '--skip-non-rule-files', '.pre-commit-config.yaml'], files)).code).toBe(0);
  });

  it('usage errors: --write with --check, several files to print', async () => {
    expect((await runCli(['fmt', '--write', '--check', 'a.toml'], { 'a.toml': TIDY })).code).toBe(2);
    const r = await runCli(['fmt', 'a.toml', 'b.toml'], { 'a.toml': TIDY, 'b.toml': TIDY });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--write, --check or --diff');
  });
});
