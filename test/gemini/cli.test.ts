/** `rule-studio check|simulate` on Gemini CLI policies, and the gallery example's mistakes. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/harness.ts';

const POLICY =
  '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 10\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 20\n';

describe('rule-studio on Gemini CLI policies', () => {
  it('check reports a refused file at line:col and exits 1', async () => {
    const r = await runCli(['check', 'p.toml'], {
      'p.toml': '[[rule]]\ntoolName = "x"\ndecision = "allow"\npriority = 1000\n',
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('p.toml:4:1 error G002');
  });

  it('check on a clean policy exits 0; a Rule Studio agent TOML is not taken for a Gemini policy', async () => {
    expect((await runCli(['check', 'p.toml'], { 'p.toml': POLICY })).code).toBe(0);
    const agent = await runCli(['check', 'a.toml'], { 'a.toml': '[[agents]]\nname = "x"\n' });
    expect(agent.stdout).not.toContain(' G0');
  });

  it('simulate decides each scripted call with the deciding rule', async () => {
    const r = await runCli(['simulate', 'p.toml', '--trace', 'calls.jsonl'], {
      'p.toml': POLICY,
      'calls.jsonl':
        '{"tool":"run_shell_command","args":{"command":"git status && rm -rf x"}}\n{"tool":"run_shell_command","args":{"command":"git log"}}\n{"tool":"read_file","args":{"file_path":"a"},"mode":"yolo"}\nnot json\n',
    });
    const lines = r.stdout
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            line: number;
            decision: string;
            rule: { line: number; priority: number } | null;
          },
      );
    expect(lines.map((l) => `${l.line}:${l.decision}:${l.rule?.priority ?? '-'}`)).toEqual([
      '1:deny:20',
      '2:allow:10',
      '3:allow:-',
    ]);
    expect(r.stderr).toContain('calls.jsonl:4');
    expect(r.code).toBe(1);
  });

  it('the gallery example reports each of its classic mistakes', async () => {
    const r = await runCli(['check', 'examples/gemini-policies'], {}, { listFiles: true });
    const codes = [...r.stdout.matchAll(/ (G\d{3}) /g)].map((m) => m[1]).sort();
    expect(codes).toEqual(['G003', 'G007', 'G101', 'G103', 'G104']);
  });
});
