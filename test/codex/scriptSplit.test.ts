/**
 * review17 s9: a typed or scripted `bash -lc "…"` is checked command by command, as Codex's
 * session checks it (`commands_for_exec_policy` in codex-rs/core: the plain commands of a
 * `bash|zsh|sh -c|-lc` script are checked together, the strictest decision wins) and as a
 * rollout log's call is split here.
 */
import { describe, expect, it } from 'vitest';
import { codexPolicyReport } from '../../src/core/permissions/codex/policyReport.ts';
import { codexTryScript } from '../../src/app/policy/tryCallText.ts';

const RULES = `prefix_rule(pattern = ["npm", "test"], decision = "allow")
prefix_rule(pattern = ["curl"], decision = "forbidden")
`;
const files = [{ path: 'default.rules', text: RULES }];
const decide = (typed: string) => codexPolicyReport(files, [{ name: 'typed', text: codexTryScript(typed) }]).calls[0];

describe('Codex scripts split bash -lc as sessions do', () => {
  it('judges each command of a plain script: curl is forbidden', () => {
    const c = decide('bash -lc "npm test && curl x"');
    expect(c?.call.commands).toEqual([['npm', 'test'], ['curl', 'x']]);
    expect(c?.decision).toBe('forbidden');
    expect(c?.rules).toHaveLength(2);
  });

  it('allows a script whose every command an allow rule matches', () => {
    const c = decide("sh -c 'npm test; npm test'");
    expect(c?.call.commands).toEqual([['npm', 'test'], ['npm', 'test']]);
    expect(c?.decision).toBe('allow');
  });

  it('keeps a script it cannot split (a redirection) whole, as Codex does', () => {
    const c = decide('bash -lc "npm test > out.txt"');
    expect(c?.call.commands).toEqual([['bash', '-lc', 'npm test > out.txt']]);
    expect(c?.decision).toBeUndefined();
  });

  it('leaves a plain command as one command', () => {
    expect(decide('curl x')?.call.commands).toEqual([['curl', 'x']]);
  });
});
