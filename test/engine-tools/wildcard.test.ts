/** Wildcard "*" (§4.3) and the `rule` index on failures (§8: file order, whatever the priority). */
import { describe, expect, it } from 'vitest';
import { agent, call, ev, replay } from './helpers.ts';

const codes = (ds: ReturnType<typeof replay>) => ds.map((d) => ('code' in d ? `${d.code}#${'rule' in d ? d.rule : '-'}` : d.kind));

describe('wildcard rules', () => {
  it('RequiresPrecedingTools "*" applies to every tool except those in its own conditions', () => {
    const a = agent([{ tool_name: '*', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['login'] }]);
    expect(codes(replay(a, [call('read', 0), call('login', 1), call('read', 2)]))).toEqual(['PrerequisitesNotMet#0', 'allowed', 'allowed']);
  });

  it('RequiresFollowingTools "*" likewise', () => {
    const a = agent([{ tool_name: '*', rule_type: { type: 'RequiresFollowingTools' }, conditions: ['submit'] }]);
    expect(codes(replay(a, [call('edit', 0), call('submit', 1), call('submit', 2, { args: { n: 1 } }), call('edit', 3, { args: { n: 1 } })]))).toEqual([
      'allowed',
      'allowed',
      'allowed',
      'OrderingViolation#0',
    ]);
  });

  it('Cooldown "*" is a limit for each tool separately', () => {
    const a = agent([{ tool_name: '*', rule_type: { type: 'Cooldown', value: 5000 } }]);
    expect(codes(replay(a, [call('a', 0), call('b', 1), call('a', 2, { args: { n: 1 } }), call('a', 5, { args: { n: 2 } })]))).toEqual([
      'allowed',
      'allowed',
      'CooldownActive#0',
      'allowed',
    ]);
  });

  it('StartConstraint, RequiredBeforeExit, ExitLoop and RequiresConsent with "*" have no effect', () => {
    const a = agent([
      { tool_name: '*', rule_type: { type: 'StartConstraint' } },
      { tool_name: '*', rule_type: { type: 'RequiredBeforeExit' } },
      { tool_name: '*', rule_type: { type: 'ExitLoop' } },
      { tool_name: '*', rule_type: { type: 'RequiresConsent', value: {} } },
    ]);
    expect(replay(a, [call('a', 0, { consent: 'deny' }), ev('model_end', 1)])).toEqual([
      { event: 0, kind: 'allowed', tool: 'a', outcome: 'ok', flow: 'end' },
      { event: 1, kind: 'exit' },
    ]);
  });
});

describe('rule index on failures is the file-order index, though checks run in priority order', () => {
  it('ordering, limit and cooldown failures carry the rule that failed', () => {
    const a = agent([
      { tool_name: 't', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['a'], priority: 1 },
      { tool_name: 't', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['b'], priority: 9 },
      { tool_name: 't', rule_type: { type: 'Cooldown', value: 1000 }, priority: 1 },
      { tool_name: 't', rule_type: { type: 'Cooldown', value: 5000 }, priority: 2 },
    ]);
    expect(codes(replay(a, [call('t', 0), call('b', 1), call('t', 2), call('a', 3), call('t', 4), call('t', 7, { args: { n: 1 } })]))).toEqual([
      'PrerequisitesNotMet#1',
      'allowed',
      'PrerequisitesNotMet#0',
      'allowed',
      'allowed',
      'CooldownActive#3',
    ]);
  });

  it('StartConstraintsNotMet carries the first StartConstraint rule (rule order) whose tool is not yet called', () => {
    const a = agent([
      { tool_name: 'a', rule_type: { type: 'StartConstraint' } },
      { tool_name: 'b', rule_type: { type: 'StartConstraint' }, priority: 6 },
    ]);
    expect(codes(replay(a, [call('x', 0), call('b', 1), call('x', 2)], { startConstraints: 'gate' }))).toEqual([
      'StartConstraintsNotMet#1',
      'allowed',
      'StartConstraintsNotMet#0',
    ]);
  });

  it('PermissionDenied carries the RequiresConsent rule; NotFound, Deduplicated and Timeout carry none', () => {
    const a = agent([{ tool_name: 'x', rule_type: { type: 'Needed' } }, { tool_name: 's', rule_type: { type: 'RequiresConsent', value: {} } }], ['s', 't']);
    const ds = replay(a, [call('s', 0, { consent: 'deny' }), call('u', 1), call('t', 2), call('t', 3), call('t', 4, { args: { n: 1 }, duration_ms: 200_000 })]);
    expect(codes(ds)).toEqual(['PermissionDenied#1', 'NotFound#-', 'allowed', 'Deduplicated#-', 'Timeout#-']);
  });
});
