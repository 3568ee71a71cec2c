/**
 * The reference model of Pattern's `ToolRuleEngine` pinned to that engine's own tests and source
 * (orual/pattern @ 50241994a8ca19fd92d3368e0abdcbad51bb17b3,
 * crates/pattern_core/src/tool/rules/engine.rs): each test names the Rust test or method it
 * mirrors. Inputs are written here.
 */
import { describe, expect, it } from 'vitest';
import type { DecisionBody } from '../../src/core/engine/decisions.ts';
import { resolveSettings, type ReplaySettingsInput } from '../../src/core/engine/settings.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import { agent, call, ev } from '../engine-tools/helpers.ts';
import { runNaiveTools } from './naiveTools.ts';
import { PATTERN_SEMANTICS } from './patternTools.ts';

type Rules = Parameters<typeof agent>[0];

function run(rules: Rules, events: TraceEvent[], settings: ReplaySettingsInput = {}, tools: string[] = []) {
  const s = resolveSettings({ profile: 'pattern', ...settings });
  return runNaiveTools(agent(rules, tools), s, events, PATTERN_SEMANTICS).decisions.flatMap((ds, event) => ds.map((d) => ({ event, ...d })));
}
const brief = (ds: (DecisionBody & { event: number })[]) =>
  ds.map((d) => {
    if (d.kind === 'exit_blocked' || !('tool' in d)) return d.kind;
    if ('code' in d) return `${d.tool}:${d.code}`;
    return 'flow' in d ? `${d.tool}:${d.kind}:${d.flow}` : `${d.tool}:${d.kind}`;
  });

describe("model of Pattern's ToolRuleEngine: engine.rs tests", () => {
  it('test_requires_preceding_tools', () => {
    expect(brief(run([{ tool_name: 'validate', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['load'], priority: 7 }], [call('validate', 0), call('load', 1), call('validate', 2)]))).toEqual([
      'validate:PrerequisitesNotMet',
      'load:allowed:end',
      'validate:allowed:end',
    ]);
  });

  it('test_exit_loop_rule: should_exit_loop once deploy was called', () => {
    expect(brief(run([{ tool_name: 'deploy', rule_type: { type: 'ExitLoop' }, priority: 8 }], [call('build', 0), call('deploy', 1)]))).toEqual(['build:allowed:end', 'deploy:allowed:exit', 'exit']);
  });

  it('test_exclusive_group: the rule is on format_json, so only format_json is bound', () => {
    const rules: Rules = [{ tool_name: 'format_json', rule_type: { type: 'ExclusiveGroups', value: [['format_json', 'format_xml', 'format_yaml']] } }];
    const ds = run(rules, [call('format_xml', 0), call('format_json', 1), call('format_yaml', 2)]);
    expect(brief(ds)).toEqual(['format_xml:allowed:end', 'format_json:ExclusiveGroupViolation', 'format_yaml:allowed:end']);
    expect(ds[1]).toMatchObject({
      rule: 0,
      message: 'Tool format_json cannot be executed: exclusive group violation. Group ["format_json", "format_xml", "format_yaml"] already has executed tools: ["format_xml"]',
    });
  });

  it('test_max_calls and test_reset_engine_state (reset = a new batch)', () => {
    const ds = run([{ tool_name: 'api_request', rule_type: { type: 'MaxCalls', value: 2 } }], [0, 1, 2].map((i) => call('api_request', i, { args: { i } })).concat(ev('batch_start', 3), call('api_request', 4, { args: { i: 9 } })));
    expect(brief(ds)).toEqual(['api_request:allowed:end', 'api_request:allowed:end', 'api_request:MaxCallsExceeded', 'api_request:allowed:end']);
    expect(ds[2]).toMatchObject({ message: 'Tool api_request has exceeded maximum calls (2). Current: 2' });
  });

  it('test_continue_loop_rule: requires_heartbeat is false only for fast_tool', () => {
    const hb = { args: { request_heartbeat: true } };
    expect(brief(run([{ tool_name: 'fast_tool', rule_type: { type: 'ContinueLoop' }, priority: 1 }], [call('fast_tool', 0, hb), call('slow_tool', 1, hb)]))).toEqual(['fast_tool:allowed:continue', 'slow_tool:allowed:heartbeat']);
  });

  it('test_required_before_exit: listed until cleanup was called', () => {
    const rules: Rules = [{ tool_name: 'cleanup', rule_type: { type: 'RequiredBeforeExit' }, priority: 9 }];
    expect(run(rules, [ev('model_end', 0)], { exitRequirements: 'block' })[0]).toMatchObject({ kind: 'exit_blocked', pending: ['cleanup'] });
    expect(brief(run(rules, [call('cleanup', 0), ev('model_end', 1)], { exitRequirements: 'block' }))).toEqual(['cleanup:allowed:end', 'exit']);
  });

  it('test_check_operation_allowed: only the tool with the rule is gated', () => {
    const rules: Rules = [{ tool_name: 'file', rule_type: { type: 'AllowedOperations', value: ['read', 'append'] }, priority: 0 }];
    const ds = run(rules, [call('file', 0, { args: { operation: 'read' } }), call('file', 1, { args: { operation: 'delete' } }), call('other_tool', 2, { args: { operation: 'anything' } })]);
    expect(brief(ds)).toEqual(['file:allowed:end', 'file:OperationNotAllowed', 'other_tool:allowed:end']);
    expect(ds[1]).toMatchObject({ message: "Operation 'delete' not allowed for tool 'file'. Allowed operations: append, read" });
  });
});

describe("model of Pattern's ToolRuleEngine: where it differs from the spec", () => {
  it('PrerequisitesNotMet lists every condition and every successful execution (spec: the missing ones, the scope)', () => {
    const ds = run([{ tool_name: 'v', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['a', 'b'] }], [call('a', 0), call('x', 1, { outcome: 'error' }), call('a', 2, { args: { n: 1 } }), call('v', 3)]);
    expect(ds[3]).toMatchObject({ code: 'PrerequisitesNotMet', message: 'Tool v cannot be executed: prerequisites ["a", "b"] not met. Executed tools: ["a", "a"]' });
  });

  it('OrderingViolation lists every successful execution as "already executed"', () => {
    const ds = run([{ tool_name: 'a', rule_type: { type: 'RequiresFollowingTools' }, conditions: ['b', 'c'] }], [call('x', 0), call('b', 1), call('a', 2)]);
    expect(ds[2]).toMatchObject({ message: 'Tool a violates ordering constraint: must be called before ["b", "c"], but these were already executed: ["x", "b"]' });
  });

  it('checks run in rule order whatever their type: a higher-priority MaxCalls reports before RequiresPrecedingTools', () => {
    const rules: Rules = [
      { tool_name: 't', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['p'], priority: 1 },
      { tool_name: 't', rule_type: { type: 'MaxCalls', value: 0 }, priority: 9 },
    ];
    expect(run(rules, [call('t', 0)])[0]).toMatchObject({ code: 'MaxCallsExceeded', rule: 1 });
  });

  it('a "*" RequiresPrecedingTools binds its own conditions too, so nothing can run', () => {
    const ds = run([{ tool_name: '*', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['login'] }], [call('login', 0), call('x', 1)]);
    expect(brief(ds)).toEqual(['login:PrerequisitesNotMet', 'x:PrerequisitesNotMet']);
  });

  it('an exclusive group binds only the tools whose rules hold it; holders in group order', () => {
    const rules: Rules = [{ tool_name: 'c', rule_type: { type: 'ExclusiveGroups', value: [['a', 'b', 'c']] } }];
    const ds = run(rules, [call('b', 0), call('a', 1), call('c', 2)]);
    expect(brief(ds)).toEqual(['b:allowed:end', 'a:allowed:end', 'c:ExclusiveGroupViolation']);
    expect(ds[2]).toMatchObject({ message: 'Tool c cannot be executed: exclusive group violation. Group ["a", "b", "c"] already has executed tools: ["a", "b"]' });
  });

  it('duplicate start rules are listed twice; a "*" StartConstraint blocks every tool', () => {
    const dup: Rules = [
      { tool_name: 'init', rule_type: { type: 'StartConstraint' } },
      { tool_name: 'init', rule_type: { type: 'StartConstraint' } },
    ];
    expect(run(dup, [call('x', 0)], { startConstraints: 'gate' })[0]).toMatchObject({
      rule: 0,
      message: 'Tool x cannot be executed until start constraints are satisfied. Required: ["init", "init"]',
    });
    const star = run([{ tool_name: '*', rule_type: { type: 'StartConstraint' } }], [call('x', 0)]);
    expect(star[0]).toMatchObject({ code: 'StartConstraintsNotMet', message: 'Tool x cannot be executed until start constraints are satisfied. Required: ["*"]' });
  });

  it('calls after an exit are checked as usual, and model_end then gives nothing', () => {
    const ds = run([{ tool_name: 'done', rule_type: { type: 'ExitLoop' } }, { tool_name: 'x', rule_type: { type: 'MaxCalls', value: 1 } }], [call('done', 0), call('x', 1), call('x', 2, { args: { n: 1 } }), ev('model_end', 3)]);
    expect(brief(ds)).toEqual(['done:allowed:exit', 'exit', 'x:allowed:exit', 'x:MaxCallsExceeded']);
  });

  it('an ExitLoop call ends the loop with exit requirements pending; a failed one enters Cleanup', () => {
    const rules: Rules = [{ tool_name: 'done', rule_type: { type: 'ExitLoop' } }, { tool_name: 'save', rule_type: { type: 'RequiredBeforeExit' } }];
    expect(brief(run(rules, [call('done', 0)], { exitRequirements: 'block' }))).toEqual(['done:allowed:exit', 'exit']);
    const failed = run(rules, [call('done', 0, { outcome: 'error' }), call('save', 1)], { exitRequirements: 'block' });
    expect(brief(failed)).toEqual(['done:allowed:end', 'save:allowed:exit', 'exit']);
  });

  it('ExitLoop conditions are ignored; a "*" ContinueLoop without conditions covers no tool', () => {
    const hb = { args: { request_heartbeat: true } };
    const ds = run([{ tool_name: 'd', rule_type: { type: 'ExitLoop' }, conditions: ['never'] }, { tool_name: '*', rule_type: { type: 'ContinueLoop' } }], [call('x', 0, hb), call('d', 1)]);
    expect(brief(ds)).toEqual(['x:allowed:heartbeat', 'd:allowed:exit', 'exit']);
  });

  it('only the first AllowedOperations rule of a tool counts (spec: the intersection)', () => {
    const rules: Rules = [
      { tool_name: 'f', rule_type: { type: 'AllowedOperations', value: ['read', 'write'] }, priority: 6 },
      { tool_name: 'f', rule_type: { type: 'AllowedOperations', value: ['read'] } },
    ];
    expect(brief(run(rules, [call('f', 0, { args: { operation: 'write' } })]))).toEqual(['f:allowed:end']);
  });

  it('exit requirements are listed per rule, repeats kept', () => {
    const rules: Rules = [
      { tool_name: 's', rule_type: { type: 'RequiredBeforeExit' } },
      { tool_name: 's', rule_type: { type: 'RequiredBeforeExitIf' }, conditions: [] },
    ];
    expect(run(rules, [ev('model_end', 0)], { exitRequirements: 'block' })[0]).toMatchObject({
      pending: ['s', 's'],
      message: 'You must call these tools before ending the conversation: s, s',
    });
  });
});
