/** Rule order and applicability for the naive reference (`tool-rules.md` §4.2, §4.3). */
import type { Agent, ToolRule, ToolRuleTypeName } from '../../src/core/model/toolRules.ts';

/** A rule with its 0-based index in the agent's file order. */
export interface IndexedRule {
  rule: ToolRule;
  index: number;
}

/** The rules by priority, highest first; ties keep file order. */
export function rulesInOrder(agent: Agent): IndexedRule[] {
  const indexed = agent.rules.map((rule, index) => ({ rule, index }));
  return indexed.sort((a, b) => b.rule.priority - a.rule.priority || a.index - b.index);
}

/** Rules of one type in rule order. */
export function rulesOfType(agent: Agent, type: ToolRuleTypeName): IndexedRule[] {
  return rulesInOrder(agent).filter((r) => r.rule.rule_type.type === type);
}

/** Does a rule apply to a tool, with the wildcard semantics of its type (§4.3)? */
export function appliesTo(rule: ToolRule, tool: string): boolean {
  if (rule.tool_name === tool) return true;
  if (rule.tool_name !== '*') return false;
  switch (rule.rule_type.type) {
    case 'RequiresPrecedingTools':
    case 'RequiresFollowingTools':
      return !rule.conditions.includes(tool);
    case 'MaxCalls':
    case 'Cooldown':
      return true;
    case 'ContinueLoop':
      return rule.conditions.length === 0 || rule.conditions.includes(tool);
    default:
      return false;
  }
}

/** Rules of a type that apply to a tool, in rule order. */
export function applicable(agent: Agent, type: ToolRuleTypeName, tool: string): IndexedRule[] {
  return rulesOfType(agent, type).filter((r) => appliesTo(r.rule, tool));
}

/** Distinct tools in first-seen order. */
export function distinct(tools: readonly string[]): string[] {
  return tools.filter((t, k) => tools.indexOf(t) === k);
}

/** Start tools: tools of StartConstraint rules, in rule order, each once. */
export function startTools(agent: Agent): string[] {
  return distinct(applicableNames(agent, 'StartConstraint'));
}

function applicableNames(agent: Agent, type: ToolRuleTypeName): string[] {
  return rulesOfType(agent, type)
    .filter((r) => r.rule.tool_name !== '*')
    .map((r) => r.rule.tool_name);
}
