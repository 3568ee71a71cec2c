/**
 * T010: one rule type twice for one tool_name, naming the rule that decides (§4.2).
 */
import { describe, expect, it } from 'vitest';
import { agent, checkAgent, needs, rule, withCode } from './helpers.ts';

const maxCalls = (tool: string, value: number, priority = 5) => rule(tool, { type: 'MaxCalls', value }, { priority });

describe('T010 the same rule type twice for one tool', () => {
  it('MaxCalls twice: the lowest limit decides, the other rule is flagged', () => {
    const list = withCode(checkAgent(agent([maxCalls('x', 5, 10), maxCalls('x', 3)])), 'T010');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ severity: 'warning', target: { kind: 'agent', agent: 'ag', rule: 0, tool: 'x' } });
    expect(list[0]!.message).toBe(
      '`x` has 2 MaxCalls rules (rule #1 (priority 10), rule #2 (priority 5)): both are checked; the lowest limit, 3 (rule #2 (priority 5)), is reached first and decides, so rule #1 (priority 10) never blocks a call.',
    );
  });

  it('equal limits: the first in rule order (priority, then file order) decides', () => {
    const list = withCode(checkAgent(agent([maxCalls('x', 3), maxCalls('x', 3, 9)])), 'T010');
    expect(list.map((d) => d.target)).toEqual([{ kind: 'agent', agent: 'ag', rule: 0, tool: 'x' }]);
    expect(list[0]!.message).toContain('rule #2 (priority 9) comes first in rule order and decides');
  });

  it('a unit type twice: the first in rule order decides', () => {
    const [d] = withCode(checkAgent(agent([rule('x', 'StartConstraint'), rule('x', 'StartConstraint')])), 'T010');
    expect(d?.target).toMatchObject({ rule: 1 });
    expect(d?.message).toContain('rule #1 (priority 5) comes first in rule order and decides, so rule #2 (priority 5) adds nothing');
  });

  it('AllowedOperations twice: says the intersection applies', () => {
    const ops = (value: string[]) => rule('f', { type: 'AllowedOperations', value });
    const [d] = withCode(checkAgent(agent([ops(['read', 'write']), ops(['read'])])), 'T010');
    expect(d?.message).toContain('together they allow only `read` (the intersection)');
  });

  it('near miss: a `*` rule and an exact rule are not a pair', () => {
    expect(withCode(checkAgent(agent([maxCalls('*', 5), maxCalls('x', 3)])), 'T010')).toEqual([]);
  });

  it('near miss: RequiresPrecedingTools twice with different conditions says two things', () => {
    expect(withCode(checkAgent(agent([needs('x', 'a'), needs('x', 'b')])), 'T010')).toEqual([]);
  });

  it('RequiresPrecedingTools twice with the same conditions (any order) is a pair', () => {
    expect(withCode(checkAgent(agent([needs('x', 'a', 'b'), needs('x', 'b', 'a')])), 'T010')).toHaveLength(1);
  });

  it('two `*` rules of one type are a pair', () => {
    const list = withCode(checkAgent(agent([maxCalls('*', 5), maxCalls('*', 2)])), 'T010');
    expect(list.map((d) => d.target)).toEqual([{ kind: 'agent', agent: 'ag', rule: 0 }]);
  });
});
