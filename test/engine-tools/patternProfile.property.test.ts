/**
 * The engine under `profile: 'pattern'` against the reference model of Pattern's released
 * `ToolRuleEngine` (test/reference/patternRuleEngine.ts): the same decisions (kind, code, rule,
 * exact message, flow) and executed flags, event by event, on random agents, traces and settings
 * — with the rule shapes where Pattern and the spec differ (`"*"` on every type, repeated start and
 * exit rules, groups held by one member, several AllowedOperations rules) generated often.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/core/engine/settings.ts';
import { createToolEngine } from '../../src/core/engine/tools/index.ts';
import { runNaiveTools } from '../reference/naiveTools.ts';
import { PATTERN_SEMANTICS } from '../reference/patternTools.ts';
import { ruleArb, settingsArb, stepArb, toEvents, TOOLS } from './arbitraries.ts';
import { agent } from './helpers.ts';

const anyName = fc.constantFrom(...TOOLS, '*');
const names = fc.array(fc.constantFrom(...TOOLS, '*'), { maxLength: 3 });
/** Rules on `"*"` or with `"*"` in their lists, and repeats, which the spec and Pattern read differently. */
const patternShapes = fc.oneof(
  fc.record({ tool_name: anyName, rule_type: fc.constant({ type: 'StartConstraint' as const }) }),
  fc.record({ tool_name: anyName, rule_type: fc.constant({ type: 'RequiredBeforeExit' as const }) }),
  fc.record({ tool_name: anyName, rule_type: fc.constant({ type: 'RequiredBeforeExitIf' as const }), conditions: names }),
  fc.record({ tool_name: anyName, rule_type: fc.constant({ type: 'ExitLoop' as const }), conditions: names }),
  fc.record({ tool_name: anyName, rule_type: fc.record({ type: fc.constant('ExclusiveGroups' as const), value: fc.array(names, { maxLength: 2 }) }) }),
  fc.record({ tool_name: anyName, rule_type: fc.constant({ type: 'ContinueLoop' as const }), conditions: names }),
  fc.record({ tool_name: fc.constantFrom('a', 'b'), rule_type: fc.record({ type: fc.constant('AllowedOperations' as const), value: fc.uniqueArray(fc.constantFrom('r', 'w'), { minLength: 1, maxLength: 2 }) }) }),
);
const rulesArb = fc
  .array(fc.record({ rule: fc.oneof(ruleArb, patternShapes), priority: fc.constantFrom(1, 5, 9) }), { maxLength: 7 })
  .map((rs) => rs.map(({ rule, priority }) => ({ ...rule, priority })));

describe("engine under profile 'pattern' vs the reference model of Pattern's ToolRuleEngine", () => {
  it('agree on every decision and every executed flag', () => {
    fc.assert(
      fc.property(rulesArb, fc.array(stepArb, { maxLength: 40 }), settingsArb, fc.boolean(), (rules, steps, s, declare) => {
        const a = agent(rules, declare ? ['a', 'b', 'c', 'd'] : []);
        const settings = resolveSettings({ ...s, profile: 'pattern' });
        const events = toEvents(steps);
        const reference = runNaiveTools(a, settings, events, PATTERN_SEMANTICS);
        const engine = createToolEngine(a, settings);
        events.forEach((e, i) => {
          const step = engine.step(e);
          expect({ i, decisions: step.decisions }).toEqual({ i, decisions: reference.decisions[i] });
          expect(step.executed).toBe(reference.executed[i]);
        });
      }),
      { numRuns: 500 },
    );
  });
});
