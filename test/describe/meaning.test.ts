import { describe, expect, it } from 'vitest';
import { countOf, ruleMeaning, timesWord, TOOL_RULE_HINTS } from '../../src/core/describe/index.ts';
import { toolRuleLine } from '../../src/core/simulator/ruleText.ts';
import { describeWorkflowRule } from '../../src/core/simulator/ruleText.ts';
import type { ToolRule } from '../../src/core/model/toolRules.ts';

const rule = (rule_type: ToolRule['rule_type'], tool_name = 'fetch'): ToolRule => ({ tool_name, rule_type, conditions: [], priority: 5 }) as ToolRule;

describe('one term for the scope limits count in, said the same everywhere', () => {
  it('says per batch, as the hint, the explanation and the State panel do, never per conversation', () => {
    expect(ruleMeaning(rule({ type: 'MaxCalls', value: 2 }))).toBe('Call `fetch` at most twice per batch');
    expect(ruleMeaning(rule({ type: 'ExclusiveGroups', value: [['a', 'b']] }))).toBe('Only one tool of each group per batch for `fetch`: [a, b]');
    expect(TOOL_RULE_HINTS.MaxCalls).toMatch(/per batch/);
    const agent = { name: 'a', tools: [], rules: [rule({ type: 'MaxCalls', value: 3 })] };
    expect(toolRuleLine(agent, 0)).toMatch(/at most 3 times per batch$/);
    for (const type of ['MaxCalls', 'ExclusiveGroups', 'RequiredBeforeExit', 'ExitLoop', 'ContinueLoop', 'Periodic'] as const) {
      const value = type === 'MaxCalls' || type === 'Periodic' ? 2 : type === 'ExclusiveGroups' ? [['a', 'b']] : undefined;
      expect(ruleMeaning(rule({ type, ...(value !== undefined ? { value } : {}) } as ToolRule['rule_type']))).not.toMatch(/conversation/);
    }
  });

  it('pluralises: once, twice, 3 times; 1 phase, 2 phases', () => {
    expect(ruleMeaning(rule({ type: 'MaxCalls', value: 1 }))).toBe('Call `fetch` at most once per batch');
    expect([1, 2, 3].map(timesWord)).toEqual(['once', 'twice', '3 times']);
    expect([countOf(1, 'phase'), countOf(2, 'phase')]).toEqual(['1 phase', '2 phases']);
    expect(describeWorkflowRule({ type: 'require_commits', lookback_phases: 1 })).toBe('fires when there is no commit in the last 1 phase');
  });
});
