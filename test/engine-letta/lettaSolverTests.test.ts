/**
 * Letta's own solver tests, adapted: letta-ai/letta @ 56ba9c25552605eec89de8ed3dc6394b625c1993,
 * `tests/test_tool_rule_solver.py`. Each test names the Python test function it mirrors and
 * asserts the same allowed sets (and errors) as Letta. Rules are written in Letta's JSON form (a
 * conditional rule's `{True: …}` key is `"true"`, as Letta stores it). Tests of rule equality,
 * hashing and prefilled-argument validation have no counterpart here (they test Python objects).
 */
import { describe, expect, it } from 'vitest';
import { LettaSolverError, NO_VALID_TOOLS_MESSAGE } from '../../src/core/engine/letta/solver.ts';
import { SolverUnderTest, sorted } from './helpers.ts';

const START_TOOL = 'start_tool';
const PREP_TOOL = 'prep_tool';
const NEXT_TOOL = 'next_tool';
const HELPER_TOOL = 'helper_tool';
const FINAL_TOOL = 'final_tool';
const END_TOOL = 'end_tool';
const UNRECOGNIZED_TOOL = 'unrecognized_tool';
const REQUIRED_TOOL_1 = 'required_tool_1';
const REQUIRED_TOOL_2 = 'required_tool_2';
const SAVE_TOOL = 'save_tool';
const REQUIRES_APPROVAL_TOOL = 'requires_approval_tool';

const init = (tool_name: string, args?: Record<string, unknown>) => ({ type: 'run_first', tool_name, ...(args ? { args } : {}) });
const child = (tool_name: string, children: string[], child_arg_nodes?: unknown[]) => ({ type: 'constrain_child_tools', tool_name, children, ...(child_arg_nodes ? { child_arg_nodes } : {}) });
const terminal = (tool_name: string) => ({ type: 'exit_loop', tool_name });
const maxCount = (tool_name: string, max_count_limit: number) => ({ type: 'max_count_per_step', tool_name, max_count_limit });
const required = (tool_name: string) => ({ type: 'required_before_exit', tool_name });
const approval = (tool_name: string) => ({ type: 'requires_approval', tool_name });
const conditional = (tool_name: string, child_output_mapping: Record<string, string>, default_child: string | null = null, require_output_mapping = false) => ({
  type: 'conditional',
  tool_name,
  child_output_mapping,
  default_child,
  require_output_mapping,
});

describe('test_tool_rule_solver.py (letta-ai/letta @ 56ba9c25)', () => {
  it('test_get_allowed_tool_names_with_init_rules: only the run_first tools, in rule order, even with no tool available', () => {
    const solver = new SolverUnderTest([init(START_TOOL), init(PREP_TOOL)]);
    expect(solver.get_allowed_tool_names([])).toEqual([START_TOOL, PREP_TOOL]);
  });

  it('test_get_allowed_tool_names_with_subsequent_rule: only the children of the last tool', () => {
    const solver = new SolverUnderTest([init(START_TOOL), child(START_TOOL, [NEXT_TOOL, HELPER_TOOL])]);
    solver.register_tool_call(START_TOOL);
    expect(sorted(solver.get_allowed_tool_names([START_TOOL, NEXT_TOOL, HELPER_TOOL]))).toEqual(sorted([NEXT_TOOL, HELPER_TOOL]));
  });

  it('test_is_terminal_tool', () => {
    const solver = new SolverUnderTest([init(START_TOOL), terminal(END_TOOL)]);
    expect(solver.rules.terminalRuleOf(END_TOOL)).toBe(1);
    expect(solver.rules.terminalRuleOf(START_TOOL)).toBeUndefined();
  });

  it('test_is_requires_approval_tool', () => {
    const solver = new SolverUnderTest([init(START_TOOL), terminal(END_TOOL), approval(REQUIRES_APPROVAL_TOOL)]);
    expect(solver.rules.approvalRuleOf(START_TOOL)).toBeUndefined();
    expect(solver.rules.approvalRuleOf(END_TOOL)).toBeUndefined();
    expect(solver.rules.approvalRuleOf(REQUIRES_APPROVAL_TOOL)).toBe(2);
  });

  it('test_get_allowed_tool_names_no_matching_rule_error: an empty set raises "No valid tools found based on tool rules."', () => {
    const solver = new SolverUnderTest([init(START_TOOL)]);
    solver.register_tool_call(UNRECOGNIZED_TOOL);
    expect(() => solver.get_allowed_tool_names([], { error_on_empty: true })).toThrow(NO_VALID_TOOLS_MESSAGE);
    expect(() => solver.get_allowed_tool_names([], { error_on_empty: true })).toThrow(LettaSolverError);
  });

  it('test_update_tool_usage_and_get_allowed_tool_names_combined', () => {
    const solver = new SolverUnderTest([init(START_TOOL), child(START_TOOL, [NEXT_TOOL]), child(NEXT_TOOL, [FINAL_TOOL]), terminal(FINAL_TOOL)]);
    expect(solver.get_allowed_tool_names([START_TOOL])).toEqual([START_TOOL]);
    solver.register_tool_call(START_TOOL);
    expect(solver.get_allowed_tool_names([NEXT_TOOL])).toEqual([NEXT_TOOL]);
    solver.register_tool_call(NEXT_TOOL);
    expect(solver.get_allowed_tool_names([FINAL_TOOL])).toEqual([FINAL_TOOL]);
    expect(solver.rules.terminalRuleOf(FINAL_TOOL)).toBe(3);
  });

  it('test_conditional_tool_rule: the output "true" picks end_tool, "false" start_tool', () => {
    const solver = new SolverUnderTest([init(START_TOOL), conditional(START_TOOL, { true: END_TOOL, false: START_TOOL }), terminal(END_TOOL)]);
    expect(solver.get_allowed_tool_names([START_TOOL])).toEqual([START_TOOL]);
    solver.register_tool_call(START_TOOL);
    expect(solver.get_allowed_tool_names([END_TOOL], { last_function_response: '{"message": "true"}' })).toEqual([END_TOOL]);
    expect(solver.get_allowed_tool_names([START_TOOL], { last_function_response: '{"message": "false"}' })).toEqual([START_TOOL]);
    expect(solver.rules.terminalRuleOf(END_TOOL)).toBe(2);
  });

  it('test_max_count_per_step_tool_rule: allowed twice, then no longer', () => {
    const solver = new SolverUnderTest([init(START_TOOL), maxCount(START_TOOL, 2)]);
    expect(solver.get_allowed_tool_names([START_TOOL])).toEqual([START_TOOL]);
    solver.register_tool_call(START_TOOL);
    expect(solver.get_allowed_tool_names([START_TOOL])).toEqual([START_TOOL]);
    solver.register_tool_call(START_TOOL);
    expect(solver.get_allowed_tool_names([START_TOOL], { error_on_empty: false })).toEqual([]);
    expect(solver.allowed([START_TOOL], { error_on_empty: false }).removed).toEqual([{ tool: START_TOOL, rule: 1 }]);
  });

  it('test_max_count_per_step_tool_rule_allows_usage_up_to_limit', () => {
    const solver = new SolverUnderTest([maxCount(START_TOOL, 3)]);
    for (let used = 0; used < 3; used++) {
      expect(solver.get_allowed_tool_names([START_TOOL])).toEqual([START_TOOL]);
      solver.register_tool_call(START_TOOL);
    }
    expect(solver.get_allowed_tool_names([START_TOOL], { error_on_empty: false })).toEqual([]);
  });

  it('test_max_count_per_step_tool_rule_does_not_affect_other_tools', () => {
    const solver = new SolverUnderTest([maxCount(START_TOOL, 2), child(NEXT_TOOL, [HELPER_TOOL])]);
    solver.register_tool_call(START_TOOL);
    solver.register_tool_call(START_TOOL);
    expect(sorted(solver.get_allowed_tool_names([START_TOOL, NEXT_TOOL, HELPER_TOOL]))).toEqual(sorted([NEXT_TOOL, HELPER_TOOL]));
  });

  it('test_max_count_per_step_tool_rule_resets_on_clear', () => {
    const solver = new SolverUnderTest([maxCount(START_TOOL, 2)]);
    solver.register_tool_call(START_TOOL);
    solver.register_tool_call(START_TOOL);
    expect(solver.get_allowed_tool_names([START_TOOL], { error_on_empty: false })).toEqual([]);
    solver.clear_tool_history();
    expect(solver.get_allowed_tool_names([START_TOOL])).toEqual([START_TOOL]);
  });

  it('test_required_before_exit_tool_rule_has_required_tools_been_called: none defined', () => {
    expect(new SolverUnderTest([]).has_required_tools_been_called([])).toBe(true);
  });

  it('test_required_before_exit_tool_rule_single_required_tool', () => {
    const solver = new SolverUnderTest([required(SAVE_TOOL)]);
    expect(solver.has_required_tools_been_called([SAVE_TOOL])).toBe(false);
    expect(solver.get_uncalled_required_tools([SAVE_TOOL])).toEqual([SAVE_TOOL]);
    solver.register_tool_call(SAVE_TOOL);
    expect(solver.has_required_tools_been_called([SAVE_TOOL])).toBe(true);
    expect(solver.get_uncalled_required_tools([SAVE_TOOL])).toEqual([]);
  });

  it('test_required_before_exit_tool_rule_multiple_required_tools', () => {
    const solver = new SolverUnderTest([required(REQUIRED_TOOL_1), required(REQUIRED_TOOL_2)]);
    const both = [REQUIRED_TOOL_1, REQUIRED_TOOL_2];
    expect(solver.has_required_tools_been_called(both)).toBe(false);
    expect(sorted(solver.get_uncalled_required_tools(both))).toEqual(sorted(both));
    solver.register_tool_call(REQUIRED_TOOL_1);
    expect(solver.has_required_tools_been_called(both)).toBe(false);
    expect(solver.get_uncalled_required_tools(both)).toEqual([REQUIRED_TOOL_2]);
    solver.register_tool_call(REQUIRED_TOOL_2);
    expect(solver.has_required_tools_been_called(both)).toBe(true);
    expect(solver.get_uncalled_required_tools(both)).toEqual([]);
  });

  it('test_required_before_exit_tool_rule_mixed_with_other_tools', () => {
    const solver = new SolverUnderTest([required(SAVE_TOOL)]);
    solver.register_tool_call(START_TOOL);
    solver.register_tool_call(HELPER_TOOL);
    expect(solver.has_required_tools_been_called([SAVE_TOOL])).toBe(false);
    expect(solver.get_uncalled_required_tools([SAVE_TOOL])).toEqual([SAVE_TOOL]);
    solver.register_tool_call(SAVE_TOOL);
    expect(solver.has_required_tools_been_called([SAVE_TOOL])).toBe(true);
    expect(solver.get_uncalled_required_tools([SAVE_TOOL])).toEqual([]);
  });

  it('test_required_before_exit_tool_rule_clear_history', () => {
    const solver = new SolverUnderTest([required(SAVE_TOOL)]);
    solver.register_tool_call(SAVE_TOOL);
    expect(solver.has_required_tools_been_called([SAVE_TOOL])).toBe(true);
    solver.clear_tool_history();
    expect(solver.has_required_tools_been_called([SAVE_TOOL])).toBe(false);
    expect(solver.get_uncalled_required_tools([SAVE_TOOL])).toEqual([SAVE_TOOL]);
  });

  it('test_cache_empty_when_no_args: run_first alpha allows only alpha', () => {
    const solver = new SolverUnderTest([init('alpha')]);
    expect(solver.get_allowed_tool_names(['alpha', 'beta'])).toEqual(['alpha']);
  });

  it('test_cache_recomputed_on_next_call: after a call, run_first no longer restricts', () => {
    const solver = new SolverUnderTest([init('alpha', { p: 5 })]);
    expect(solver.get_allowed_tool_names(['alpha', 'beta'])).toEqual(['alpha']);
    solver.register_tool_call('alpha');
    expect(sorted(solver.get_allowed_tool_names(['alpha', 'beta']))).toEqual(['alpha', 'beta']);
  });

  it('test_multiple_rules_args_last_write_wins_and_provenance: two run_first rules of one tool allow it alone', () => {
    const solver = new SolverUnderTest([init('alpha', { x: 1, y: 'first' }), init('alpha', { y: 'second', z: true })]);
    expect(new Set(solver.get_allowed_tool_names(['alpha', 'beta']))).toEqual(new Set(['alpha']));
  });

  it('test_child_rule_args_cached_only_when_parent_last_tool: every tool before, the children after', () => {
    const solver = new SolverUnderTest([child('parent', ['child_a', 'child_b'], [{ name: 'child_a', args: { x: 1 } }])]);
    const all = ['parent', 'child_a', 'child_b'];
    expect(new Set(solver.get_allowed_tool_names(all))).toEqual(new Set(all));
    solver.register_tool_call('parent');
    expect(new Set(solver.get_allowed_tool_names(all))).toEqual(new Set(['child_a', 'child_b']));
  });

  it('test_init_then_child_args_applied_in_correct_phases', () => {
    const solver = new SolverUnderTest([init('alpha', { seed: 'A' }), child('alpha', ['beta'], [{ name: 'beta', args: { k: 1 } }])]);
    expect(solver.get_allowed_tool_names(['alpha', 'beta'])).toEqual(['alpha']);
    solver.register_tool_call('alpha');
    expect(solver.get_allowed_tool_names(['alpha', 'beta'])).toEqual(['beta']);
  });

  it('test_multi_child_rules_last_write_wins_for_same_child', () => {
    const solver = new SolverUnderTest([child('p', ['c'], [{ name: 'c', args: { x: 1, y: 'a' } }]), child('p', ['c'], [{ name: 'c', args: { y: 'b', z: 3 } }])]);
    solver.register_tool_call('p');
    expect(solver.get_allowed_tool_names(['p', 'c'])).toEqual(['c']);
  });

  it('test_child_args_only_for_allowed_children: the children intersected with the available tools', () => {
    const solver = new SolverUnderTest([child('p', ['allowed', 'blocked'])]);
    solver.register_tool_call('p');
    expect(solver.get_allowed_tool_names(['allowed'])).toEqual(['allowed']);
  });

  it('test_child_args_intersection_with_conditional_mapping: child ∩ conditional', () => {
    const solver = new SolverUnderTest([child('decider', ['c1', 'c2']), conditional('decider', { true: 'c2', false: 'c1' }, null, true)]);
    solver.register_tool_call('decider');
    expect(solver.get_allowed_tool_names(['c1', 'c2'], { last_function_response: '{"message": "true"}' })).toEqual(['c2']);
  });
});
