import type { ToolRule } from '../model/toolRules.ts';

/** A rule with its index in the agent's rule list (file order). */
export interface IndexedRule {
  rule: ToolRule;
  index: number;
}

/**
 * Rule order (`tool-rules.md` §4.2): by priority, highest first; equal priorities keep file
 * order. Stable, O(n log n).
 */
export function orderRules(rules: readonly ToolRule[]): IndexedRule[] {
  return rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => b.rule.priority - a.rule.priority || a.index - b.index);
}
