/**
 * T001–T004: cycles of the required order, tools that can never be called, and start / exit tools
 * among them.
 */
import { describe, expect, it } from 'vitest';
import { SpanIndex, spanKey } from '../../src/core/diagnostics/index.ts';
import { agent, checkAgent, needs, rule, withCode } from './helpers.ts';

const maxCalls = (tool: string, value: number) => rule(tool, { type: 'MaxCalls', value });

describe('a sound agent', () => {
  it('gives no diagnostics: a chain from a start tool to an exit tool, limits and a wildcard', () => {
    const a = agent(
      [
        rule('connect', 'StartConstraint', { priority: 10 }),
        needs('extract', 'connect'),
        needs('load', 'extract'),
        rule('load', 'RequiredBeforeExit'),
        rule('disconnect', 'ExitLoop'),
        needs('disconnect', 'load'),
        rule('*', { type: 'MaxCalls', value: 5 }),
        rule('*', 'RequiresPrecedingTools', { conditions: ['connect'] }),
      ],
      ['connect', 'extract', 'load', 'disconnect'],
    );
    expect(checkAgent(a)).toEqual([]);
  });

  it('a `*` written as a condition or group member is no tool and breaks nothing', () => {
    const list = checkAgent(agent([needs('a', '*'), rule('a', { type: 'ExclusiveGroups', value: [['*', 'a']] })]));
    expect(list.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('T001 cycles in the required order', () => {
  it('reports a two-tool cycle at the rule that closes it, listing the cycle', () => {
    const list = checkAgent(agent([needs('a', 'b'), needs('b', 'a')]));
    const t001 = withCode(list, 'T001');
    expect(t001).toHaveLength(1);
    expect(t001[0]).toMatchObject({ severity: 'error', target: { kind: 'agent', agent: 'ag', rule: 1, tool: 'a' } });
    expect(t001[0]!.message).toContain('`a` → `b` → `a`');
    expect(t001[0]!.message).toContain('none of `a` and `b` can ever be called');
    // cycle members are not reported again as T003
    expect(withCode(list, 'T003')).toEqual([]);
  });

  it('near miss: a chain without a way back is no cycle', () => {
    expect(withCode(checkAgent(agent([needs('a', 'b'), needs('b', 'c')])), 'T001')).toEqual([]);
  });

  it('a tool that requires itself is a cycle', () => {
    const [d] = withCode(checkAgent(agent([needs('a', 'a')])), 'T001');
    expect(d?.message).toContain('`a` → `a`');
    expect(d?.message).toContain('so `a` can never be called');
  });

  it('starts the listed cycle at the first-mentioned tool and closes it with the rule back to it', () => {
    const a = agent([needs('c', 'a'), needs('a', 'b'), needs('b', 'c')], ['a', 'b', 'c']);
    const [d] = withCode(checkAgent(a), 'T001');
    expect(d?.message).toContain('`a` → `b` → `c` → `a`');
    expect(d?.target).toMatchObject({ rule: 0, tool: 'a' });
  });

  it('lists a shortest cycle through the start tool when the component holds several', () => {
    const a = agent([needs('a', 'b', 'c'), needs('b', 'c'), needs('c', 'a')], ['a', 'b', 'c']);
    const list = withCode(checkAgent(a), 'T001');
    expect(list).toHaveLength(1);
    expect(list[0]!.message).toContain('`a` → `c` → `a`');
    expect(list[0]!.message).toContain('none of `a`, `b` and `c`');
  });

  it('finds a cycle through a wildcard rule: `*` needs a, a needs b', () => {
    const list = checkAgent(agent([rule('*', 'RequiresPrecedingTools', { conditions: ['a'] }), needs('a', 'b')]));
    const t001 = withCode(list, 'T001');
    expect(t001).toHaveLength(1);
    expect(t001[0]!.message).toContain('`a` → `b` → `a`');
    expect(t001[0]!.message).toContain('through the `*` rule #1');
    expect(t001[0]!.target).toMatchObject({ rule: 0, tool: 'a' });
  });

  it('two wildcard rules needing different tools deadlock each other', () => {
    const star = (c: string) => rule('*', 'RequiresPrecedingTools', { conditions: [c] });
    const [d] = withCode(checkAgent(agent([star('a'), star('b')])), 'T001');
    expect(d?.message).toContain('`a` → `b` → `a`');
  });

  it('near miss: a wildcard rule does not apply to its own conditions', () => {
    const list = checkAgent(agent([rule('*', 'RequiresPrecedingTools', { conditions: ['a', 'b'] }), needs('a', 'b'), needs('c', 'a')]));
    expect(withCode(list, 'T001')).toEqual([]);
    expect(withCode(list, 'T003')).toEqual([]);
  });

  it('handles a cycle of 5,000 tools without overflowing the stack and shortens the listed path', () => {
    const n = 5000;
    const rules = Array.from({ length: n }, (_, i) => needs(`t${i}`, `t${(i + 1) % n}`));
    const t001 = withCode(checkAgent(agent(rules)), 'T001');
    expect(t001).toHaveLength(1);
    expect(t001[0]!.message).toContain('`t0` → `t1` →');
    expect(t001[0]!.message).toContain('(4990 more) → `t0`');
    expect(t001[0]!.message).toContain('and 4992 more can ever be called');
  });

  it('uses the recorded span of the closing rule', () => {
    const spans = new SpanIndex();
    const range = { start: { line: 9, column: 1 }, end: { line: 11, column: 20 } };
    spans.set(spanKey.rule(0, 1), range);
    const [d] = withCode(checkAgent(agent([needs('a', 'b'), needs('b', 'a')]), spans), 'T001');
    expect(d?.range).toEqual(range);
  });
});

describe('T002 requires before and must precede the same tool', () => {
  it('reports the tool, naming both rules', () => {
    const list = checkAgent(agent([needs('a', 'b'), rule('a', 'RequiresFollowingTools', { conditions: ['b'] })]));
    const [d] = withCode(list, 'T002');
    expect(d).toMatchObject({ severity: 'error', target: { rule: 1, tool: 'a' } });
    expect(d?.message).toContain('`a` needs `b` before it and must also precede `b`');
    expect(d?.message).toContain('RequiresPrecedingTools rule #1 (priority 5), RequiresFollowingTools rule #2 (priority 5)');
    expect(d?.message).toContain('so `a` can never be called');
  });

  it('near miss: preceding and following rules on different tools', () => {
    const list = checkAgent(agent([needs('a', 'b'), rule('a', 'RequiresFollowingTools', { conditions: ['c'] })]));
    expect(withCode(list, 'T002')).toEqual([]);
  });

  it('counts a wildcard RequiresFollowingTools rule that applies to the tool', () => {
    const list = checkAgent(agent([rule('*', 'RequiresFollowingTools', { conditions: ['b'] }), needs('a', 'b')]));
    expect(withCode(list, 'T002').map((d) => d.target)).toEqual([{ kind: 'agent', agent: 'ag', rule: 1, tool: 'a' }]);
  });

  it('tools that need a T002 tool can never be called either (T003)', () => {
    const list = checkAgent(agent([needs('a', 'b'), rule('a', 'RequiresFollowingTools', { conditions: ['b'] }), needs('c', 'a')]));
    const t003 = withCode(list, 'T003');
    expect(t003.map((d) => d.target.kind === 'agent' && d.target.tool)).toEqual(['c']);
    expect(t003[0]!.message).toContain('which both needs `b` before it and must precede it');
  });
});

describe('T003 a tool that can never be called', () => {
  it('needs an undeclared tool (only when the agent declares tools)', () => {
    const list = checkAgent(agent([needs('b', 'x')], ['a', 'b']));
    const [d] = withCode(list, 'T003');
    expect(d).toMatchObject({ severity: 'error', target: { rule: 0, tool: 'b' } });
    expect(d?.message).toBe('`b` can never be called: it needs `x`, which is not among the agent’s declared tools.');
  });

  it('near miss: without declared tools any name can be called', () => {
    expect(withCode(checkAgent(agent([needs('b', 'x')])), 'T003')).toEqual([]);
  });

  it('needs a tool in a cycle, transitively, naming the chain', () => {
    const list = checkAgent(agent([needs('a', 'b'), needs('b', 'a'), needs('c', 'a'), needs('d', 'c')]));
    const t003 = withCode(list, 'T003');
    expect(t003.map((d) => d.target.kind === 'agent' && d.target.tool)).toEqual(['c', 'd']);
    expect(t003[1]!.message).toBe(
      '`d` can never be called: it needs `c`, which needs `a`, which is in a cycle of the required order (`a` → `b` → `a`).',
    );
    expect(t003[1]!.target).toMatchObject({ rule: 3 });
  });

  it('is limited by MaxCalls(0), itself and the tools that need it', () => {
    const list = checkAgent(agent([maxCalls('a', 0), needs('b', 'a')]));
    const t003 = withCode(list, 'T003');
    expect(t003.map((d) => d.target)).toEqual([
      { kind: 'agent', agent: 'ag', rule: 0, tool: 'a' },
      { kind: 'agent', agent: 'ag', rule: 1, tool: 'b' },
    ]);
    expect(t003[0]!.message).toBe('`a` can never be called: it is limited by MaxCalls(0) (rule #1 (priority 5)).');
    expect(t003[1]!.message).toContain('it needs `a`, which is limited by MaxCalls(0)');
  });

  it('near miss: MaxCalls(1) still allows one call', () => {
    expect(withCode(checkAgent(agent([maxCalls('a', 1), needs('b', 'a')])), 'T003')).toEqual([]);
  });

  it('a wildcard MaxCalls(0) limits every tool', () => {
    const list = checkAgent(agent([rule('*', { type: 'MaxCalls', value: 0 }), rule('a', 'ContinueLoop')]));
    expect(withCode(list, 'T003').map((d) => d.target.kind === 'agent' && d.target.tool)).toEqual(['a']);
  });

  it('is in an exclusive group with a tool it requires', () => {
    const list = checkAgent(agent([rule('a', { type: 'ExclusiveGroups', value: [['a', 'b']] }), needs('a', 'b')]));
    const [d] = withCode(list, 'T003');
    expect(d?.target).toMatchObject({ rule: 1, tool: 'a' });
    expect(d?.message).toContain('it needs `b` before it but shares an exclusive group with it (rule #1 (priority 5))');
  });

  it('near miss: the group holds other tools', () => {
    const list = checkAgent(agent([rule('a', { type: 'ExclusiveGroups', value: [['a', 'c']] }), needs('a', 'b')]));
    expect(withCode(list, 'T003')).toEqual([]);
  });

  it('a wildcard requirement on a group partner counts too', () => {
    const list = checkAgent(
      agent([rule('x', { type: 'ExclusiveGroups', value: [['a', 'b']] }), rule('*', 'RequiresPrecedingTools', { conditions: ['b'] })]),
    );
    expect(withCode(list, 'T003').map((d) => d.target.kind === 'agent' && d.target.tool)).toEqual(['a']);
  });

  it('shortens the chain of a 5,000-tool path without overflowing the stack', () => {
    const n = 5000;
    const rules = [...Array.from({ length: n - 1 }, (_, i) => needs(`t${i}`, `t${i + 1}`)), maxCalls(`t${n - 1}`, 0)];
    const t003 = withCode(checkAgent(agent(rules)), 'T003');
    expect(t003).toHaveLength(n);
    const first = t003.find((d) => d.target.kind === 'agent' && d.target.tool === 't0')!;
    expect(first.message).toBe(
      '`t0` can never be called: it needs `t1`, which needs `t2`, which needs `t3`, which needs `t4`, which needs … (4994 more) … `t4999`, which is limited by MaxCalls(0) (rule #5000 (priority 5)).',
    );
  });
});

describe('T004 a start or exit tool that can never be called', () => {
  it('a start tool in a cycle: T001 and T004, pointing at the StartConstraint rule', () => {
    const list = checkAgent(agent([needs('s', 't'), needs('t', 's'), rule('s', 'StartConstraint')]));
    expect(withCode(list, 'T001')).toHaveLength(1);
    const [d] = withCode(list, 'T004');
    expect(d).toMatchObject({ severity: 'error', target: { rule: 2, tool: 's' } });
    expect(d?.message).toContain('Start tool `s` can never be called (it is in a cycle of the required order');
    expect(d?.message).toMatch(/so the agent can never start\.$/);
  });

  it('an exit tool limited by MaxCalls(0): T004 instead of T003', () => {
    const list = checkAgent(agent([rule('c', 'RequiredBeforeExit'), maxCalls('c', 0)]));
    expect(withCode(list, 'T003')).toEqual([]);
    const [d] = withCode(list, 'T004');
    expect(d?.target).toMatchObject({ rule: 0, tool: 'c' });
    expect(d?.message).toBe(
      '`c` is required before exit but can never be called (it is limited by MaxCalls(0) (rule #2 (priority 5))), so the agent can never exit cleanly.',
    );
  });

  it('an undeclared exit tool can never be called', () => {
    const list = checkAgent(agent([rule('save', 'RequiredBeforeExit')], ['a']));
    expect(withCode(list, 'T004')[0]?.message).toContain('it is not among the agent’s declared tools');
    expect(withCode(list, 'T013')).toHaveLength(1);
  });

  it('near miss: an exit tool whose needs can be met', () => {
    const list = checkAgent(agent([rule('c', 'RequiredBeforeExit'), needs('c', 'a'), rule('s', 'StartConstraint')]));
    expect(withCode(list, 'T004')).toEqual([]);
  });
});
