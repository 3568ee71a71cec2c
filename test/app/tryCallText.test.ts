/** "Would this be allowed?" (review15 #3): a typed call as each dialect's one-call session. */
import { describe, expect, it } from 'vitest';
import { claudeTryTrace, codexTryScript, geminiTryTrace } from '../../src/app/policy/tryCallText.ts';

const parsed = (line: string) => JSON.parse(line) as { tool: string; args: Record<string, unknown> };

describe('a typed call as a session', () => {
  it('Claude Code: a command is a Bash call; Tool(specifier) names the argument the rule matches', () => {
    expect(parsed(claudeTryTrace('git push origin main'))).toMatchObject({ type: 'tool_call', tool: 'Bash', args: { command: 'git push origin main' } });
    expect(parsed(claudeTryTrace('Read(./secrets/key.pem)'))).toMatchObject({ tool: 'Read', args: { file_path: './secrets/key.pem' } });
    expect(parsed(claudeTryTrace('WebFetch(https://example.com/a)'))).toMatchObject({ tool: 'WebFetch', args: { url: 'https://example.com/a' } });
    expect(parsed(claudeTryTrace('Bash(rm -rf build)'))).toMatchObject({ tool: 'Bash', args: { command: 'rm -rf build' } });
    expect(parsed(claudeTryTrace('WebSearch'))).toMatchObject({ tool: 'WebSearch', args: {} });
    // near miss: a lower-case first word is a command, not a tool
    expect(parsed(claudeTryTrace('ls(1)'))).toMatchObject({ tool: 'Bash', args: { command: 'ls(1)' } });
    // one line, whatever was pasted
    expect(claudeTryTrace('git status\n  && git diff').split('\n').filter(Boolean)).toHaveLength(1);
  });
  it('Codex: one command line', () => {
    expect(codexTryScript('  git push\n origin ')).toBe('git push origin\n');
  });
  it('Gemini CLI: a command is run_shell_command; a tool name with JSON arguments is that tool', () => {
    expect(parsed(geminiTryTrace('git push'))).toEqual({ tool: 'run_shell_command', args: { command: 'git push' } });
    expect(parsed(geminiTryTrace('read_file {"file_path": ".env"}'))).toEqual({ tool: 'read_file', args: { file_path: '.env' } });
    expect(() => geminiTryTrace('read_file {"file_path": }')).toThrow(/arguments of read_file are not JSON/);
    expect(() => geminiTryTrace('read_file {}x')).not.toThrow();
  });
});
