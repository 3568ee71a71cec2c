/** Start and exit (§5), scopes and markers (§3, §8), flow (§4.1). */
import { describe, expect, it } from 'vitest';
import { agent, call, ev, kinds, replay } from './helpers.ts';

const startRule = (tool: string, priority = 5) => ({ tool_name: tool, rule_type: { type: 'StartConstraint' as const }, priority });
const auto = (event: number, tool: string, reason: 'start_constraint' | 'exit_requirement' = 'start_constraint') => ({
  event,
  kind: 'auto',
  tool,
  reason,
  outcome: 'ok',
  flow: 'end',
});

describe('auto start', () => {
  const a = agent([startRule('auth'), startRule('init', 9)]);

  it('with no marker, runs before the first event (any type) carrying its index, in rule order', () => {
    expect(replay(a, [ev('tokens', 0, { input: 1, output: 1 }), call('work', 1)])).toEqual([
      auto(0, 'init'),
      auto(0, 'auth'),
      { event: 1, kind: 'allowed', tool: 'work', outcome: 'ok', flow: 'end' },
    ]);
  });

  it('a batch_start as the very first event replaces the implicit batch', () => {
    expect(replay(a, [ev('batch_start', 0), call('work', 1)])).toEqual([
      auto(0, 'init'),
      auto(0, 'auth'),
      { event: 1, kind: 'allowed', tool: 'work', outcome: 'ok', flow: 'end' },
    ]);
  });

  it('runs again at each batch_start (after the reset); not at process_start with orderingScope batch', () => {
    const ds = replay(a, [call('work', 0), ev('process_start', 1), ev('batch_start', 2)]);
    expect(ds).toEqual([auto(0, 'init'), auto(0, 'auth'), { event: 0, kind: 'allowed', tool: 'work', outcome: 'ok', flow: 'end' }, auto(2, 'init'), auto(2, 'auth')]);
  });

  it('with orderingScope process, also runs at every process_start', () => {
    const ds = replay(a, [call('work', 0), ev('process_start', 1)], { orderingScope: 'process' });
    expect(kinds(ds)).toEqual(['auto', 'auto', 'allowed', 'auto', 'auto']);
    expect(ds[3]).toEqual(auto(1, 'init'));
  });

  it('synthetic calls skip dedupe (neither check nor write) but go through every other check', () => {
    const b = agent([startRule('s'), { tool_name: 's', rule_type: { type: 'MaxCalls', value: 1 } }]);
    // The trace's own call of s with args {} is not deduplicated against the synthetic one: MaxCalls blocks it.
    const ds = replay(b, [call('s', 0), ev('process_start', 1)], { orderingScope: 'process' });
    expect(ds).toEqual([
      auto(0, 's'),
      { event: 0, kind: 'blocked', tool: 's', code: 'MaxCallsExceeded', rule: 1, message: 'Tool s has exceeded maximum calls (1). Current: 1' },
      {
        event: 1,
        kind: 'blocked',
        tool: 's',
        code: 'MaxCallsExceeded',
        rule: 1,
        message: 'Tool s has exceeded maximum calls (1). Current: 1',
        reason: 'start_constraint',
      },
    ]);
    const c = agent([startRule('s')]);
    expect(kinds(replay(c, [call('s', 0), call('s', 1)]))).toEqual(['auto', 'allowed', 'deduplicated']);
  });

  it('an undeclared start tool is reported not_found with its reason', () => {
    const d = agent([startRule('s')], ['x']);
    expect(replay(d, [call('x', 0)])[0]).toEqual({
      event: 0,
      kind: 'not_found',
      tool: 's',
      code: 'NotFound',
      message: 'Tool not found: s. Available: ["x"]',
      reason: 'start_constraint',
    });
  });

  it('their flow is reported, never acted on', () => {
    const e = agent([startRule('s'), { tool_name: 's', rule_type: { type: 'ExitLoop' } }]);
    expect(replay(e, [call('x', 0)])).toEqual([
      { ...auto(0, 's'), flow: 'exit' },
      { event: 0, kind: 'allowed', tool: 'x', outcome: 'ok', flow: 'end' },
    ]);
  });
});

describe('gate start', () => {
  it('issues no synthetic calls; the gate resets with the ordering scope', () => {
    const a = agent([startRule('init')]);
    const ds = replay(a, [call('init', 0), call('w', 1), ev('process_start', 2), call('w', 3, { args: { n: 1 } })], {
      startConstraints: 'gate',
      orderingScope: 'process',
    });
    expect(ds.map((d) => ('code' in d ? d.code : d.kind))).toEqual(['allowed', 'allowed', 'StartConstraintsNotMet']);
    const batch = replay(a, [call('init', 0), ev('process_start', 2), call('w', 3)], { startConstraints: 'gate' });
    expect(kinds(batch)).toEqual(['allowed', 'allowed']);
  });
});

describe('exit', () => {
  const a = agent([
    { tool_name: 'send', rule_type: { type: 'ExitLoop' } },
    { tool_name: 'save', rule_type: { type: 'RequiredBeforeExit' } },
    { tool_name: 'close', rule_type: { type: 'RequiredBeforeExit' }, priority: 6 },
    { tool_name: 'audit', rule_type: { type: 'RequiredBeforeExitIf' }, conditions: ['delete'] },
  ]);

  it('block mode: exit_blocked with the exact message; the loop goes on', () => {
    const ds = replay(a, [call('send', 0), call('close', 1), ev('model_end', 2), call('save', 3), ev('model_end', 4)], { exitRequirements: 'block' });
    expect(ds).toEqual([
      { event: 0, kind: 'allowed', tool: 'send', outcome: 'ok', flow: 'exit' },
      {
        event: 0,
        kind: 'exit_blocked',
        pending: ['close', 'save'],
        code: 'RequiredBeforeExit',
        message: 'You must call these tools before ending the conversation: close, save',
      },
      { event: 1, kind: 'allowed', tool: 'close', outcome: 'ok', flow: 'end' },
      { event: 2, kind: 'exit_blocked', pending: ['save'], code: 'RequiredBeforeExit', message: 'You must call these tools before ending the conversation: save' },
      { event: 3, kind: 'allowed', tool: 'save', outcome: 'ok', flow: 'end' },
      { event: 4, kind: 'exit' },
    ]);
  });

  it('RequiredBeforeExitIf is pending once its conditions were all called', () => {
    const ds = replay(a, [call('close', 0), call('save', 1), call('delete', 2), ev('model_end', 3)], { exitRequirements: 'block' });
    expect(ds[3]).toMatchObject({ kind: 'exit_blocked', pending: ['audit'] });
  });

  it('auto mode: synthetic exit calls in rule order, then exit; later calls ignored; model_end after exit gives nothing', () => {
    const ds = replay(a, [call('send', 0), call('x', 1), ev('model_end', 2), ev('process_start', 3), call('x', 4)]);
    expect(ds).toEqual([
      { event: 0, kind: 'allowed', tool: 'send', outcome: 'ok', flow: 'exit' },
      auto(0, 'close', 'exit_requirement'),
      auto(0, 'save', 'exit_requirement'),
      { event: 0, kind: 'exit' },
      { event: 1, kind: 'ignored', tool: 'x' },
      { event: 4, kind: 'allowed', tool: 'x', outcome: 'ok', flow: 'end' },
    ]);
  });

  it('auto mode: a failing exit requirement turns the exit into exit_blocked listing what is still missing', () => {
    const b = agent([
      { tool_name: 'save', rule_type: { type: 'RequiredBeforeExit' } },
      { tool_name: 'save', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['load'] },
      { tool_name: 'close', rule_type: { type: 'RequiredBeforeExit' } },
    ]);
    const ds = replay(b, [ev('model_end', 0), call('load', 1), ev('model_end', 2)]);
    expect(ds).toEqual([
      {
        event: 0,
        kind: 'blocked',
        tool: 'save',
        code: 'PrerequisitesNotMet',
        rule: 1,
        message: 'Tool save cannot be executed: prerequisites ["load"] not met. Executed tools: []',
        reason: 'exit_requirement',
      },
      auto(0, 'close', 'exit_requirement'),
      { event: 0, kind: 'exit_blocked', pending: ['save'], code: 'RequiredBeforeExit', message: 'You must call these tools before ending the conversation: save' },
      { event: 1, kind: 'allowed', tool: 'load', outcome: 'ok', flow: 'end' },
      auto(2, 'save', 'exit_requirement'),
      { event: 2, kind: 'exit' },
    ]);
  });

  it('auto mode: one pass over what was pending; a requirement that becomes pending through it blocks this exit', () => {
    const c = agent([
      { tool_name: 'audit', rule_type: { type: 'RequiredBeforeExitIf' }, conditions: ['save'] },
      { tool_name: 'save', rule_type: { type: 'RequiredBeforeExit' } },
    ]);
    expect(replay(c, [ev('model_end', 0), ev('model_end', 1)])).toEqual([
      auto(0, 'save', 'exit_requirement'),
      { event: 0, kind: 'exit_blocked', pending: ['audit'], code: 'RequiredBeforeExit', message: 'You must call these tools before ending the conversation: audit' },
      auto(1, 'audit', 'exit_requirement'),
      { event: 1, kind: 'exit' },
    ]);
  });

  it('exit requirements are counted in the ordering scope', () => {
    const ds = replay(a, [call('close', 0), call('save', 1), ev('process_start', 2), ev('model_end', 3)], { orderingScope: 'process' });
    expect(kinds(ds)).toEqual(['allowed', 'allowed', 'auto', 'auto', 'exit']);
    const batch = replay(a, [call('close', 0), call('save', 1), ev('process_start', 2), ev('model_end', 3)]);
    expect(kinds(batch)).toEqual(['allowed', 'allowed', 'exit']);
  });

  it('ExitLoop with conditions exits only once all of them were called; an error outcome never exits', () => {
    const d = agent([{ tool_name: 'done', rule_type: { type: 'ExitLoop' }, conditions: ['check'] }]);
    const ds = replay(d, [call('done', 0), call('check', 1), call('done', 2, { outcome: 'error', args: { n: 1 } }), call('done', 3, { args: { n: 2 } })]);
    expect(ds.map((x) => ('flow' in x ? x.flow : x.kind))).toEqual(['end', 'end', 'end', 'exit', 'exit']);
  });

  it('a batch_start also re-opens the loop after exit', () => {
    const e = agent([{ tool_name: 'send', rule_type: { type: 'ExitLoop' } }]);
    expect(kinds(replay(e, [call('send', 0), call('x', 1), ev('batch_start', 2), call('x', 3)]))).toEqual(['allowed', 'exit', 'ignored', 'allowed']);
  });
});

describe('flow', () => {
  const a = agent([
    { tool_name: 'send', rule_type: { type: 'ExitLoop' } },
    { tool_name: 'search', rule_type: { type: 'ContinueLoop' } },
    { tool_name: '*', rule_type: { type: 'ContinueLoop' }, conditions: ['peek'] },
  ]);
  const flows = (ds: ReturnType<typeof replay>) => ds.filter((d) => d.kind === 'allowed').map((d) => ('flow' in d ? d.flow : ''));

  it('heartbeat needs request_heartbeat JSON true and no applicable ContinueLoop; it wins over exit', () => {
    const ds = replay(a, [
      call('send', 0, { args: { request_heartbeat: true } }),
      call('x', 1, { args: { request_heartbeat: 'true' } }),
      call('x', 2, { args: { n: 2, request_heartbeat: true }, outcome: 'error' }),
      call('search', 3, { args: { request_heartbeat: true } }),
      call('peek', 4, { args: { request_heartbeat: true } }),
      call('other', 5),
    ]);
    expect(flows(ds)).toEqual(['heartbeat', 'end', 'heartbeat', 'continue', 'continue', 'end']);
  });

  it('a wildcard ContinueLoop without conditions applies to every tool, but exit still wins over continue', () => {
    const b = agent([
      { tool_name: '*', rule_type: { type: 'ContinueLoop' } },
      { tool_name: 'send', rule_type: { type: 'ExitLoop' } },
    ]);
    const ds = replay(b, [call('x', 0, { args: { request_heartbeat: true } }), call('send', 1)]);
    expect(flows(ds)).toEqual(['continue', 'exit']);
  });
});
