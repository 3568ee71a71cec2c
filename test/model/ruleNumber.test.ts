import { describe, expect, it } from 'vitest';
import { TOOL_RULE_TYPES } from '../../src/core/model/toolRules.ts';
import { WORKFLOW_RULE_TYPES } from '../../src/core/model/workflow.ts';
import { TOOL_RULE_NAMES, WORKFLOW_RULE_NAMES, ruleNumber, ruleTypeLabel } from '../../src/core/model/ruleNumber.ts';
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
