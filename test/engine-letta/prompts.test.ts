/**
 * The text Letta compiles into the `tool_usage_rules` block: each rule's `render_prompt()` and
 * `compile_tool_rule_prompts()`'s order (letta-ai/letta @ 56ba9c25, `letta/schemas/tool_rule.py`,
 * `letta/helpers/tool_rule_solver.py`, `letta/schemas/memory.py` `Memory.compile`).
 */
import { describe, expect, it } from 'vitest';
import {
  describeLettaRules,
  LETTA_USAGE_BLOCK_DESCRIPTION,
  lettaPromptLines,
  lettaUsageBlock,
  lettaViolationHints,
  renderLettaRule,
} from '../../src/core/describe/lettaPrompts.ts';
import { describeAgent } from '../../src/core/describe/usage.ts';
import { lettaAgent, lettaRules } from './helpers.ts';

describe('Letta rule prompts', () => {
  it('renders each type as render_prompt() does; run_first and requires_approval render nothing', () => {
    const [child, parent, cond, term, cont, req, max, init, appr] = lettaRules([
      { type: 'constrain_child_tools', tool_name: 'a', children: ['b', 'c'] },
      { type: 'parent_last_tool', tool_name: 'a', children: ['b', 'c'] },
      { type: 'conditional', tool_name: 'a', child_output_mapping: { x: 'b' } },
      { type: 'exit_loop', tool_name: 'a' },
      { type: 'continue_loop', tool_name: 'a' },
      { type: 'required_before_exit', tool_name: 'a' },
      { type: 'max_count_per_step', tool_name: 'a', max_count_limit: 3 },
      { type: 'run_first', tool_name: 'a' },
      { type: 'requires_approval', tool_name: 'a' },
    ]);
    expect(renderLettaRule(child!)).toBe('<tool_rule>\nAfter using a, you must use one of these tools: b, c\n</tool_rule>');
    expect(renderLettaRule(parent!)).toBe('<tool_rule>\nb, c can only be used after a\n</tool_rule>');
    expect(renderLettaRule(cond!)).toBe('<tool_rule>\na will determine which tool to use next based on its output\n</tool_rule>');
    expect(renderLettaRule(term!)).toBe('<tool_rule>\na ends your response (yields control) when called\n</tool_rule>');
    expect(renderLettaRule(cont!)).toBe('<tool_rule>\na requires continuing your response when called\n</tool_rule>');
    expect(renderLettaRule(req!)).toBe('<tool_rule>a must be called before ending the conversation</tool_rule>');
    expect(renderLettaRule(max!)).toBe('<tool_rule>\na: at most 3 use(s) per response\n</tool_rule>');
    expect(renderLettaRule(init!)).toBeUndefined();
    expect(renderLettaRule(appr!)).toBeUndefined();
  });

  it('ignores prompt_template, as Letta does (test_prompt_template_ignored)', () => {
    const [r] = lettaRules([{ type: 'exit_loop', tool_name: 'done', prompt_template: '<tool_rule>custom</tool_rule>' }]);
    expect(renderLettaRule(r!)).toBe('<tool_rule>\ndone ends your response (yields control) when called\n</tool_rule>');
  });

  it('orders the block by category (continue, child-based, parent, terminal), file order inside; leaves out required_before_exit', () => {
    const rules = lettaRules([
      { type: 'exit_loop', tool_name: 'send' },
      { type: 'required_before_exit', tool_name: 'save' },
      { type: 'parent_last_tool', tool_name: 'auth', children: ['pay'] },
      { type: 'max_count_per_step', tool_name: 'search', max_count_limit: 2 },
      { type: 'continue_loop', tool_name: 'think' },
      { type: 'constrain_child_tools', tool_name: 'plan', children: ['search'] },
    ]);
    expect(lettaPromptLines(rules).map((l) => l.rule)).toEqual([4, 3, 5, 2, 0]);
    const block = lettaUsageBlock(rules);
    expect(block?.label).toBe('tool_usage_rules');
    expect(block?.description).toBe(LETTA_USAGE_BLOCK_DESCRIPTION);
    expect(block?.value.split('\n</tool_rule>\n')).toHaveLength(5);
  });

  it('is absent when no rule renders text, and describe prints it as the system prompt holds it', () => {
    expect(lettaUsageBlock(lettaRules([{ type: 'run_first', tool_name: 'a' }]))).toBeUndefined();
    const agent = lettaAgent(['a', 'b'], [{ type: 'exit_loop', tool_name: 'b' }]);
    expect(describeAgent(agent)).toBe(
      `<tool_usage_rules>\n${LETTA_USAGE_BLOCK_DESCRIPTION}\n\n<tool_rule>\nb ends your response (yields control) when called\n</tool_rule>\n</tool_usage_rules>\n`,
    );
  });

  it('hints name the rules about the refused tool or the previous one (guess_rule_violation)', () => {
    const rules = lettaRules([
      { type: 'constrain_child_tools', tool_name: 'plan', children: ['search'] },
      { type: 'exit_loop', tool_name: 'answer' },
      { type: 'continue_loop', tool_name: 'other' },
    ]);
    expect(lettaViolationHints(rules, 'answer', 'plan')).toEqual([
      '<tool_rule>\nAfter using plan, you must use one of these tools: search\n</tool_rule>',
      '<tool_rule>\nanswer ends your response (yields control) when called\n</tool_rule>',
    ]);
    expect(lettaViolationHints(rules, 'x', undefined)).toEqual([]);
  });
});

describe('describeLettaRules', () => {
  it('notes an agent whose rules render nothing', () => {
    expect(describeLettaRules([])).toContain('no tool_usage_rules block');
  });
});
