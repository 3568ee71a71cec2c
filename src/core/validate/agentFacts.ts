/**
 * What the tool-rule checks need to know about one agent, gathered in one pass over its rules:
 * rule order, the table of known tools, rules grouped by type and tool, start and exit tools.
 */
import { ruleNumber } from '../model/ruleNumber.ts';
import { WILDCARD, type Agent, type ToolDecl, type ToolRule, type ToolRuleTypeName } from '../model/index.ts';
import { orderRules } from '../describe/ruleOrder.ts';

/** Known tools, numbered in order of first mention (declared tools first, then rule order of the file). */
export interface ToolTable {
  readonly names: string[];
  readonly ids: Map<string, number>;
}

export interface AgentFacts {
  readonly agent: Agent;
  readonly rules: readonly ToolRule[];
  /** Rule indices in rule order (§4.2). */
  readonly order: readonly number[];
  /** Position of each rule index in rule order. */
  readonly rank: Int32Array;
  readonly tools: ToolTable;
  /** Declared tools by name, or undefined when the agent declares none (then any name goes). */
  readonly declared: Map<string, ToolDecl> | undefined;
  /** Rule indices (file order) per type, per exact tool name. */
  readonly exact: Map<ToolRuleTypeName, Map<string, number[]>>;
  /** Rule indices (file order) per type of the `"*"` rules. */
  readonly wildcard: Map<ToolRuleTypeName, number[]>;
  /** Tools of exact StartConstraint rules, in rule order, each once. */
  readonly startTools: readonly string[];
  /** Tools of exact RequiredBeforeExit rules, in rule order, each once. */
  readonly exitTools: readonly string[];
}

function distinctToolsOf(facts: Pick<AgentFacts, 'order' | 'rules'>, type: ToolRuleTypeName): string[] {
  const seen = new Set<string>();
  for (const i of facts.order) {
    const r = facts.rules[i]!;
    if (r.rule_type.type === type && r.tool_name !== WILDCARD) seen.add(r.tool_name);
  }
  return [...seen];
}

/** Gathers the facts of one agent. Linear in the size of its rules. */
export function gatherAgentFacts(agent: Agent): AgentFacts {
  const rules = agent.rules;
  const order = orderRules(rules).map((r) => r.index);
  const rank = new Int32Array(order.length);
  order.forEach((ruleIndex, position) => {
    rank[ruleIndex] = position;
  });
  const names: string[] = [];
  const ids = new Map<string, number>();
  const add = (name: string): void => {
    if (name === WILDCARD || ids.has(name)) return;
    ids.set(name, names.length);
    names.push(name);
  };
  for (const t of agent.tools) add(t.name);
  const exact = new Map<ToolRuleTypeName, Map<string, number[]>>();
  const wildcard = new Map<ToolRuleTypeName, number[]>();
  rules.forEach((rule, i) => {
    add(rule.tool_name);
    for (const c of rule.conditions) add(c);
    const type = rule.rule_type.type;
    if (rule.rule_type.type === 'ExclusiveGroups') for (const g of rule.rule_type.value) for (const t of g) add(t);
    if (rule.tool_name === WILDCARD) {
      const list = wildcard.get(type);
      if (list) list.push(i);
      else wildcard.set(type, [i]);
      return;
    }
    let byTool = exact.get(type);
    if (!byTool) exact.set(type, (byTool = new Map<string, number[]>()));
    const list = byTool.get(rule.tool_name);
    if (list) list.push(i);
    else byTool.set(rule.tool_name, [i]);
  });
  const declared = agent.tools.length > 0 ? new Map(agent.tools.map((t) => [t.name, t])) : undefined;
  const base = { order, rules };
  return {
    agent,
    rules,
    order,
    rank,
    tools: { names, ids },
    declared,
    exact,
    wildcard,
    startTools: distinctToolsOf(base, 'StartConstraint'),
    exitTools: distinctToolsOf(base, 'RequiredBeforeExit'),
  };
}

/**
 * Tool ids of `names`, in order, each once; names that are no tool (`"*"` written as a condition
 * or group member) are left out.
 */
export function toolIdsOf(facts: AgentFacts, names: readonly string[]): number[] {
  const out = new Set<number>();
  for (const name of names) {
    const id = facts.tools.ids.get(name);
    if (id !== undefined) out.add(id);
  }
  return [...out];
}

/** Exact rules of `type` on `tool`, in file order (empty when none). */
export function exactRules(facts: AgentFacts, type: ToolRuleTypeName, tool: string): readonly number[] {
  return facts.exact.get(type)?.get(tool) ?? [];
}

/** `"*"` rules of `type`, in file order (empty when none). */
export function wildcardRules(facts: AgentFacts, type: ToolRuleTypeName): readonly number[] {
  return facts.wildcard.get(type) ?? [];
}

/** The first of `ruleIndices` in rule order. */
export function firstInRuleOrder(facts: AgentFacts, ruleIndices: readonly number[]): number | undefined {
  let best: number | undefined;
  for (const i of ruleIndices) if (best === undefined || facts.rank[i]! < facts.rank[best]!) best = i;
  return best;
}

/** A rule as messages name it: `rule #3 (priority 10)`, 1-based in file order. */
export function ruleLabel(facts: AgentFacts, ruleIndex: number): string {
  return `rule ${ruleNumber(ruleIndex)} (priority ${facts.rules[ruleIndex]?.priority ?? 5})`;
}
