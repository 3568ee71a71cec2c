import { describe, expect, it } from 'vitest';
import { TOOL_RULE_TYPES } from '../../src/core/model/toolRules.ts';
import { WORKFLOW_RULE_TYPES } from '../../src/core/model/workflow.ts';
import { ruleNumber } from '../../src/core/model/ruleNumber.ts';
import { TOOL_RULE_CHOICES, TOOL_RULE_HINTS, TOOL_RULE_NAMES, WORKFLOW_RULE_NAMES, ruleTypeLabel } from '../../src/core/describe/ruleNames.ts';
import { toolRuleLine, workflowRuleLine } from '../../src/core/simulator/ruleText.ts';

describe('ruleNumber', () => {
  it('numbers rules from 1 in source order', () => {
    expect(ruleNumber(0)).toBe('#1');
    expect(ruleNumber(2)).toBe('#3');
  });

  it('is the numbering of explanations and validator messages alike', () => {
    expect(toolRuleLine(undefined, 2)).toMatch(/^Rule #3:/);
    expect(workflowRuleLine(undefined, 'code', 0)).toMatch(/^Rule #1 of node/);
  });
});

describe('ruleTypeLabel', () => {
  it('puts the friendly name first and the file name beside it', () => {
    expect(ruleTypeLabel('RequiresPrecedingTools')).toBe('Call after… · RequiresPrecedingTools');
    expect(ruleTypeLabel('MaxCalls')).toBe('Max calls · MaxCalls');
    expect(ruleTypeLabel('phase_timeout')).toBe('Phase timeout · phase_timeout');
  });

  it('has a distinct friendly name for every rule type', () => {
    expect(Object.keys(TOOL_RULE_NAMES).sort()).toEqual([...TOOL_RULE_TYPES].sort());
    expect(Object.keys(WORKFLOW_RULE_NAMES).sort()).toEqual([...WORKFLOW_RULE_TYPES].sort());
    const names = [...Object.values(TOOL_RULE_NAMES), ...Object.values(WORKFLOW_RULE_NAMES)];
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('the rule-type table', () => {
  it('offers every tool-rule type once, in the spec order, with both names and a hint', () => {
    expect(TOOL_RULE_CHOICES.map((c) => c.type)).toEqual([...TOOL_RULE_TYPES]);
    for (const c of TOOL_RULE_CHOICES) {
      expect(c.label.endsWith(c.type)).toBe(true);
      expect(c.hint).toBe(TOOL_RULE_HINTS[c.type]);
      expect(c.hint.length).toBeGreaterThan(10);
    }
    expect(TOOL_RULE_CHOICES.find((c) => c.type === 'Cooldown')!.label).toBe('Cooldown');
  });

  it('names rules the same way in explanations', () => {
    const agent = { name: 'a', tools: [], rules: [{ tool_name: 'load', rule_type: { type: 'MaxCalls' as const, value: 1 }, conditions: [], priority: 5 }] };
    expect(toolRuleLine(agent as never, 0)).toMatch(/^Rule #1: Max calls · MaxCalls on `load`, priority 5 — /);
  });
});
