/**
 * Helpers for the `letta` profile's tests: a Letta agent built straight from rules written in
 * Letta's JSON form, and a small stand-in for Letta's `ToolRulesSolver` object (history kept as a
 * list, `register_tool_call` / `clear_tool_history`) over Rule Studio's solver.
 */
import { LettaRules, listHistory, type LettaAllowed } from '../../src/core/engine/letta/solver.ts';
import { LettaToolRule } from '../../src/core/model/lettaRules.ts';
import { Agent } from '../../src/core/model/toolRules.ts';

/** Rules as Letta's API / `.af` files write them, read through the model's schema. */
export const lettaRules = (rules: readonly unknown[]): LettaToolRule[] => rules.map((r) => LettaToolRule.parse(r));

/** A Letta agent with these tools and rules. */
export function lettaAgent(tools: readonly string[], rules: readonly unknown[], name = 'letta-agent'): Agent {
  return Agent.parse({ name, family: 'letta', tools: tools.map((t) => ({ name: t })), lettaRules: lettaRules(rules) });
}

/** `ToolRulesSolver(tool_rules=…)` with its call history. */
export class SolverUnderTest {
  readonly rules: LettaRules;
  private history: string[] = [];
  constructor(rules: readonly unknown[]) {
    this.rules = new LettaRules(lettaRules(rules));
  }
  register_tool_call(tool: string): void {
    this.history.push(tool);
  }
  clear_tool_history(): void {
    this.history = [];
  }
  /** `get_allowed_tool_names(available_tools, error_on_empty=True, last_function_response=None)`. */
  get_allowed_tool_names(available: readonly string[], opts: { error_on_empty?: boolean; last_function_response?: string } = {}): string[] {
    return this.allowed(available, opts).allowed;
  }
  allowed(available: readonly string[], opts: { error_on_empty?: boolean; last_function_response?: string } = {}): LettaAllowed {
    return this.rules.allowed(listHistory(this.history), available, opts.last_function_response, opts.error_on_empty ?? true);
  }
  get_uncalled_required_tools(available: readonly string[]): string[] {
    const called = new Set(this.history);
    return this.rules.uncalledRequired((t) => called.has(t), (t) => available.includes(t));
  }
  has_required_tools_been_called(available: readonly string[]): boolean {
    return this.get_uncalled_required_tools(available).length === 0;
  }
}

export const sorted = (xs: readonly string[]) => [...xs].sort();
