/**
 * Issue 23, Export: Claude Code settings written back as one settings.json. `convert --to json`
 * on a settings file gave an empty Pattern agent (`{"agents":[{"name":"claude-code",…}]}`),
 * losing every rule; now it writes the merged permissions, which read back to the same policy.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mergeSettings, mergedSettingsText } from '../../src/core/permissions/claude/index.ts';
import { runCli } from '../cli/harness.ts';

const project = readFileSync('examples/claude-code-settings.json', 'utf8');
const local = JSON.stringify({ permissions: { allow: ['Bash(git status)', 'Bash(make *)'], deny: ['WebFetch'] } });

describe('merged Claude settings as one settings.json', () => {
  it('keeps every rule once, lists in order, and reads back to the same decisions', () => {
    const inputs = [
      { scope: 'project' as const, path: '/p/.claude/settings.json', text: project },
      { scope: 'local' as const, path: '/p/.claude/settings.local.json', text: local },
    ];
    const policy = mergeSettings(inputs, '/p');
    const text = mergedSettingsText(policy);
    const back = mergeSettings([{ scope: 'project', path: '/p/.claude/settings.json', text }], '/p');
    const key = (p: typeof policy) => p.rules.map((r) => `${r.source.list} ${r.source.text}`).sort();
    expect(key(back)).toEqual([...new Set(key(policy))]);
    const parsed = JSON.parse(text) as { permissions: Record<string, unknown> };
    expect(Object.keys(parsed.permissions)).toEqual(['allow', 'ask', 'deny', 'defaultMode']);
    // the local scope's rules come first: it has the higher precedence; the duplicate is written once
    expect((parsed.permissions['allow'] as string[]).slice(0, 2)).toEqual(['Bash(git status)', 'Bash(make *)']);
    expect((parsed.permissions['allow'] as string[]).filter((r) => r === 'Bash(git status)')).toHaveLength(1);
  });

  it('convert --to json writes the settings, not an empty Pattern agent; other forms are refused', async () => {
    const r = await runCli(['convert', '.claude/settings.json', '--to', 'json'], { '.claude/settings.json': project });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { permissions: { deny: string[] } };
    expect(out.permissions.deny).toContain('Bash(git push *)');
    expect(r.stdout).not.toContain('"agents"');
    const toml = await runCli(['convert', '.claude/settings.json', '--to', 'toml'], { '.claude/settings.json': project });
    expect(toml.code).toBe(2);
    expect(toml.stderr).toContain('written as JSON only');
  });
});
