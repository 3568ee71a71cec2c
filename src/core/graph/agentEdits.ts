/**
 * Pure edits of an agent made from the graph and the inspector. Each returns a new agent (or the
 * same object when nothing changes, so the store records no empty undo step).
 */
import type { Agent, ToolRule, ToolRuleType, ToolRuleTypeName } from '../model/toolRules.ts';

/** `base`, or `base_2`, `base_3` … — the first not in `taken`. */
export function uniqueName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}

/** Every tool name the agent mentions: declared, rule subjects, conditions and group members. */
export function toolNamesOf(agent: Agent): Set<string> {
  const names = new Set(agent.tools.map((t) => t.name));
  for (const r of agent.rules) {
    names.add(r.tool_name);
    for (const c of r.conditions) names.add(c);
    if (r.rule_type.type === 'ExclusiveGroups') for (const g of r.rule_type.value) for (const m of g) names.add(m);
  }
  return names;
}

/** Adds a declared tool with a unique name (`tool`, `tool_2`, …). */
export function addTool(agent: Agent, base = 'tool'): { agent: Agent; name: string } {
  const name = uniqueName(base, toolNamesOf(agent));
  return { agent: { ...agent, tools: [...agent.tools, { name }] }, name };
}

/**
 * Adds "`from` before `to`" (a RequiresPrecedingTools condition). When `to` already has an exact
 * RequiresPrecedingTools rule, the condition joins the first such rule (one rule per tool keeps the
 * file short and means the same: all conditions are required); otherwise a new rule is appended.
 * Returns the index of the rule holding the condition.
 */
export function addPrecedingEdge(agent: Agent, from: string, to: string): { agent: Agent; rule: number } {
  const existing = agent.rules.findIndex((r) => r.tool_name === to && r.rule_type.type === 'RequiresPrecedingTools');
  if (existing >= 0) {
    const rule = agent.rules[existing]!;
    if (rule.conditions.includes(from)) return { agent, rule: existing };
    const rules = agent.rules.map((r, i) => (i === existing ? { ...r, conditions: [...r.conditions, from] } : r));
    return { agent: { ...agent, rules }, rule: existing };
  }
  const rule: ToolRule = { tool_name: to, rule_type: { type: 'RequiresPrecedingTools' }, conditions: [from], priority: 5 };
  return { agent: { ...agent, rules: [...agent.rules, rule] }, rule: agent.rules.length };
}

const EDGE_TYPES = new Set<ToolRuleTypeName>(['RequiresPrecedingTools', 'RequiresFollowingTools']);

/**
 * Removes one edge: the condition from an ordering rule (the rule goes when no condition is left),
 * or group `group` from an ExclusiveGroups rule (the rule goes when no group is left).
 */
export function removeEdge(agent: Agent, ruleIndex: number, condition: string): Agent {
  const rule = agent.rules[ruleIndex];
  if (!rule) return agent;
  const rt = rule.rule_type;
  let next: ToolRule | undefined;
  if (rt.type === 'ExclusiveGroups') {
    const g = Number(condition);
    const value = rt.value.filter((_, i) => i !== g);
    next = value.length > 0 ? { ...rule, rule_type: { type: 'ExclusiveGroups', value } } : undefined;
  } else {
    const conditions = rule.conditions.filter((c) => c !== condition);
    if (conditions.length === rule.conditions.length) return agent;
    next = conditions.length === 0 && EDGE_TYPES.has(rt.type) ? undefined : { ...rule, conditions };
  }
  const rules = next ? agent.rules.map((r, i) => (i === ruleIndex ? next : r)) : agent.rules.filter((_, i) => i !== ruleIndex);
  return { ...agent, rules };
}

/** Removes a tool: its declaration, its own rules, and every mention in other rules. */
export function removeTool(agent: Agent, name: string): Agent {
  return removeTools(agent, new Set([name]));
}

/**
 * Removes several tools at once (a multi-selection deleted), in one pass over the rules: their
 * declarations, their own rules, and every mention in other rules.
 */
export function removeTools(agent: Agent, names: ReadonlySet<string>): Agent {
  const rules: ToolRule[] = [];
  for (const r of agent.rules) {
    if (names.has(r.tool_name)) continue;
    const conditions = r.conditions.filter((c) => !names.has(c));
    const rt = r.rule_type;
    if (rt.type === 'ExclusiveGroups') {
      const value = rt.value.map((g) => g.filter((m) => !names.has(m))).filter((g) => g.length > 0);
      if (value.length === 0) continue;
      rules.push({ ...r, conditions, rule_type: { type: 'ExclusiveGroups', value } });
      continue;
    }
    if (conditions.length === 0 && r.conditions.length > 0 && EDGE_TYPES.has(rt.type)) continue;
    rules.push(conditions.length === r.conditions.length ? r : { ...r, conditions });
  }
  return { ...agent, tools: agent.tools.filter((t) => !names.has(t.name)), rules };
}

/** Renames a tool everywhere it is mentioned. Returns the same agent when `to` is taken or empty. */
export function renameTool(agent: Agent, from: string, to: string): Agent {
  if (from === to || to === '' || toolNamesOf(agent).has(to)) return agent;
  const r = (n: string) => (n === from ? to : n);
  return {
    ...agent,
    tools: agent.tools.map((t) => (t.name === from ? { ...t, name: to } : t)),
    rules: agent.rules.map((rule) => renameRuleTools(rule, r)),
  };
}

/** `rule` with every tool it names (its subject, its conditions, its groups' members) renamed by `to`. */
export function renameRuleTools(rule: ToolRule, to: (name: string) => string): ToolRule {
  const rt = rule.rule_type;
  return {
    ...rule,
    tool_name: to(rule.tool_name),
    conditions: rule.conditions.map(to),
    rule_type: rt.type === 'ExclusiveGroups' ? { type: 'ExclusiveGroups', value: rt.value.map((g) => g.map(to)) } : rt,
  };
}

/** The rule type with a sensible default payload (MaxCalls 1, Cooldown/Periodic 60 s, …). */
export function defaultRuleType(type: ToolRuleTypeName, tool: string): ToolRuleType {
  switch (type) {
    case 'MaxCalls':
      return { type, value: 1 };
    case 'Cooldown':
    case 'Periodic':
      return { type, value: 60_000 };
    case 'ExclusiveGroups':
      return { type, value: [[tool]] };
    case 'RequiresConsent':
      return { type, value: {} };
    case 'AllowedOperations':
      return { type, value: [] };
    default:
      return { type };
  }
}

/** Appends a rule for `tool` (default: MaxCalls 1, a complete rule that needs no other tool). */
export function addRule(agent: Agent, tool: string, type: ToolRuleTypeName = 'MaxCalls'): { agent: Agent; rule: number } {
  const rule: ToolRule = { tool_name: tool, rule_type: defaultRuleType(type, tool), conditions: [], priority: 5 };
  return { agent: { ...agent, rules: [...agent.rules, rule] }, rule: agent.rules.length };
}

/** Replaces rule `index` with `fn(rule)`. */
export function updateRule(agent: Agent, index: number, fn: (r: ToolRule) => ToolRule): Agent {
  const rule = agent.rules[index];
  if (!rule) return agent;
  const next = fn(rule);
  return next === rule ? agent : { ...agent, rules: agent.rules.map((r, i) => (i === index ? next : r)) };
}

/** Removes rule `index`. */
export function removeRule(agent: Agent, index: number): Agent {
  return index >= 0 && index < agent.rules.length ? { ...agent, rules: agent.rules.filter((_, i) => i !== index) } : agent;
}
