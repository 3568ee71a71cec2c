/** The state inspector snapshot. */
import { describe, expect, it } from 'vitest';
import { createToolEngine } from '../../src/core/engine/tools/index.ts';
import { resolveSettings } from '../../src/core/engine/settings.ts';
import { agent, call, ev, T } from './helpers.ts';

describe('snapshot', () => {
  it('shows calls vs limits, cooldowns, claims, called, pending start/exit, grants, periodic and flow', () => {
    const a = agent(
      [
        { tool_name: 'init', rule_type: { type: 'StartConstraint' } },
        { tool_name: 'q', rule_type: { type: 'MaxCalls', value: 3 } },
        { tool_name: '*', rule_type: { type: 'MaxCalls', value: 5 } },
        { tool_name: 'q', rule_type: { type: 'Cooldown', value: 10_000 } },
        { tool_name: 'x', rule_type: { type: 'ExclusiveGroups', value: [['q', 'r']] } },
        { tool_name: 's', rule_type: { type: 'RequiresConsent', value: {} } },
        { tool_name: 'save', rule_type: { type: 'RequiredBeforeExit' } },
        { tool_name: 'sync', rule_type: { type: 'Periodic', value: 60_000 } },
      ],
      ['init', 'q', 'r', 's', 'save', 'sync'],
    );
    const engine = createToolEngine(a, resolveSettings({ startConstraints: 'gate' }));
    expect(engine.snapshot()).toMatchObject({ time: null, exited: false, lastFlow: null, called: [], periodic: [] });
    for (const e of [call('init', 0), call('q', 1), call('s', 2, { consent: { approve_for: 30 }, args: { request_heartbeat: true } })]) engine.step(e);
    engine.step(ev('tokens', 4, { input: 1, output: 1 }));
    expect(engine.snapshot()).toEqual({
      time: T(4),
      orderingScope: 'batch',
      exited: false,
      lastFlow: 'heartbeat',
      calls: [
        { tool: 'init', executions: 1, limit: 5 },
        { tool: 'q', executions: 1, limit: 3 },
        { tool: 'r', executions: 0, limit: 5 },
        { tool: 's', executions: 1, limit: 5 },
        { tool: 'save', executions: 0, limit: 5 },
        { tool: 'sync', executions: 0, limit: 5 },
      ],
      cooldowns: [{ tool: 'q', lastExecution: T(1), cooldownMs: 10_000, remainingMs: 7000 }],
      groupClaims: [{ group: ['q', 'r'], rule: 4, holders: ['q'] }],
      called: ['init', 'q', 's'],
      pendingStart: [],
      pendingExit: ['save'],
      consentGrants: [{ tool: 's', until: T(32), active: true }],
      periodic: [{ tool: 'sync', rule: 7, dueAt: T(60) }],
      dedupeEntries: 3,
    });
    engine.step(ev('batch_start', 5));
    expect(engine.snapshot()).toMatchObject({ called: [], pendingStart: ['init'], groupClaims: [{ holders: [] }], lastFlow: null });
  });
});
