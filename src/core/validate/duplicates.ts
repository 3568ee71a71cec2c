/**
 * T010: the same rule type twice for the same `tool_name` (a `"*"` rule and an exact one are not
 * a pair). Types that act on their conditions (RequiresPrecedingTools, RequiresFollowingTools,
 * RequiredBeforeExitIf, ExitLoop, and `"*"` ContinueLoop) pair only when their condition sets are
 * equal: with different conditions both rules say something. ExclusiveGroups never pairs (groups
 * are global). Each rule that does not decide gets one warning naming the one that does (§4.2).
 */
import { WILDCARD, type ToolRule, type ToolRuleTypeName } from '../model/index.ts';
import type { AgentFacts } from './agentFacts.ts';
import { ruleLabel } from './agentFacts.ts';
import type { AgentEmit } from './emit.ts';
import { quote, quoteList } from './text.ts';
import { append } from '../model/append.ts';

const BY_CONDITIONS: ReadonlySet<ToolRuleTypeName> = new Set<ToolRuleTypeName>([
  'RequiresPrecedingTools',
  'RequiresFollowingTools',
  'RequiredBeforeExitIf',
  'ExitLoop',
]);

function conditionKey(rule: ToolRule): string {
  const type = rule.rule_type.type;
  const byConditions = BY_CONDITIONS.has(type) || (type === 'ContinueLoop' && rule.tool_name === WILDCARD);
  return byConditions ? [...new Set(rule.conditions)].sort().join('\u0000') : '';
}

/** Rules of one type and tool_name (file order) split into pairs-groups, each in rule order. */
function pairGroups(facts: AgentFacts, rules: readonly number[]): number[][] {
  if (rules.length < 2) return [];
  const byKey = new Map<string, number[]>();
  for (const i of rules) {
    const key = conditionKey(facts.rules[i]!);
    const list = byKey.get(key);
    if (list) list.push(i);
    else byKey.set(key, [i]);
  }
  const groups: number[][] = [];
  for (const list of byKey.values()) if (list.length > 1) groups.push(list.sort((a, b) => facts.rank[a]! - facts.rank[b]!));
  return groups;
}

function numeric(rule: ToolRule): number {
  const t = rule.rule_type;
  return t.type === 'MaxCalls' || t.type === 'Cooldown' || t.type === 'Periodic' ? t.value : 0;
}

/** The deciding rule of a group given in rule order. */
function decider(facts: AgentFacts, group: readonly number[]): number {
  const type = facts.rules[group[0]!]!.rule_type.type;
  if (type !== 'MaxCalls' && type !== 'Cooldown' && type !== 'Periodic') return group[0]!;
  const better = type === 'Cooldown' ? (a: number, b: number) => a > b : (a: number, b: number) => a < b;
  return group.reduce((best, i) => (better(numeric(facts.rules[i]!), numeric(facts.rules[best]!)) ? i : best));
}

function consequence(facts: AgentFacts, group: readonly number[], decides: number, other: number): string {
  const rule = facts.rules[decides]!;
  const d = ruleLabel(facts, decides);
  const o = ruleLabel(facts, other);
  const sameValue = numeric(rule) === numeric(facts.rules[other]!);
  const lead = sameValue ? `${d} comes first in rule order` : '';
  const checked = group.length > 2 ? 'all are checked' : 'both are checked';
  switch (rule.rule_type.type) {
    case 'MaxCalls':
      return `${checked}; ${lead || `the lowest limit, ${rule.rule_type.value} (${d}), is reached first`} and decides, so ${o} never blocks a call`;
    case 'Cooldown':
      return `${checked}; ${lead || `the longest cooldown, ${rule.rule_type.value}ms (${d}), lasts longest`} and decides, so ${o} never blocks a call on its own`;
    case 'Periodic':
      return `each reports its own periodic_due; ${lead || `the shortest period, ${rule.rule_type.value}ms (${d}), falls due first`} and decides when the tool is due, so ${o} only repeats reports`;
    case 'AllowedOperations': {
      const sets = group.map((i) => {
        const t = facts.rules[i]!.rule_type;
        return new Set(t.type === 'AllowedOperations' ? t.value : []);
      });
      const both = [...sets[0]!].filter((op) => sets.every((s) => s.has(op))).sort();
      const allowed = both.length > 0 ? `only ${quoteList(both)}` : 'no operation at all';
      return `together they allow ${allowed} (the intersection); a rejected call names the first of them in rule order that excludes its operation, starting with ${d}`;
    }
    case 'RequiresConsent':
      return `${d} comes first in rule order and decides (its scope is the one asked for), so ${o} is never consulted`;
    default:
      return `${d} comes first in rule order and decides, so ${o} adds nothing`;
  }
}

/** Emits T010 for every rule that repeats another of the same type and tool. */
export function reportDuplicates(facts: AgentFacts, emit: AgentEmit): void {
  const groups: number[][] = [];
  for (const [type, byTool] of facts.exact) {
    if (type === 'ExclusiveGroups') continue;
    for (const rules of byTool.values()) append(groups, pairGroups(facts, rules));
  }
  for (const [type, rules] of facts.wildcard) if (type !== 'ExclusiveGroups') append(groups, pairGroups(facts, rules));
  groups.sort((a, b) => Math.min(...a) - Math.min(...b));
  for (const group of groups) {
    const decides = decider(facts, group);
    const first = facts.rules[group[0]!]!;
    const tool = first.tool_name;
    const type = first.rule_type.type;
    const others = group.filter((i) => i !== decides).sort((a, b) => a - b);
    for (const other of others) {
      emit(
        'T010',
        'warning',
        `${quote(tool)} has ${group.length} ${type} rules (${group
          .slice()
          .sort((a, b) => a - b)
          .map((i) => ruleLabel(facts, i))
          .join(', ')}): ${consequence(facts, group, decides, other)}.`,
        { rule: other, ...(tool === WILDCARD ? {} : { tool }) },
      );
    }
  }
}
