/**
 * T009, T011–T015: checks of single rules.
 */
import { describe, expect, it } from 'vitest';
import { SpanIndex, spanKey } from '../../src/core/diagnostics/index.ts';
import { agent, checkAgent, needs, rule, withCode } from './helpers.ts';

const ops = (tool: string, value: string[]) => rule(tool, { type: 'AllowedOperations', value });

describe('T009 a rule type with no effect on `*`', () => {
  it.each(['StartConstraint', 'ExitLoop', 'RequiredBeforeExit', 'Needed'] as const)('warns for %s', (type) => {
    const [d] = withCode(checkAgent(agent([rule('*', type)])), 'T009');
    expect(d).toMatchObject({ severity: 'warning', target: { kind: 'agent', agent: 'ag', rule: 0 } });
    expect(d?.message).toContain(`${type} has no effect with tool_name "*"`);
    expect(d?.message).toContain('so this rule applies to no tool');
  });

  it.each(['MaxCalls', 'Cooldown', 'ContinueLoop', 'RequiresPrecedingTools'] as const)('near miss: %s works on `*`', (type) => {
    const t = type === 'MaxCalls' || type === 'Cooldown' ? { type, value: 1 } : type;
    expect(withCode(checkAgent(agent([rule('*', t, { conditions: ['a'] })])), 'T009')).toEqual([]);
  });
});

describe('T011 AllowedOperations with an empty set', () => {
  it('is an error: every call is rejected', () => {
    const [d] = withCode(checkAgent(agent([ops('f', [])])), 'T011');
    expect(d).toMatchObject({ severity: 'error', target: { rule: 0, tool: 'f' } });
    expect(d?.message).toBe('AllowedOperations for `f` (rule #1 (priority 5)) allows no operation, so every call of `f` is rejected (OperationNotAllowed).');
  });

  it('near miss: one allowed operation', () => {
    expect(withCode(checkAgent(agent([ops('f', ['read'])])), 'T011')).toEqual([]);
  });
});

describe('T012 allowed operations the tool does not declare', () => {
  it('names the undeclared operation', () => {
    const list = checkAgent(agent([ops('f', ['delete', 'read'])], [{ name: 'f', operations: ['read', 'write'] }]));
    const [d] = withCode(list, 'T012');
    expect(d).toMatchObject({ severity: 'warning', target: { rule: 0, tool: 'f' } });
    expect(d?.message).toContain('allows `delete`, which `f` does not declare (it declares `read` and `write`)');
  });

  it('warns when the tool declares no operations', () => {
    const [d] = withCode(checkAgent(agent([ops('f', ['read'])], ['f'])), 'T012');
    expect(d?.message).toContain('but `f` declares no operations');
  });

  it('near miss: every allowed operation is declared', () => {
    const list = checkAgent(agent([ops('f', ['read'])], [{ name: 'f', operations: ['read', 'write'] }]));
    expect(withCode(list, 'T012')).toEqual([]);
  });
});

describe('T013 a name the agent does not declare', () => {
  it('warns once per rule and name, for tool_name, conditions and group members', () => {
    const list = checkAgent(
      agent([needs('a', 'x', 'x'), rule('y', 'ExitLoop'), rule('a', { type: 'ExclusiveGroups', value: [['a', 'z']] })], ['a']),
    );
    const t013 = withCode(list, 'T013');
    expect(t013.map((d) => d.target)).toEqual([
      { kind: 'agent', agent: 'ag', rule: 0, tool: 'x' },
      { kind: 'agent', agent: 'ag', rule: 1, tool: 'y' },
      { kind: 'agent', agent: 'ag', rule: 2, tool: 'z' },
    ]);
    expect(t013[0]!.severity).toBe('warning');
    expect(t013[0]!.message).toBe(
      'Rule #1 (priority 5) names `x`, which the agent does not declare: calls of `x` are rejected (NotFound), so anything waiting for it can never proceed.',
    );
  });

  it('near miss: an agent that declares no tools', () => {
    expect(withCode(checkAgent(agent([needs('a', 'x')])), 'T013')).toEqual([]);
  });

  it('points at the recorded span of the condition field', () => {
    const spans = new SpanIndex();
    const range = { start: { line: 4, column: 14 }, end: { line: 4, column: 19 } };
    spans.set(spanKey.rule(0, 0), { start: { line: 2, column: 1 }, end: { line: 4, column: 19 } });
    spans.set(spanKey.ruleField(0, 0, 'conditions'), range);
    const [d] = withCode(checkAgent(agent([needs('a', 'x')], ['a']), spans), 'T013');
    expect(d?.range).toEqual(range);
  });
});

describe('T014 a condition list that is empty where the type needs one', () => {
  it.each(['RequiresPrecedingTools', 'RequiresFollowingTools', 'RequiredBeforeExitIf'] as const)('warns for %s', (type) => {
    const [d] = withCode(checkAgent(agent([rule('a', type)])), 'T014');
    expect(d).toMatchObject({ severity: 'warning', target: { rule: 0, tool: 'a' } });
    expect(d?.message).toBe(`${type} for \`a\` (rule #1 (priority 5)) has no conditions, so it has no effect.`);
  });

  it('near miss: with a condition', () => {
    expect(withCode(checkAgent(agent([needs('a', 'b')])), 'T014')).toEqual([]);
  });
});

describe('T015 rules Pattern does not enforce', () => {
  it('ExitLoop with conditions', () => {
    const [d] = withCode(checkAgent(agent([rule('x', 'ExitLoop', { conditions: ['a'] })])), 'T015');
    expect(d).toMatchObject({ severity: 'info', target: { rule: 0, tool: 'x' } });
    expect(d?.message).toContain('Pattern ignores them and ends the loop on any successful call of `x`');
  });

  it('Periodic', () => {
    const [d] = withCode(checkAgent(agent([rule('x', { type: 'Periodic', value: 60000 })])), 'T015');
    expect(d?.severity).toBe('info');
    expect(d?.message).toContain('reported by the simulator (periodic_due) but not enforced by Pattern');
  });

  it('near miss: ExitLoop without conditions, Cooldown', () => {
    const list = checkAgent(agent([rule('x', 'ExitLoop'), rule('x', { type: 'Cooldown', value: 1000 })]));
    expect(withCode(list, 'T015')).toEqual([]);
  });
});
