/**
 * The engine's save/restore API: a state saved at any step and restored — into a fresh engine of
 * the same agent and settings (after a structured clone, as across a Worker boundary), or into the
 * engine that saved it after it stepped on — continues with exactly the decisions the original
 * gave. Random agents, traces and settings as in the differential test; tools the trace names
 * beyond the declared ones are included (they are interned while stepping).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/core/engine/settings.ts';
import { createToolEngine } from '../../src/core/engine/tools/index.ts';
import { agent, call } from './helpers.ts';
import { rulesArb, settingsArb, stepArb, toEvents } from './arbitraries.ts';

const periodicArb = fc.array(
  fc.record({ tool_name: fc.constantFrom('a', 'b'), rule_type: fc.record({ type: fc.constant('Periodic' as const), value: fc.constantFrom(700, 1500) }) }),
  { maxLength: 2 },
);

describe('tool engine save/restore', () => {
  it('a restored engine continues exactly as the original', () => {
    fc.assert(
      fc.property(rulesArb, periodicArb, fc.array(stepArb, { maxLength: 40 }), settingsArb, fc.boolean(), fc.nat(40), (rules, periodic, steps, s, declare, cut) => {
        const a = agent([...rules, ...periodic], declare ? ['a', 'b', 'c'] : []);
        const settings = resolveSettings(s);
        const events = toEvents(steps);
        const at = Math.min(cut, events.length);
        const original = createToolEngine(a, settings);
        for (const e of events.slice(0, at)) original.step(e);
        const saved = original.save();
        const snapshotAtCut = original.snapshot();
        const rest = events.slice(at).map((e) => original.step(e));

        const fresh = createToolEngine(a, settings);
        fresh.restore(structuredClone(saved));
        expect(fresh.snapshot()).toEqual(snapshotAtCut);
        expect(events.slice(at).map((e) => fresh.step(e))).toEqual(rest);

        // The saved data was not changed by stepping on, and restores into the original too.
        original.restore(saved);
        expect(original.snapshot()).toEqual(snapshotAtCut);
        expect(events.slice(at).map((e) => original.step(e))).toEqual(rest);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a state saved from other rules', () => {
    const one = createToolEngine(agent([{ tool_name: 'a', rule_type: { type: 'Periodic', value: 1000 } }]), resolveSettings({}));
    const other = createToolEngine(agent([]), resolveSettings({}));
    expect(() => other.restore(one.save())).toThrow(/other rules/);
  });

  it('an exclusive-group violation names the holders of the branch restored, not of the branch left', () => {
    // The violation's text is made once per batch and holder count: a restore must not reuse it.
    const a = agent([{ tool_name: 'a', rule_type: { type: 'ExclusiveGroups', value: [['a', 'b', 'c']] } }], ['a', 'b', 'c']);
    const engine = createToolEngine(a, resolveSettings({ dedupeWindowMs: 0 }));
    const saved = engine.save();
    const messageOf = (holder: string) => {
      engine.restore(saved);
      engine.step(call(holder, 1));
      const d = engine.step(call('a', 2)).decisions[0];
      return d && 'message' in d ? d.message : undefined;
    };
    expect(messageOf('b')).toMatch(/executed tools: \["b"\]$/);
    expect(messageOf('c')).toMatch(/executed tools: \["c"\]$/);
    expect(messageOf('b')).toMatch(/executed tools: \["b"\]$/);
  });
});
