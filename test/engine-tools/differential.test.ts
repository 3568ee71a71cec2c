/**
 * Differential test against the naive reference in test/reference (an independent oracle that
 * rescans the whole history at every event): the optimised engine must give the same decisions,
 * event by event, and the same `executed` flags, on random agents, traces and settings.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { resolveSettings } from '../../src/core/engine/settings.ts';
import { agent, expectSameAsNaive } from './helpers.ts';
import { rulesArb, settingsArb, stepArb, toEvents } from './arbitraries.ts';

const periodicArb = fc.array(
  fc.record({ tool_name: fc.constantFrom('a', 'b', '*'), rule_type: fc.record({ type: fc.constant('Periodic' as const), value: fc.constantFrom(0, 700, 1500) }) }),
  { maxLength: 2 },
);

describe('engine vs naive reference', () => {
  it('agree on every decision and every executed flag', () => {
    fc.assert(
      fc.property(rulesArb, periodicArb, fc.array(stepArb, { maxLength: 40 }), settingsArb, fc.boolean(), (rules, periodic, steps, s, declare) => {
        const a = agent([...rules, ...periodic], declare ? ['a', 'b', 'c', 'd'] : []);
        const settings = resolveSettings(s);
        const events = toEvents(steps);
        expectSameAsNaive(a, settings, events);
      }),
      { numRuns: 400 },
    );
  });
});
