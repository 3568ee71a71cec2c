/**
 * Issue 23, item 5: Letta Code's `.letta/settings.json` holds `permissions` in Claude Code's rule
 * syntax (docs.letta.com/letta-code/permissions, "Persistent rules"; its example is used here), so
 * it reads as Claude Code settings: project scope, user scope under a home directory. Qwen Code's
 * docs do not say its rules share the format: `.qwen/settings.json` is not read this way.
 */
import { describe, expect, it } from 'vitest';
import { isClaudeSettingsName, scopeOfPath } from '../../src/core/codecs/read/claudeSettings.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { checkLoadedFile } from '../../src/core/check.ts';

const LETTA_DOCS_EXAMPLE = JSON.stringify({
  permissions: { allow: ['Bash(pnpm lint)', 'Bash(pnpm test)', 'Read(src/**)'], deny: ['Bash(rm -rf:*)', 'Bash(git push --force:*)', 'Read(.env)'] },
});

describe("Letta Code's settings path", () => {
  it('names .letta/settings.json as a settings file, scoped like Claude Code’s', () => {
    expect(isClaudeSettingsName('repo/.letta/settings.json')).toBe(true);
    expect(scopeOfPath('repo/.letta/settings.json')).toBe('project');
    expect(scopeOfPath('/home/ana/.letta/settings.json')).toBe('user');
    expect(isClaudeSettingsName('repo/.qwen/settings.json')).toBe(false);
  });

  it('reads the docs’ example as a Claude-family agent with its six rules', () => {
    const file = loadRuleFile('repo/.letta/settings.json', LETTA_DOCS_EXAMPLE);
    expect(file.agents[0]?.family).toBe('claude');
    expect(file.agents[0]?.claudeSettings?.[0]?.scope).toBe('project');
    expect(checkLoadedFile(file).filter((d) => d.severity === 'error')).toEqual([]);
  });
});
