/**
 * T005–T008: rules that pull one tool in opposite directions.
 */
import { describe, expect, it } from 'vitest';
import { agent, checkAgent, needs, rule, withCode } from './helpers.ts';

const groups = (tool: string, value: string[][]) => rule(tool, { type: 'ExclusiveGroups', value });

describe('T005 ExitLoop and RequiredBeforeExit on one tool', () => {
  it('warns at the RequiredBeforeExit rule', () => {
    const [d] = withCode(checkAgent(agent([rule('x', 'ExitLoop'), rule('x', 'RequiredBeforeExit')])), 'T005');
    expect(d).toMatchObject({ severity: 'warning', target: { kind: 'agent', agent: 'ag', rule: 1, tool: 'x' } });
    expect(d?.message).toContain('`x` both ends the loop (ExitLoop, rule #1 (priority 5)) and is required before exit (RequiredBeforeExit, rule #2 (priority 5))');
    expect(d?.message).toContain('the loop can only end cleanly through `x`');
  });

  it('near miss: the two rules on different tools', () => {
    expect(withCode(checkAgent(agent([rule('x', 'ExitLoop'), rule('y', 'RequiredBeforeExit')])), 'T005')).toEqual([]);
  });
});

describe('T006 ExitLoop and ContinueLoop on one tool', () => {
  it('warns at the ContinueLoop rule', () => {
    const [d] = withCode(checkAgent(agent([rule('x', 'ContinueLoop'), rule('x', 'ExitLoop')])), 'T006');
    expect(d).toMatchObject({ severity: 'warning', target: { rule: 0, tool: 'x' } });
    expect(d?.message).toContain('exit wins over continue, so a successful call always ends the loop');
  });

  it('counts a `*` ContinueLoop whose conditions name the tool', () => {
    const list = checkAgent(agent([rule('*', 'ContinueLoop', { conditions: ['x'] }), rule('x', 'ExitLoop')]));
    expect(withCode(list, 'T006').map((d) => d.target)).toEqual([{ kind: 'agent', agent: 'ag', rule: 0, tool: 'x' }]);
  });

  it('near miss: a `*` ContinueLoop for other tools', () => {
    const list = checkAgent(agent([rule('*', 'ContinueLoop', { conditions: ['y'] }), rule('x', 'ExitLoop')]));
    expect(withCode(list, 'T006')).toEqual([]);
  });
});

describe('T007 two required tools in one exclusive group', () => {
  it('warns for a start tool and an exit tool sharing a group', () => {
    const list = checkAgent(agent([rule('a', 'StartConstraint'), rule('b', 'RequiredBeforeExit'), groups('a', [['a', 'b', 'c']])]));
    const [d] = withCode(list, 'T007');
    expect(d).toMatchObject({ severity: 'warning', target: { rule: 2, tool: 'b' } });
    expect(d?.message).toContain('`a` (start), `b` (required before exit)');
    expect(d?.message).toContain('one of `a` and `b` will always fail');
  });

  it('near miss: only one required tool in the group', () => {
    const list = checkAgent(agent([rule('a', 'StartConstraint'), rule('b', 'RequiredBeforeExit'), groups('a', [['a', 'c'], ['b', 'd']])]));
    expect(withCode(list, 'T007')).toEqual([]);
  });
});

describe('T008 a start tool needing a non-start tool', () => {
  it('warns at the requirement', () => {
    const list = checkAgent(agent([rule('s', 'StartConstraint'), needs('s', 'x')]));
    const [d] = withCode(list, 'T008');
    expect(d).toMatchObject({ severity: 'warning', target: { rule: 1, tool: 's' } });
    expect(d?.message).toBe(
      'Start tool `s` requires `x` before it, but that is not a start tool: with the start gate on, `x` must wait for the start tools and `s` waits for it, so nothing can run.',
    );
  });

  it('counts a `*` requirement that applies to the start tool', () => {
    const list = checkAgent(agent([rule('s', 'StartConstraint'), rule('*', 'RequiresPrecedingTools', { conditions: ['x'] })]));
    expect(withCode(list, 'T008')[0]?.message).toContain('(by the `*` rule #2 (priority 5))');
  });

  it('near miss: a start tool needing another start tool', () => {
    const list = checkAgent(agent([rule('s', 'StartConstraint'), rule('t', 'StartConstraint'), needs('s', 't')]));
    expect(withCode(list, 'T008')).toEqual([]);
  });
});
