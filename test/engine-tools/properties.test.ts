/** Properties over random agents and traces: determinism, failures leave no trace, bounded cost. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agent, call, ev, replay, type Decided } from './helpers.ts';
import { rulesArb, settingsArb, stepArb, toEvents } from './arbitraries.ts';

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

// Speed is measured by `npm run bench -- engine`, never asserted in a test.
describe('bounded state', () => {
  it('over 100k events the dedupe cache stays bounded by the window', async () => {
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
    let maxEntries = 0;
    for (let i = 0; i < 100_000; i++) {
      const e = i % 1000 === 0 ? ev('batch_start', i) : call(i % 2 ? 'a' : 'b', i, { args: { i } });
      engine.step(e);
      if (i % 997 === 0) maxEntries = Math.max(maxEntries, engine.snapshot().dedupeEntries);
    }
    expect(maxEntries).toBeLessThanOrEqual(10);
  });
});
