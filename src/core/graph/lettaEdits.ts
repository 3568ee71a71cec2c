/**
 * Pure edits of a Letta agent's rules made from the graph and the Inspector. Each returns a new
 * agent, or the same object when nothing changes (so the store records no empty undo step).
 * Tools of a Letta agent are not edited here: they are definitions elsewhere in its file.
 */
import type { Agent } from '../model/toolRules.ts';
import type { LettaRuleTypeName, LettaToolRule } from '../model/lettaRules.ts';
import type { ToolGraphEdge } from './toolGraph.ts';

const rulesOf = (agent: Agent): LettaToolRule[] => agent.lettaRules ?? [];
const withRules = (agent: Agent, lettaRules: LettaToolRule[]): Agent => ({ ...agent, lettaRules });

/**
 * Draws "`to` may follow `from`": `to` joins the children of `from`'s first constrain_child_tools
 * rule, or a new such rule is appended (after `from`, only its children may be called). Returns
 * the index of the rule holding the child.
 */
export function addChildEdge(agent: Agent, from: string, to: string): { agent: Agent; rule: number } {
  const rules = rulesOf(agent);
  const at = rules.findIndex((r) => r.type === 'constrain_child_tools' && r.tool_name === from);
  const existing = rules[at];
  if (existing?.type === 'constrain_child_tools') {
    if (existing.children.includes(to)) return { agent, rule: at };
    return { agent: withRules(agent, rules.map((r, i) => (i === at ? { ...existing, children: [...existing.children, to] } : r))), rule: at };
  }
  return { agent: withRules(agent, [...rules, { tool_name: from, type: 'constrain_child_tools', children: [to] }]), rule: rules.length };
}

/**
 * Removes one edge: a child from a child or parent rule (the rule goes with its last child), a
 * branch from a conditional rule (the default branch clears `default_child`; the rule goes with
 * its last mapped output, since Letta refuses a conditional rule without children).
 */
export function removeLettaEdge(agent: Agent, edge: Pick<ToolGraphEdge, 'id' | 'rule' | 'condition' | 'kind'>): Agent {
  const rules = rulesOf(agent);
  const rule = rules[edge.rule];
  if (!rule) return agent;
  let next: LettaToolRule | undefined = rule;
  if ((rule.type === 'constrain_child_tools' || rule.type === 'parent_last_tool') && edge.kind !== 'branch') {
    const children = rule.children.filter((c) => c !== edge.condition);
    if (children.length === rule.children.length) return agent;
    if (children.length === 0) next = undefined;
    else if (rule.type === 'constrain_child_tools') {
      const nodes = rule.child_arg_nodes?.filter((n) => n.name !== edge.condition);
      next = { ...rule, children, ...(rule.child_arg_nodes ? { child_arg_nodes: nodes ?? null } : {}) };
    } else next = { ...rule, children };
  } else if (rule.type === 'conditional' && edge.kind === 'branch') {
    if (edge.id.endsWith(':d')) next = { ...rule, default_child: null };
    else {
      if (!(edge.condition in rule.child_output_mapping)) return agent;
      const mapping = Object.fromEntries(Object.entries(rule.child_output_mapping).filter(([k]) => k !== edge.condition));
      next = Object.keys(mapping).length === 0 ? undefined : { ...rule, child_output_mapping: mapping };
    }
  } else return agent;
  return withRules(agent, next ? rules.map((r, i) => (i === edge.rule ? next : r)) : rules.filter((_, i) => i !== edge.rule));
}

/** A Letta rule of `type` for `tool` with sensible defaults (a child rule allows the tool itself). */
export function defaultLettaRule(type: LettaRuleTypeName, tool: string): LettaToolRule {
  switch (type) {
    case 'constrain_child_tools':
      return { tool_name: tool, type, children: [] };
    case 'parent_last_tool':
      return { tool_name: tool, type, children: [] };
    case 'conditional':
      return { tool_name: tool, type, child_output_mapping: {} };
    case 'max_count_per_step':
      return { tool_name: tool, type, max_count_limit: 1 };
    default:
      return { tool_name: tool, type };
  }
}

/** Appends a rule for `tool` (default: exit_loop, complete on its own). */
export function addLettaRule(agent: Agent, tool: string, type: LettaRuleTypeName = 'exit_loop'): { agent: Agent; rule: number } {
  const rules = rulesOf(agent);
  return { agent: withRules(agent, [...rules, defaultLettaRule(type, tool)]), rule: rules.length };
}

/** Replaces rule `index` with `fn(rule)`. */
export function updateLettaRule(agent: Agent, index: number, fn: (r: LettaToolRule) => LettaToolRule): Agent {
  const rules = rulesOf(agent);
  const rule = rules[index];
  if (!rule) return agent;
  const next = fn(rule);
  return next === rule ? agent : withRules(agent, rules.map((r, i) => (i === index ? next : r)));
}

/** Removes rule `index`. */
export function removeLettaRule(agent: Agent, index: number): Agent {
  const rules = rulesOf(agent);
  return index >= 0 && index < rules.length ? withRules(agent, rules.filter((_, i) => i !== index)) : agent;
}

/**
 * Changes a rule's type, keeping its tool, prompt template and kept keys, and the children when
 * both types have them (constrain_child_tools ↔ parent_last_tool).
 */
export function changeLettaRuleType(rule: LettaToolRule, type: LettaRuleTypeName): LettaToolRule {
  if (rule.type === type) return rule;
  const next = defaultLettaRule(type, rule.tool_name);
  const kept = {
    ...(rule.prompt_template !== undefined ? { prompt_template: rule.prompt_template } : {}),
    ...(rule.extra ? { extra: rule.extra } : {}),
  };
  if ((next.type === 'constrain_child_tools' || next.type === 'parent_last_tool') && (rule.type === 'constrain_child_tools' || rule.type === 'parent_last_tool'))
    return { ...next, ...kept, children: [...rule.children] };
  return { ...next, ...kept };
}

/** The tool rule `index` of an agent is about, in either family (Letta's `lettaRules`, Pattern's `rules`). */
export function ruleToolOf(agent: Agent, index: number): string | undefined {
  return (agent.family === 'letta' ? agent.lettaRules?.[index] : agent.rules[index])?.tool_name;
}
