import { describe, expect, it } from 'vitest';
import { Agent, LETTA_RULE_TYPES, LettaToolRule } from '../../src/core/model/index.ts';

// Each shape mirrors a rule class of letta-ai/letta `letta/schemas/tool_rule.py` @ 56ba9c25.
const oneOfEach: unknown[] = [
  { tool_name: 'a', type: 'constrain_child_tools', children: ['b'], child_arg_nodes: [{ name: 'b', args: { q: 1 } }] },
  { tool_name: 'a', type: 'run_first', prompt_template: null, args: null },
  { tool_name: 'a', type: 'exit_loop' },
  { tool_name: 'a', type: 'conditional', default_child: null, child_output_mapping: { true: 'b' }, require_output_mapping: false },
  { tool_name: 'a', type: 'continue_loop' },
  { tool_name: 'a', type: 'required_before_exit' },
  { tool_name: 'a', type: 'max_count_per_step', max_count_limit: 2 },
  { tool_name: 'a', type: 'parent_last_tool', children: ['b'] },
  { tool_name: 'a', type: 'requires_approval' },
];

describe('Letta rule model', () => {
  it('reads every Letta rule type, one of each, in the order of Letta’s union', () => {
    const parsed = oneOfEach.map((r) => LettaToolRule.parse(r));
    expect(parsed.map((r) => r.type)).toEqual([...LETTA_RULE_TYPES]);
  });

  it('refuses a rule without the fields its type needs', () => {
    expect(LettaToolRule.safeParse({ tool_name: 'a', type: 'constrain_child_tools' }).success).toBe(false);
    expect(LettaToolRule.safeParse({ tool_name: 'a', type: 'max_count_per_step' }).success).toBe(false);
    expect(LettaToolRule.safeParse({ tool_name: 'a', type: 'InitToolRule' }).success).toBe(false);
  });

  it('holds a Letta agent beside Pattern agents: family letta, rules in lettaRules', () => {
    const agent = Agent.parse({ name: 'x', family: 'letta', tools: [{ name: 'a' }], lettaRules: oneOfEach.slice(0, 2) });
    expect(agent.rules).toEqual([]);
    expect(agent.lettaRules?.map((r) => r.type)).toEqual(['constrain_child_tools', 'run_first']);
    expect(Agent.parse({ name: 'p' }).family).toBeUndefined();
  });
});
