import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayItems } from '../../src/core/engine/replay.ts';
import { diffDecisions, whatIf } from '../../src/core/simulator/index.ts';
import { busyAgent, busyWorkflow, traceArb } from './arbitraries.ts';
import { agent, call } from './helpers.ts';

const items = [call(0, 'fetch', { args: { n: 1 } }), call(1, 'fetch', { args: { n: 2 } }), call(2, 'other')];

describe('diffDecisions', () => {
  it('a rule change that blocks a call gives a changed entry naming the new code', () => {
    const { diff } = whatIf(items, { agent: agent([]) }, { agent: agent([{ tool_name: 'fetch', rule_type: { type: 'MaxCalls', value: 1 } }]) });
    expect(diff.changed).toBe(1);
    expect(diff.added + diff.removed).toBe(0);
    expect(diff.unchanged).toBe(2);
    const [entry] = diff.entries;
    expect(entry?.change).toBe('changed');
    expect(entry?.event).toBe(1);
    expect(entry?.after).toMatchObject({ kind: 'blocked', code: 'MaxCallsExceeded', rule: 0 });
    expect(entry?.fields).toEqual(['kind', 'code', 'rule', 'outcome', 'flow', 'message']);
    expect(entry?.why).toBe('allowed → blocked (MaxCallsExceeded, rule index 0)');
  });

  it('a new start tool is an added entry; the calls after it in the same event stay aligned', () => {
    const withStart = agent([{ tool_name: 'init', rule_type: { type: 'StartConstraint' } }]);
    const { diff } = whatIf(items, { agent: agent([]) }, { agent: withStart });
    expect(diff.entries).toEqual([
      { change: 'added', event: 0, position: 0, after: expect.objectContaining({ kind: 'auto', tool: 'init' }), fields: [] },
    ]);
    expect(diff.unchanged).toBe(3);
    const back = diffDecisions(replayItems(items, { agent: withStart }), replayItems(items, { agent: agent([]) }));
    expect(back.entries.map((e) => [e.change, e.event, e.position, e.before?.kind])).toEqual([['removed', 0, 0, 'auto']]);
  });

  it('a changed setting reports the field and the hint', () => {
    const a = agent([{ tool_name: 'x', rule_type: { type: 'RequiresConsent', value: {} } }]);
    const { diff } = whatIf([call(0, 'x')], { agent: a }, { agent: a, settings: { consentDefault: 'approve_scope' } });
    expect(diff.entries[0]?.fields).toEqual(['consent']);
    expect(diff.entries[0]?.why).toBe('consent approve_once → approve_scope');
  });

  it('diff(a, a) is empty, and every decision is accounted for on both sides', () => {
    const profiles = fc.constantFrom('spec' as const, 'hegel' as const);
    fc.assert(
      fc.property(traceArb, profiles, fc.boolean(), (trace, profile, gate) => {
        const a = replayItems(trace, { agent: busyAgent, workflow: busyWorkflow, settings: { profile } });
        const same = diffDecisions(a, a);
        expect(same.entries).toEqual([]);
        expect(same.unchanged).toBe(a.length);
        const b = replayItems(trace, { agent: busyAgent, workflow: busyWorkflow, settings: { profile: 'spec', startConstraints: gate ? 'gate' : 'auto', dedupeWindowMs: 0 } });
        const d = diffDecisions(a, b);
        expect(d.unchanged + d.changed + d.removed).toBe(a.length);
        expect(d.unchanged + d.changed + d.added).toBe(b.length);
        for (const e of d.entries) {
          if (e.change === 'changed') expect(e.fields.length).toBeGreaterThan(0);
          if (e.change !== 'removed') expect(e.after?.event).toBe(e.event);
          if (e.change !== 'added') expect(e.before?.event).toBe(e.event);
        }
      }),
      { numRuns: 150 },
    );
  });
});
