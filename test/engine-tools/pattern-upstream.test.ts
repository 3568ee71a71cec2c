/**
 * Scenarios adapted from Pattern's own tests (crates/pattern_core/src/tool/rules/engine.rs and
 * integration_tests.rs). Where our spec deliberately differs from Pattern's code, the test name
 * says so.
 */
import { describe, expect, it } from 'vitest';
import { agent, call, ev, replay } from './helpers.ts';

const codes = (ds: ReturnType<typeof replay>) => ds.map((d) => ('code' in d ? d.code : d.kind));
const flows = (ds: ReturnType<typeof replay>) => ds.map((d) => ('flow' in d ? d.flow : d.kind));

describe('adapted from Pattern engine.rs', () => {
  it('test_requires_preceding_tools', () => {
    const a = agent([{ tool_name: 'validate', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['load'] }]);
    expect(codes(replay(a, [call('validate', 0), call('load', 1), call('validate', 2)]))).toEqual(['PrerequisitesNotMet', 'allowed', 'allowed']);
  });

  it('test_exit_loop_rule', () => {
    const a = agent([{ tool_name: 'deploy', rule_type: { type: 'ExitLoop' }, priority: 8 }]);
    expect(flows(replay(a, [call('build', 0), call('deploy', 1)]))).toEqual(['end', 'exit', 'exit']);
  });

  it('test_exclusive_group', () => {
    const a = agent([{ tool_name: 'format_json', rule_type: { type: 'ExclusiveGroups', value: [['format_json', 'format_xml', 'format_yaml']] } }]);
    expect(codes(replay(a, [call('format_xml', 0), call('format_json', 1)]))).toEqual(['allowed', 'ExclusiveGroupViolation']);
  });

  it('test_max_calls', () => {
    const a = agent([{ tool_name: 'api_request', rule_type: { type: 'MaxCalls', value: 2 } }]);
    const ds = replay(a, [0, 1, 2].map((i) => call('api_request', i, { args: { i } })));
    expect(codes(ds)).toEqual(['allowed', 'allowed', 'MaxCallsExceeded']);
  });

  it('test_continue_loop_rule (requires_heartbeat): a ContinueLoop tool never asks for a heartbeat', () => {
    const a = agent([{ tool_name: 'fast_tool', rule_type: { type: 'ContinueLoop' }, priority: 1 }]);
    const hb = { args: { request_heartbeat: true } };
    expect(flows(replay(a, [call('fast_tool', 0, hb), call('slow_tool', 1, hb)]))).toEqual(['continue', 'heartbeat']);
  });

  it('test_required_before_exit', () => {
    const a = agent([{ tool_name: 'cleanup', rule_type: { type: 'RequiredBeforeExit' }, priority: 9 }]);
    expect(replay(a, [ev('model_end', 0)], { exitRequirements: 'block' })[0]).toMatchObject({ kind: 'exit_blocked', pending: ['cleanup'] });
    expect(codes(replay(a, [call('cleanup', 0), ev('model_end', 1)], { exitRequirements: 'block' }))).toEqual(['allowed', 'exit']);
  });

  it('test_reset_engine_state: a new batch resets MaxCalls', () => {
    const a = agent([{ tool_name: 'test_tool', rule_type: { type: 'MaxCalls', value: 1 } }]);
    const ds = replay(a, [call('test_tool', 0), call('test_tool', 1, { args: { n: 1 } }), ev('batch_start', 2), call('test_tool', 3, { args: { n: 2 } })]);
    expect(codes(ds)).toEqual(['allowed', 'MaxCallsExceeded', 'allowed']);
  });

  it('test_check_operation_allowed', () => {
    const a = agent([{ tool_name: 'file', rule_type: { type: 'AllowedOperations', value: ['append', 'read'] }, priority: 0 }]);
    const ops = ['read', 'append', 'delete'].map((operation, i) => call('file', i, { args: { operation } }));
    expect(codes(replay(a, [...ops, call('other_tool', 3, { args: { operation: 'anything' } })]))).toEqual(['allowed', 'allowed', 'OperationNotAllowed', 'allowed']);
  });
});

describe('adapted from Pattern integration_tests.rs', () => {
  it('test_etl_workflow_integration: the full chain runs in order (start tool called by the trace, gate mode)', () => {
    const chain = ['connect_database', 'extract_data', 'validate_data', 'transform_data', 'load_to_warehouse'];
    const a = agent([
      { tool_name: 'connect_database', rule_type: { type: 'StartConstraint' }, priority: 10 },
      ...chain.slice(1).map((t, i) => ({ tool_name: t, rule_type: { type: 'RequiresPrecedingTools' as const }, conditions: [chain[i] ?? ''], priority: 7 })),
      { tool_name: 'disconnect_database', rule_type: { type: 'RequiredBeforeExit' }, priority: 9 },
    ]);
    const ds = replay(a, [...chain, 'disconnect_database'].map((t, i) => call(t, i)).concat(ev('model_end', 6)), { startConstraints: 'gate' });
    expect(codes(ds)).toEqual(['allowed', 'allowed', 'allowed', 'allowed', 'allowed', 'allowed', 'exit']);
  });

  it('test_api_client_scenario: cooldown 500 ms with calls 600 ms apart, MaxCalls 5, exclusive post/delete', () => {
    const group = [['post_status', 'delete_status']];
    const a = agent([
      { tool_name: 'authenticate', rule_type: { type: 'StartConstraint' }, priority: 10 },
      { tool_name: 'post_status', rule_type: { type: 'MaxCalls', value: 5 } },
      { tool_name: 'post_status', rule_type: { type: 'Cooldown', value: 500 }, priority: 4 },
      { tool_name: 'post_status', rule_type: { type: 'ExclusiveGroups', value: group }, priority: 6 },
      { tool_name: 'delete_status', rule_type: { type: 'ExclusiveGroups', value: group }, priority: 6 },
      { tool_name: 'logout', rule_type: { type: 'RequiredBeforeExit' }, priority: 9 },
    ]);
    const posts = [0, 1, 2, 3, 4, 5].map((i) => call('post_status', i * 0.6, { args: { i } }));
    const ds = replay(a, [...posts, call('delete_status', 4), ev('model_end', 5)]);
    expect(codes(ds)).toEqual([
      'auto',
      'allowed',
      'allowed',
      'allowed',
      'allowed',
      'allowed',
      'MaxCallsExceeded',
      'ExclusiveGroupViolation',
      'auto',
      'exit',
    ]);
  });

  it('test_cooldown_functionality: blocked within 100 ms, allowed after 150 ms', () => {
    const a = agent([{ tool_name: 'slow_tool', rule_type: { type: 'Cooldown', value: 100 }, priority: 4 }]);
    const ds = replay(a, [call('slow_tool', 0, { args: { n: 0 } }), call('slow_tool', 0.05, { args: { n: 1 } }), call('slow_tool', 0.15, { args: { n: 2 } })]);
    expect(codes(ds)).toEqual(['allowed', 'CooldownActive', 'allowed']);
    expect(ds[1]).toMatchObject({ message: 'Tool slow_tool is in cooldown. Remaining: 50ms' });
  });

  it('test_rule_violations (differs: the start gate lists only start tools not yet called, executor lists all)', () => {
    const a = agent([
      { tool_name: 'init', rule_type: { type: 'StartConstraint' }, priority: 10 },
      { tool_name: 'step2', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['step1'], priority: 7 },
      { tool_name: 'limited', rule_type: { type: 'MaxCalls', value: 2 } },
      { tool_name: 'exclusive_a', rule_type: { type: 'ExclusiveGroups', value: [['exclusive_a', 'exclusive_b']] }, priority: 6 },
      { tool_name: 'exclusive_b', rule_type: { type: 'ExclusiveGroups', value: [['exclusive_a', 'exclusive_b']] }, priority: 6 },
    ]);
    const ds = replay(
      a,
      [call('step1', 0), call('init', 1), call('step2', 2), call('step1', 3), call('step2', 4), call('limited', 5, { args: { n: 1 } }), call('limited', 6, { args: { n: 2 } }), call('limited', 7, { args: { n: 3 } }), call('exclusive_a', 8), call('exclusive_b', 9)],
      { startConstraints: 'gate' },
    );
    expect(codes(ds)).toEqual(['StartConstraintsNotMet', 'allowed', 'PrerequisitesNotMet', 'allowed', 'allowed', 'allowed', 'allowed', 'MaxCallsExceeded', 'allowed', 'ExclusiveGroupViolation']);
    expect(ds[0]).toMatchObject({ message: 'Tool step1 cannot be executed until start constraints are satisfied. Required: ["init"]' });
  });

  it('OrderingViolation differs from Pattern engine.rs: lists the conditions already called, not every executed tool', () => {
    const a = agent([{ tool_name: 'a', rule_type: { type: 'RequiresFollowingTools' }, conditions: ['b'] }]);
    const ds = replay(a, [call('x', 0), call('b', 1), call('a', 2)]);
    expect(ds[2]).toMatchObject({ message: 'Tool a violates ordering constraint: must be called before ["b"], but these were already executed: ["b"]' });
  });

  it('MaxCalls differs from Pattern executor.rs: a call failing a later check does not use up a slot', () => {
    const a = agent([
      { tool_name: 't', rule_type: { type: 'MaxCalls', value: 1 } },
      { tool_name: 't', rule_type: { type: 'RequiresConsent', value: {} } },
    ]);
    expect(codes(replay(a, [call('t', 0, { consent: 'deny' }), call('t', 1, { consent: 'approve_once' })]))).toEqual(['PermissionDenied', 'allowed']);
  });

  it('test_agent_lifecycle_with_exit_requirements: ContinueLoop processing, ExitLoop finalises after cleanup runs', () => {
    const a = agent([
      { tool_name: 'initialize', rule_type: { type: 'StartConstraint' }, priority: 10 },
      { tool_name: 'process_data', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['initialize'], priority: 7 },
      { tool_name: 'process_data', rule_type: { type: 'ContinueLoop' }, priority: 1 },
      { tool_name: 'finalize_processing', rule_type: { type: 'ExitLoop' }, priority: 8 },
      { tool_name: 'cleanup', rule_type: { type: 'RequiredBeforeExit' }, priority: 9 },
    ]);
    const ds = replay(a, [call('process_data', 0), call('finalize_processing', 1)]);
    expect(flows(ds)).toEqual(['end', 'continue', 'exit', 'end', 'exit']);
    expect(codes(ds)).toEqual(['auto', 'allowed', 'allowed', 'auto', 'exit']);
  });
});
