/** Properties over random agents and traces: determinism, failures leave no trace, bounded cost. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import { agent, call, ev, replay, type Decided } from './helpers.ts';

const TOOLS = ['a', 'b', 'c', 'd'] as const;
const tool = fc.constantFrom(...TOOLS);
const tools = fc.uniqueArray(tool, { maxLength: 2 });

/** Every rule type but Periodic (periodic reports ride on whatever event comes next). */
const ruleArb = fc.oneof(
  fc.record({ tool_name: fc.constantFrom(...TOOLS, '*'), rule_type: fc.constant({ type: 'RequiresPrecedingTools' as const }), conditions: tools }),
  fc.record({ tool_name: fc.constantFrom(...TOOLS, '*'), rule_type: fc.constant({ type: 'RequiresFollowingTools' as const }), conditions: tools }),
  fc.record({ tool_name: fc.constantFrom(...TOOLS, '*'), rule_type: fc.record({ type: fc.constant('MaxCalls' as const), value: fc.nat(3) }) }),
  fc.record({ tool_name: fc.constantFrom(...TOOLS, '*'), rule_type: fc.record({ type: fc.constant('Cooldown' as const), value: fc.nat(3000) }) }),
  fc.record({ tool_name: tool, rule_type: fc.record({ type: fc.constant('ExclusiveGroups' as const), value: fc.array(tools, { maxLength: 2 }) }) }),
  fc.record({ tool_name: tool, rule_type: fc.constant({ type: 'StartConstraint' as const }) }),
  fc.record({ tool_name: tool, rule_type: fc.constant({ type: 'RequiredBeforeExit' as const }) }),
  fc.record({ tool_name: tool, rule_type: fc.constant({ type: 'RequiredBeforeExitIf' as const }), conditions: tools }),
  fc.record({ tool_name: tool, rule_type: fc.constant({ type: 'ExitLoop' as const }), conditions: tools }),
  fc.record({ tool_name: fc.constantFrom(...TOOLS, '*'), rule_type: fc.constant({ type: 'ContinueLoop' as const }), conditions: tools }),
  fc.record({ tool_name: tool, rule_type: fc.record({ type: fc.constant('RequiresConsent' as const), value: fc.constant({}) }) }),
  fc.record({ tool_name: tool, rule_type: fc.record({ type: fc.constant('AllowedOperations' as const), value: fc.uniqueArray(fc.constantFrom('r', 'w', ''), { maxLength: 2 }) }) }),
);
const rulesArb = fc.array(fc.record({ rule: ruleArb, priority: fc.constantFrom(1, 5, 9) }), { maxLength: 6 }).map((rs) => rs.map(({ rule, priority }) => ({ ...rule, priority })));

type Step = { kind: 'call' | 'model_end' | 'batch_start' | 'process_start'; tool: string; gap: number; op: string; n: number; consent: string | undefined; hb: boolean; error: boolean; slow: boolean };
const stepArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom('call', 'call', 'call', 'call', 'model_end', 'batch_start', 'process_start'),
  tool: fc.constantFrom(...TOOLS, 'e'),
  gap: fc.nat(2000),
  op: fc.constantFrom('r', 'w'),
  n: fc.nat(2),
  consent: fc.constantFrom(undefined, 'deny', 'approve_once', 'approve_scope'),
  hb: fc.boolean(),
  error: fc.boolean(),
  slow: fc.boolean(),
});
const settingsArb = fc.record({
  orderingScope: fc.constantFrom('batch' as const, 'process' as const),
  startConstraints: fc.constantFrom('auto' as const, 'gate' as const),
  exitRequirements: fc.constantFrom('auto' as const, 'block' as const),
  dedupeWindowMs: fc.constantFrom(0, 1500),
  executionTimeoutMs: fc.constant(100),
});

function toEvents(steps: Step[]): TraceEvent[] {
  let t = 0;
  return steps.map((s) => {
    t += s.gap / 1000;
    if (s.kind !== 'call') return ev(s.kind, t);
    const args = { operation: s.op, n: s.n, ...(s.hb ? { request_heartbeat: true } : {}) };
    return call(s.tool, t, { args, outcome: s.error ? 'error' : 'ok', duration_ms: s.slow ? 500 : 0, ...(s.consent ? { consent: s.consent } : {}) });
  });
}

const FAILURES = new Set(['blocked', 'denied', 'deduplicated', 'not_found', 'timeout']);

describe('properties', () => {
  it('a replay is deterministic', () => {
    fc.assert(
      fc.property(rulesArb, fc.array(stepArb, { maxLength: 30 }), settingsArb, (rules, steps, settings) => {
        const a = agent(rules, ['a', 'b', 'c', 'd']);
        const events = toEvents(steps);
        expect(replay(a, events, settings)).toEqual(replay(a, events, settings));
      }),
      { numRuns: 150 },
    );
  });

  it('a failed call leaves no trace: dropping it changes no other decision', () => {
    let droppedTotal = 0;
    fc.assert(
      fc.property(rulesArb, fc.array(stepArb, { maxLength: 30 }), settingsArb, (rules, steps, settings) => {
        const a = agent(rules, ['a', 'b', 'c', 'd']);
        const events = toEvents(steps);
        const full = replay(a, events, settings);
        const byEvent = new Map<number, Decided[]>();
        for (const d of full) byEvent.set(d.event, [...(byEvent.get(d.event) ?? []), d]);
        const dropped = new Set(
          [...byEvent].filter(([, ds]) => ds.length === 1 && FAILURES.has(ds[0]?.kind ?? '') && !('reason' in (ds[0] ?? {}))).map(([i]) => i),
        );
        droppedTotal += dropped.size;
        const kept = events.filter((_, i) => !dropped.has(i));
        const newIndex = events.map((_, i) => i).filter((i) => !dropped.has(i));
        const again = replay(a, kept, settings).map((d) => ({ ...d, event: newIndex[d.event] ?? -1 }));
        expect(again).toEqual(full.filter((d) => !dropped.has(d.event)));
      }),
      { numRuns: 200 },
    );
    expect(droppedTotal).toBeGreaterThan(100);
  });
});

describe('cost', () => {
  it('100k events replay quickly and the dedupe cache stays bounded by the window', async () => {
    const { createToolEngine } = await import('../../src/core/engine/tools/index.ts');
    const { resolveSettings } = await import('../../src/core/engine/settings.ts');
    const a = agent([
      { tool_name: '*', rule_type: { type: 'MaxCalls', value: 1_000_000 } },
      { tool_name: 'b', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['a'] },
      { tool_name: 'a', rule_type: { type: 'ExclusiveGroups', value: [['a', 'c']] } },
      { tool_name: 'a', rule_type: { type: 'Cooldown', value: 1 } },
      { tool_name: 'p', rule_type: { type: 'Periodic', value: 60_000 } },
    ]);
    const engine = createToolEngine(a, resolveSettings({ dedupeWindowMs: 10_000 }));
    const started = performance.now();
    let maxEntries = 0;
    for (let i = 0; i < 100_000; i++) {
      const e = i % 1000 === 0 ? ev('batch_start', i) : call(i % 2 ? 'a' : 'b', i, { args: { i } });
      engine.step(e);
      if (i % 997 === 0) maxEntries = Math.max(maxEntries, engine.snapshot().dedupeEntries);
    }
    expect(maxEntries).toBeLessThanOrEqual(10);
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});
