import { describe, expect, it } from 'vitest';
import { ruleParts } from '../../src/app/policy/ruleBreaks.ts';

describe('ruleParts', () => {
  it('keeps short quoted strings whole and breaks names after their separators', () => {
    const parts = ruleParts('run_shell_command ["git push", "rm -rf"]');
    expect(parts.map((p) => p.text).join('')).toBe('run_shell_command ["git push", "rm -rf"]');
    expect(parts.filter((p) => p.keep).map((p) => p.text)).toEqual(['["git push",', '"rm -rf"]']);
    expect(parts.map((p) => p.text)).toContain('shell_');
  });

  it('lets a long quoted string wrap like the rest', () => {
    const long = '"a very long command prefix that runs on"';
    expect(ruleParts(`x ${long}`).some((p) => p.keep)).toBe(false);
    expect(ruleParts(`x ${long}`).map((p) => p.text).join('')).toBe(`x ${long}`);
  });

  it('breaks MCP names at their double underscores and dots', () => {
    expect(ruleParts('mcp__github__create_issue').map((p) => p.text).join('|')).toBe('mcp__|github__|create_|issue');
  });
});
