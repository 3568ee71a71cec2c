/**
 * Issue 28: the rule index files each rule once under the tool it names (O(rules + tools)) and
 * keeps the open exit requirements between exits. Property tests on random agents padded with many
 * rules that have nothing to do with the calls: the index gives exactly the rule sets of the
 * scan-based index it replaced (test/reference/scanRuleIndex.ts), and the engine built on it gives
 * exactly the decisions of the naive reference engine (test/reference/naiveTools.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/core/engine/settings.ts';
import { RuleIndex, type ToolRuleSet } from '../../src/core/engine/tools/ruleIndex.ts';
import { ExitRequirementSet, effectiveExitEntries, type ExitEntry } from '../../src/core/engine/tools/exitSet.ts';
import { ToolState } from '../../src/core/engine/tools/state.ts';
import { Agent, type ToolRule } from '../../src/core/model/toolRules.ts';
import { ScanRuleIndex } from '../reference/scanRuleIndex.ts';
import { agent, expectSameAsNaive } from './helpers.ts';
import { rulesArb, settingsArb, stepArb, TOOLS, toEvents } from './arbitraries.ts';

/** Tools no call of the trace names. */
const OTHERS = Array.from({ length: 40 }, (_, i) => `x${i}`);
const other = fc.constantFrom(...OTHERS);
const anyTool = fc.constantFrom(...OTHERS, ...TOOLS);
const names = (of: fc.Arbitrary<string>) => fc.uniqueArray(of, { maxLength: 3 });

/** A rule of any type naming a tool no call names (its conditions and groups may name any tool). */
const irrelevantRuleArb: fc.Arbitrary<ToolRule> = fc
  .tuple(
    other,
    fc.oneof(
      fc.constantFrom(
        { type: 'RequiresPrecedingTools' as const },
        { type: 'RequiresFollowingTools' as const },
        { type: 'StartConstraint' as const },
        { type: 'RequiredBeforeExit' as const },
        { type: 'RequiredBeforeExitIf' as const },
        { type: 'ExitLoop' as const },
        { type: 'ContinueLoop' as const },
        { type: 'Needed' as const },
      ),
      fc.record({ type: fc.constantFrom('MaxCalls' as const, 'Cooldown' as const), value: fc.nat(3) }),
      fc.record({ type: fc.constant('Periodic' as const), value: fc.constantFrom(0, 60_000_000) }),
      fc.record({ type: fc.constant('ExclusiveGroups' as const), value: fc.array(names(anyTool), { maxLength: 2 }) }),
      fc.record({ type: fc.constant('AllowedOperations' as const), value: fc.uniqueArray(fc.constantFrom('r', 'w'), { maxLength: 2 }) }),
      fc.record({ type: fc.constant('RequiresConsent' as const), value: fc.constant({}) }),
    ),
    names(anyTool),
    fc.constantFrom(1, 5, 9),
  )
  .map(([tool_name, rule_type, conditions, priority]) => ({ tool_name, rule_type, conditions, priority }) as ToolRule);

/** The relevant rules (tools a–d and "*") shuffled among up to 150 irrelevant ones. */
const paddedRulesArb = fc
  .tuple(rulesArb, fc.array(irrelevantRuleArb, { maxLength: 150 }), fc.array(fc.nat(), { maxLength: 10 }))
  .map(([relevant, padding, slots]) => {
    const out: ToolRule[] = [...padding];
    relevant.forEach((r, i) => out.splice((slots[i] ?? i * 7) % (out.length + 1), 0, r as ToolRule));
    return out;
  });

const lettaApprovalsArb = fc.array(fc.record({ type: fc.constant('requires_approval' as const), tool_name: anyTool }), { maxLength: 4 });

/**
 * The scanned set with only the MaxCalls and Cooldown rules that can decide a call: the first rule
 * exceeded (or still running) decides, so a rule no stricter than an earlier one never does.
 */
function deciding(set: ToolRuleSet): ToolRuleSet {
  const maxCalls = set.maxCalls.filter((r, i) => set.maxCalls.slice(0, i).every((e) => r.value < e.value));
  const cooldowns = set.cooldowns.filter((r, i) => set.cooldowns.slice(0, i).every((e) => r.value > e.value));
  return { ...set, maxCalls, cooldowns };
}

describe('RuleIndex (issue 28)', () => {
  it('gives the same rule sets as the scan-based index, on random agents with many irrelevant rules', () => {
    fc.assert(
      fc.property(paddedRulesArb, fc.boolean(), fc.boolean(), lettaApprovalsArb, (rules, declare, letta, approvals) => {
        const a = Agent.parse({
          name: 'padded',
          tools: declare ? [...TOOLS, ...OTHERS.slice(0, 10)].map((name, i) => (i % 3 === 0 ? { name, operation_field: 'op' } : { name })) : [],
          rules,
          ...(letta ? { lettaRules: approvals } : {}),
        });
        const indexed = new RuleIndex(a, letta);
        const scanned = new ScanRuleIndex(a, letta);
        expect(indexed.declared).toEqual(scanned.declared);
        expect(indexed.startRules).toEqual(scanned.startRules);
        expect(indexed.exitRequirements).toEqual(scanned.exitRequirements);
        expect(indexed.periodic).toEqual(scanned.periodic);
        expect(indexed.allGroups()).toEqual(scanned.allGroups());
        for (const tool of [...TOOLS, 'e', '*', ...OTHERS, 'never_named']) {
          expect({ tool, set: indexed.forTool(tool) }).toEqual({ tool, set: deciding(scanned.forTool(tool)) });
          expect(indexed.operationFieldOf(tool)).toBe(scanned.operationFieldOf(tool));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('rulesNaming gives the rules naming the tool or "*", in rule order', () => {
    fc.assert(
      fc.property(paddedRulesArb, (rules) => {
        const a = agent(rules);
        const index = new RuleIndex(a);
        const byOrder = [...a.rules.entries()].sort(([i, x], [j, y]) => y.priority - x.priority || i - j);
        for (const tool of [...TOOLS, 'x0', 'x1', 'never_named'])
          expect(index.rulesNaming(tool).map((r) => r.index)).toEqual(byOrder.filter(([, r]) => r.tool_name === tool || r.tool_name === '*').map(([i]) => i));
      }),
      { numRuns: 100 },
    );
  });

  it('the engine on the index equals the naive reference engine, on random agents with many irrelevant rules', () => {
    fc.assert(
      fc.property(paddedRulesArb, fc.array(stepArb, { maxLength: 40 }), settingsArb, fc.boolean(), (rules, steps, s, declare) => {
        const a = agent(rules, declare ? [...TOOLS, ...OTHERS] : []);
        const settings = resolveSettings(s);
        const events = toEvents(steps);
        expectSameAsNaive(a, settings, events);
      }),
      { numRuns: 150 },
    );
  });
});

/** The exit check as it was before issue 28: every requirement rescanned at each exit. */
function rescanPending(entries: readonly ExitEntry[], state: ToolState): number[] {
  const pending: number[] = [];
  for (const r of entries) {
    if (state.isCalled(r.toolId) || pending.includes(r.toolId)) continue;
    if (!r.conditional || r.conditionIds.every((c) => state.isCalled(c))) pending.push(r.toolId);
  }
  return pending;
}

describe('ExitRequirementSet (issue 28)', () => {
  const entryArb = fc.record({ toolId: fc.nat(7), conditional: fc.boolean(), conditionIds: fc.uniqueArray(fc.nat(7), { maxLength: 3 }) });
  /** Calls (a tool id), exits (-1), new ordering scopes (-2) and restores of the state saved at the start (-3). */
  const opArb = fc.oneof(fc.nat(7), fc.constantFrom(-1, -2, -3));

  it('lists what a rescan of every requirement lists, at every exit, across scopes and restores', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 12 }), fc.array(opArb, { maxLength: 60 }), (entries, ops) => {
        const state = new ToolState(0, 8, 0);
        const saved = state.save({ reference: new Float64Array(0), periods: new Float64Array(0), minDue: Infinity });
        const set = new ExitRequirementSet(effectiveExitEntries(entries));
        for (const op of ops) {
          if (op >= 0) state.recordCalled(op);
          else if (op === -2) state.newOrderingScope();
          else if (op === -3) state.restore(saved);
          expect(set.pending(state)).toEqual(rescanPending(entries, state));
        }
      }),
      { numRuns: 500 },
    );
  });
});
