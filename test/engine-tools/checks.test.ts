/** Every failure code, the order of the checks, and that a failed check leaves no trace (§4). */
import { describe, expect, it } from 'vitest';
import { agent, call, ev, kinds, replay } from './helpers.ts';

const codes = (ds: ReturnType<typeof replay>) => ds.map((d) => ('code' in d ? d.code : d.kind));

describe('each failure code', () => {
  it('NotFound only when the agent declares tools; carries no rule', () => {
    expect(replay(agent([], ['a']), [call('b', 0)])).toEqual([
      { event: 0, kind: 'not_found', tool: 'b', code: 'NotFound', message: 'Tool not found: b. Available: ["a"]' },
    ]);
    expect(kinds(replay(agent([]), [call('b', 0)]))).toEqual(['allowed']);
  });

  it('StartConstraintsNotMet in gate mode lists the start tools not yet called, in rule order', () => {
    const a = agent([
      { tool_name: 'auth', rule_type: { type: 'StartConstraint' } },
      { tool_name: 'init', rule_type: { type: 'StartConstraint' }, priority: 9 },
    ]);
    const ds = replay(a, [call('work', 0), call('auth', 1), call('work', 2), call('init', 3), call('work', 4)], { startConstraints: 'gate' });
    expect(ds).toEqual([
      {
        event: 0,
        kind: 'blocked',
        tool: 'work',
        code: 'StartConstraintsNotMet',
        rule: 1,
        message: 'Tool work cannot be executed until start constraints are satisfied. Required: ["init", "auth"]',
      },
      { event: 1, kind: 'allowed', tool: 'auth', outcome: 'ok', flow: 'end' },
      {
        event: 2,
        kind: 'blocked',
        tool: 'work',
        code: 'StartConstraintsNotMet',
        rule: 1,
        message: 'Tool work cannot be executed until start constraints are satisfied. Required: ["init"]',
      },
      { event: 3, kind: 'allowed', tool: 'init', outcome: 'ok', flow: 'end' },
      { event: 4, kind: 'allowed', tool: 'work', outcome: 'ok', flow: 'end' },
    ]);
  });

  it('OrderingViolation lists the conditions and those already called', () => {
    const a = agent([{ tool_name: 'plan', rule_type: { type: 'RequiresFollowingTools' }, conditions: ['build', 'ship'] }]);
    const ds = replay(a, [call('plan', 0), call('ship', 1), call('plan', 2, { args: { v: 2 } })]);
    expect(ds[2]).toEqual({
      event: 2,
      kind: 'blocked',
      tool: 'plan',
      code: 'OrderingViolation',
      rule: 0,
      message: 'Tool plan violates ordering constraint: must be called before ["build", "ship"], but these were already executed: ["ship"]',
    });
  });

  it('PrerequisitesNotMet lists the missing conditions and the called tools in order, repeats kept', () => {
    const a = agent([{ tool_name: 'c', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['a', 'b', 'd'] }]);
    const ds = replay(a, [call('a', 0), call('b', 1), call('a', 2, { args: { x: 1 } }), call('c', 3)]);
    expect(ds[3]).toMatchObject({
      code: 'PrerequisitesNotMet',
      rule: 0,
      message: 'Tool c cannot be executed: prerequisites ["d"] not met. Executed tools: ["a", "b", "a"]',
    });
  });

  it('a call with outcome error is executed but not called', () => {
    const a = agent([{ tool_name: 'b', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['a'] }]);
    expect(codes(replay(a, [call('a', 0, { outcome: 'error' }), call('b', 1)]))).toEqual(['allowed', 'PrerequisitesNotMet']);
  });

  it('Timeout when duration_ms exceeds executionTimeoutMs, and nothing is recorded', () => {
    const a = agent([
      { tool_name: 't', rule_type: { type: 'MaxCalls', value: 1 } },
      { tool_name: 't', rule_type: { type: 'Cooldown', value: 60_000 } },
    ]);
    const ds = replay(a, [call('t', 0, { duration_ms: 1001 }), call('t', 1, { duration_ms: 1000 })], { executionTimeoutMs: 1000 });
    expect(ds).toEqual([
      { event: 0, kind: 'timeout', tool: 't', code: 'Timeout', message: 'Tool t execution timed out after 1s' },
      { event: 1, kind: 'allowed', tool: 't', outcome: 'ok', flow: 'end' },
    ]);
  });

  it('Cooldown persists across batches and reports the remaining time', () => {
    const a = agent([{ tool_name: 't', rule_type: { type: 'Cooldown', value: 2000 } }]);
    const ds = replay(a, [call('t', 0), ev('batch_start', 1), call('t', 1.55, { args: { n: 2 } }), call('t', 2, { args: { n: 3 } })]);
    expect(ds).toEqual([
      { event: 0, kind: 'allowed', tool: 't', outcome: 'ok', flow: 'end' },
      { event: 2, kind: 'blocked', tool: 't', code: 'CooldownActive', rule: 0, message: 'Tool t is in cooldown. Remaining: 450ms' },
      { event: 3, kind: 'allowed', tool: 't', outcome: 'ok', flow: 'end' },
    ]);
  });
});

describe('order of checks: the first failure decides', () => {
  const a = agent(
    [
      { tool_name: 'x', rule_type: { type: 'MaxCalls', value: 0 } },
      { tool_name: 'x', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['a'] },
      { tool_name: 'x', rule_type: { type: 'AllowedOperations', value: ['read'] } },
      { tool_name: 'x', rule_type: { type: 'RequiresConsent', value: {} } },
    ],
    ['a', 'x'],
  );
  it('unknown tool before everything', () => {
    expect(codes(replay(a, [call('y', 0)]))).toEqual(['NotFound']);
  });
  it('ordering before batch limits, limits before operations, operations before consent', () => {
    expect(codes(replay(a, [call('x', 0)]))).toEqual(['PrerequisitesNotMet']);
    expect(codes(replay(a, [call('a', 0), call('x', 1)]))).toEqual(['allowed', 'MaxCallsExceeded']);
    const b = agent(a.rules.slice(2), ['x']);
    expect(codes(replay(b, [call('x', 0, { args: { operation: 'write' }, consent: 'deny' })]))).toEqual(['OperationNotAllowed']);
    expect(codes(replay(b, [call('x', 0, { args: { operation: 'read' }, consent: 'deny' })]))).toEqual(['PermissionDenied']);
  });
  it('dedupe before the start gate and cooldown', () => {
    const g = agent([
      { tool_name: 's', rule_type: { type: 'StartConstraint' } },
      { tool_name: 's', rule_type: { type: 'Cooldown', value: 10_000 } },
    ]);
    expect(codes(replay(g, [call('s', 0), call('s', 1)], { startConstraints: 'gate' }))).toEqual(['allowed', 'Deduplicated']);
  });
  it('MaxCalls before exclusive groups; cooldown after both', () => {
    const c = agent([
      { tool_name: 'b', rule_type: { type: 'Cooldown', value: 10_000 } },
      { tool_name: 'b', rule_type: { type: 'MaxCalls', value: 1 } },
      { tool_name: 'a', rule_type: { type: 'ExclusiveGroups', value: [['a', 'b']] } },
    ]);
    expect(codes(replay(c, [call('b', 0), call('a', 1), call('b', 2, { args: { n: 1 } })]))).toEqual([
      'allowed',
      'ExclusiveGroupViolation',
      'MaxCallsExceeded',
    ]);
  });
});

describe('a failed check leaves no trace', () => {
  it('a blocked call consumes no MaxCalls slot, claims no group, sets no cooldown', () => {
    const a = agent([
      { tool_name: 'a', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['p'] },
      { tool_name: 'a', rule_type: { type: 'MaxCalls', value: 1 } },
      { tool_name: 'a', rule_type: { type: 'Cooldown', value: 60_000 } },
      { tool_name: 'g', rule_type: { type: 'ExclusiveGroups', value: [['a', 'b']] } },
    ]);
    const ds = replay(a, [call('a', 0), call('p', 1), call('a', 2), call('a', 3, { args: { n: 1 } })]);
    expect(codes(ds)).toEqual(['PrerequisitesNotMet', 'allowed', 'allowed', 'MaxCallsExceeded']);
    // `a` was blocked at event 0: `b` is free until `a` executes at event 2.
    const ds2 = replay(a, [call('a', 0), call('b', 1)]);
    expect(codes(ds2)).toEqual(['PrerequisitesNotMet', 'allowed']);
  });
  it('a denied call keeps no consent grant and records no execution', () => {
    const a = agent([
      { tool_name: 's', rule_type: { type: 'RequiresConsent', value: {} } },
      { tool_name: 's', rule_type: { type: 'MaxCalls', value: 1 } },
    ]);
    const ds = replay(a, [call('s', 0, { consent: 'deny' }), call('s', 1, { consent: 'approve_once' })]);
    expect(codes(ds)).toEqual(['PermissionDenied', 'allowed']);
  });
  it('a timed-out call writes no dedupe key, no called entry, no grant', () => {
    const a = agent([
      { tool_name: 's', rule_type: { type: 'RequiresConsent', value: {} } },
      { tool_name: 'n', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['s'] },
    ]);
    const ds = replay(
      a,
      [call('s', 0, { duration_ms: 5, consent: 'approve_scope' }), call('n', 1), call('s', 2), call('s', 3, { consent: 'deny', args: { n: 1 } })],
      { executionTimeoutMs: 1 },
    );
    expect(codes(ds)).toEqual(['Timeout', 'PrerequisitesNotMet', 'allowed', 'PermissionDenied']);
  });
});

describe('exclusive groups', () => {
  it('bind every member whatever the rule tool_name, the same member may repeat', () => {
    const a = agent([{ tool_name: 'other', rule_type: { type: 'ExclusiveGroups', value: [['a', 'b'], ['c', 'd']] } }]);
    const ds = replay(a, [call('a', 0), call('a', 1, { args: { n: 1 } }), call('c', 2), call('b', 3), call('d', 4)]);
    expect(codes(ds)).toEqual(['allowed', 'allowed', 'allowed', 'ExclusiveGroupViolation', 'ExclusiveGroupViolation']);
    expect(ds[4]).toMatchObject({ rule: 0, message: expect.stringContaining('Group ["c", "d"] already has executed tools: ["c"]') });
  });
  it('are claimed only on ok', () => {
    const a = agent([{ tool_name: 'a', rule_type: { type: 'ExclusiveGroups', value: [['a', 'b']] } }]);
    expect(codes(replay(a, [call('a', 0, { outcome: 'error' }), call('b', 1)]))).toEqual(['allowed', 'allowed']);
  });
  it('report the first rule, in rule order, holding the violated group', () => {
    const a = agent([
      { tool_name: 'x', rule_type: { type: 'ExclusiveGroups', value: [['a', 'b']] } },
      { tool_name: 'y', rule_type: { type: 'ExclusiveGroups', value: [['b', 'a']] }, priority: 7 },
    ]);
    const ds = replay(a, [call('a', 0), call('b', 1)]);
    expect(ds[1]).toMatchObject({ code: 'ExclusiveGroupViolation', rule: 1, message: expect.stringContaining('Group ["b", "a"]') });
  });
  it('reset with a new batch but not with a heartbeat continuation', () => {
    const a = agent([{ tool_name: 'a', rule_type: { type: 'ExclusiveGroups', value: [['a', 'b']] } }]);
    expect(codes(replay(a, [call('a', 0), ev('process_start', 1), call('b', 2)]))).toEqual(['allowed', 'ExclusiveGroupViolation']);
    expect(codes(replay(a, [call('a', 0), ev('batch_start', 1), call('b', 2)]))).toEqual(['allowed', 'allowed']);
  });
});

describe('MaxCalls', () => {
  it('counts executions per batch, survives heartbeat continuations', () => {
    const a = agent([{ tool_name: 't', rule_type: { type: 'MaxCalls', value: 1 } }]);
    const ds = replay(a, [call('t', 0), ev('process_start', 1), call('t', 2, { args: { n: 1 } }), ev('batch_start', 3), call('t', 4, { args: { n: 2 } })]);
    expect(codes(ds)).toEqual(['allowed', 'MaxCallsExceeded', 'allowed']);
  });
  it('with several applicable rules, the first in rule order that fails is reported', () => {
    const a = agent([
      { tool_name: '*', rule_type: { type: 'MaxCalls', value: 1 } },
      { tool_name: 't', rule_type: { type: 'MaxCalls', value: 1 }, priority: 6 },
    ]);
    const ds = replay(a, [call('t', 0), call('t', 1, { args: { n: 1 } })]);
    expect(ds[1]).toMatchObject({ code: 'MaxCallsExceeded', rule: 1 });
  });
});

describe('AllowedOperations', () => {
  it('allows the intersection of all rules; reports the first rule (rule order) excluding the operation', () => {
    const a = agent(
      [
        { tool_name: 'f', rule_type: { type: 'AllowedOperations', value: ['append', 'read', 'write'] } },
        { tool_name: 'f', rule_type: { type: 'AllowedOperations', value: ['read', 'write'] }, priority: 6 },
        { tool_name: 'f', rule_type: { type: 'AllowedOperations', value: ['delete', 'read'] } },
      ],
      [{ name: 'f', operation_field: 'op' }],
    );
    const ds = replay(a, [
      call('f', 0, { args: { op: 'read' } }),
      call('f', 1, { args: { op: 'write' } }),
      call('f', 2, { args: { op: 'append' } }),
      call('f', 3, { args: { operation: 'read' } }),
    ]);
    expect(ds.map((d) => ('rule' in d ? d.rule : d.kind))).toEqual(['allowed', 2, 1, 1]);
    expect(ds[1]).toMatchObject({ message: "Operation 'write' not allowed for tool 'f'. Allowed operations: read" });
    expect(ds[3]).toMatchObject({ message: "Operation '' not allowed for tool 'f'. Allowed operations: read" });
  });
  it('applies to the exact tool name only', () => {
    const a = agent([{ tool_name: '*', rule_type: { type: 'AllowedOperations', value: ['read'] } }]);
    expect(codes(replay(a, [call('f', 0, { args: { operation: 'write' } })]))).toEqual(['allowed']);
  });
});
