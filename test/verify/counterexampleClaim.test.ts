/**
 * What a counterexample proves, as the simulator titles it (review 11, shot 26: release-deadlock's
 * trace opened at "Exit blocked · Rule #1" with neither "Deadlock" nor "V001" in sight, and why
 * each tool is refused spread over steps 3-6).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { verifyFiles } from '../../src/core/verify/explore.ts';
import { claimTitle, refusalWhy } from '../../src/core/verify/counterexampleClaim.ts';
import { agentOf } from './helpers.ts';

describe('counterexample claims', () => {
  it('titles the deadlock of release-deadlock.toml and says why each tool and the exit are refused at its end', () => {
    const loaded = loadRuleFile('release-deadlock.toml', readFileSync('examples/release-deadlock.toml', 'utf8'));
    const v001 = verifyFiles([loaded]).diagnostics.find((d) => d.code === 'V001');
    expect(v001?.trace?.claim).toEqual({
      title: 'V001 deadlock: no call can be made and the agent cannot exit',
      finalState: [
        { subject: 'lock_branch', why: 'called 1 time: the limit of #4 (Max calls · MaxCalls)' },
        { subject: 'run_tests', why: 'excluded since `hotfix` (its exclusive group) was called: #3 (Only one of · ExclusiveGroups)' },
        { subject: 'hotfix', why: 'called 1 time: the limit of #4 (Max calls · MaxCalls)' },
        { subject: 'release', why: 'needs `run_tests` called first: #2 (Call after… · RequiresPrecedingTools)' },
        { subject: 'exit', why: '`release` is required before exit and is refused too' },
      ],
    });
  });

  it('gives every code a title, and a code it does not know a plain one', () => {
    expect(claimTitle('V003')).toBe('V003 trap: after this call no sequence of calls leads to a clean exit');
    expect(claimTitle('V999')).toBe('V999 counterexample');
  });

  it('names the rule of a refusal it cannot say more about', () => {
    const agent = agentOf(['a', 'b'], [{ tool_name: 'a', rule_type: { type: 'Cooldown', value: 5 } }]);
    expect(refusalWhy(agent.rules, 'a', { kind: 'blocked', tool: 'a', code: 'Cooldown', rule: 0, message: 'm' } as never, ['a'])).toBe('blocked by #1 (Cooldown)');
    expect(refusalWhy(agent.rules, 'b', undefined, [])).toBe('not decided');
  });
});
