/**
 * review17 #4: Gemini's answer says what actually decided a call and never contradicts its
 * decision: `ls`, which no rule matches, is allowed by Gemini's known-safe read-only heuristic (it
 * read "no rule matched: Gemini's default (ask_user …)" under "allow").
 */
import { describe, expect, it } from 'vitest';
import { geminiPolicyReport } from '../../src/core/permissions/gemini/policyReport.ts';
import { geminiTryTrace } from '../../src/app/policy/tryCallText.ts';

const POLICY = `[[rule]]
toolName = "run_shell_command"
commandPrefix = ["git status", "git diff", "npm test"]
decision = "allow"
priority = 100

[[rule]]
toolName = "run_shell_command"
commandPrefix = "git push"
decision = "ask_user"
priority = 200

[[rule]]
toolName = "run_shell_command"
commandRegex = "rm\\\\s+-rf.*"
decision = "deny"
priority = 500

[[rule]]
toolName = "web_fetch"
decision = "deny"
priority = 50
`;
const files = [{ path: 'policy.toml', text: POLICY, tier: 'user' as const }];
const decide = (typed: string) => {
  const r = geminiPolicyReport(files, [{ name: 'typed', text: geminiTryTrace(typed) }]);
  const c = r.calls[0]!;
  return { c, rule: c.rule === undefined ? undefined : r.rules[c.rule] };
};

describe('geminiReason', () => {
  it('`ls`: allowed by the known-safe heuristic, not "Gemini’s default (ask_user …)"', () => {
    const { c } = decide('ls');
    expect(c.decision).toBe('allow');
    expect(c.rule).toBeUndefined();
    expect(c.reason).toContain('known-safe read-only command');
    expect(c.reason).not.toContain('default');
  });

  it('a command no rule matches and no heuristic allows: Gemini asks', () => {
    const { c } = decide('make build');
    expect(c.decision).toBe('ask_user');
    expect(c.reason).toMatch(/^no rule decided: Gemini asks/);
  });

  it('a rule that decided: its decision, as the rule says', () => {
    const { c, rule } = decide('git push origin main');
    expect(c.decision).toBe('ask_user');
    expect(rule?.decision).toBe('ask_user');
    expect(c.reason).toBe('decided by the first rule in priority order that matched:');
    expect(decide('rm -rf build').c.decision).toBe('deny');
  });

  it('an allow rule a dangerous command overrides: says the heuristic asks, never that the rule decided', () => {
    const any = [{ path: 'shell.toml', text: '[[rule]]\ntoolName = "run_shell_command"\ndecision = "allow"\npriority = 10\n', tier: 'user' as const }];
    const r = geminiPolicyReport(any, [{ name: 'typed', text: geminiTryTrace('ln -s /etc/passwd x') }]);
    const c = r.calls[0]!;
    expect(c.decision).toBe('ask_user');
    expect(r.rules[c.rule ?? -1]?.decision).toBe('allow');
    expect(c.reason).toContain('says allow, but Gemini’s shell heuristics call this command dangerous');
  });

  it('a tool call no rule matches: Gemini’s default, in the words of its decision', () => {
    const { c } = decide('read_file {"file_path": "a.txt"}');
    expect(c.decision).toBe('ask_user');
    expect(c.reason).toMatch(/^no rule matched: Gemini’s default, ask_user/);
  });
});
