/** Periodic (§5, §8). */
import { describe, expect, it } from 'vitest';
import { agent, call, ev, replay } from './helpers.ts';

const due = (event: number, tool: string, rule: number) => ({ event, kind: 'periodic_due', tool, rule });

describe('periodic', () => {
  const a = agent([
    { tool_name: 'x', rule_type: { type: 'MaxCalls', value: 9 } },
    { tool_name: 'sync', rule_type: { type: 'Periodic', value: 10_000 } },
  ]);

  it('reference is the first event; one report per event however many periods elapsed', () => {
    const ds = replay(a, [ev('tokens', 0, { input: 1, output: 1 }), ev('tokens', 9.999, { input: 1, output: 1 }), ev('tokens', 10, { input: 1, output: 1 }), ev('tokens', 15, { input: 1, output: 1 }), ev('tokens', 45, { input: 1, output: 1 }), ev('tokens', 49, { input: 1, output: 1 }), ev('tokens', 50, { input: 1, output: 1 })]);
    expect(ds).toEqual([due(2, 'sync', 1), due(4, 'sync', 1), due(6, 'sync', 1)]);
  });

  it('the reference moves to the last execution of the tool', () => {
    const ds = replay(a, [call('x', 0), call('sync', 8), call('x', 12, { args: { n: 1 } }), call('x', 18, { args: { n: 2 } })]);
    expect(ds.filter((d) => d.kind === 'periodic_due')).toEqual([due(3, 'sync', 1)]);
  });

  it('comes before ignored and before auto-start decisions of the same event', () => {
    const b = agent([
      { tool_name: 'send', rule_type: { type: 'ExitLoop' } },
      { tool_name: 'init', rule_type: { type: 'StartConstraint' } },
      { tool_name: 'sync', rule_type: { type: 'Periodic', value: 1000 } },
    ]);
    const ds = replay(b, [call('send', 0), call('x', 1), ev('batch_start', 2)]);
    expect(ds.map((d) => d.kind)).toEqual(['auto', 'allowed', 'exit', 'periodic_due', 'ignored', 'periodic_due', 'auto']);
  });

  it('several Periodic rules report in rule order; wildcard and zero periods have no effect', () => {
    const c = agent([
      { tool_name: 'p', rule_type: { type: 'Periodic', value: 1000 } },
      { tool_name: 'q', rule_type: { type: 'Periodic', value: 1000 }, priority: 6 },
      { tool_name: '*', rule_type: { type: 'Periodic', value: 1000 } },
      { tool_name: 'z', rule_type: { type: 'Periodic', value: 0 } },
    ]);
    expect(replay(c, [ev('model_end', 0), ev('commit', 1, { hash: 'abc' })]).filter((d) => d.kind === 'periodic_due')).toEqual([due(1, 'q', 1), due(1, 'p', 0)]);
  });
});
