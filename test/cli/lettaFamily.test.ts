/** Issue 27, item 5: the CLI names the Letta family "Letta 0.16 (archived)" and points Letta Code users to permissions. */
import { describe, expect, it } from 'vitest';
import { runCli } from './harness.ts';

describe('the Letta family in the CLI help', () => {
  it('simulate --help names Letta 0.16 (archived) and says Letta Code uses Claude Code-style permissions', async () => {
    const r = await runCli(['simulate', '--help']);
    expect(r.code).toBe(0);
    const help = r.stdout.replace(/\s+/g, ' ');
    expect(help).toContain('the ToolRulesSolver and agent loop of Letta 0.16 (archived)');
    expect(help).toContain(
      'Letta Code has no tool rules: it uses Claude Code-style permissions, read the same way',
    );
  });

  it('check --help lists Letta 0.16 (archived) agent files among what it reads', async () => {
    const r = await runCli(['--help']);
    expect(r.stdout).toContain('Letta 0.16 (archived) agents (.af)');
  });

  // review15 #9: the help named three of the six families it reads.
  it('the help lists every family check reads, the permission rules too', async () => {
    const r = await runCli(['--help']);
    for (const family of ['Pattern agents', 'hegel workflows', 'Claude Code settings (.json)', 'Codex execpolicy (.rules)', 'Gemini CLI policies (TOML)']) expect(r.stdout).toContain(family);
  });
});
