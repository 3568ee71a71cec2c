/**
 * Tools that need, directly, a tool of their own exclusive group: calling the needed tool claims
 * the group for the batch, so the tool that waited for it is then rejected (T003).
 */
import { toolIdsOf, type AgentFacts } from './agentFacts.ts';
import type { RequiredOrderGraph } from './requiredOrder.ts';

export interface ExclusiveNeed {
  /** The needed tool sharing the group. */
  readonly partner: number;
  /** The RequiresPrecedingTools rule that makes the tool need `partner`. */
  readonly rule: number;
  /** The ExclusiveGroups rule holding the group. */
  readonly groupRule: number;
}

interface Group {
  readonly members: ReadonlySet<number>;
  readonly rule: number;
}

function groupsByTool(facts: AgentFacts): Map<number, Group[]> {
  const byTool = new Map<number, Group[]>();
  facts.rules.forEach((rule, i) => {
    if (rule.rule_type.type !== 'ExclusiveGroups') return;
    for (const names of rule.rule_type.value) {
      const group: Group = { members: new Set(toolIdsOf(facts, names)), rule: i };
      for (const t of group.members) {
        const list = byTool.get(t) ?? [];
        list.push(group);
        byTool.set(t, list);
      }
    }
  });
  return byTool;
}

/** The first exclusive-group need of every tool that has one. */
export function findExclusiveNeeds(facts: AgentFacts, graph: RequiredOrderGraph): Map<number, ExclusiveNeed> {
  const groups = groupsByTool(facts);
  const found = new Map<number, ExclusiveNeed>();
  if (groups.size === 0) return found;
  const k = graph.wildcards.length;
  for (const [t, own] of groups) {
    for (let slot = 0, explicit = graph.degree(t) - k; slot < explicit && !found.has(t); slot++) {
      const c = graph.successor(t, slot);
      const group = c === t ? undefined : own.find((g) => g.members.has(c));
      if (group) found.set(t, { partner: c, rule: graph.ruleAt(t, slot), groupRule: group.rule });
    }
  }
  for (const w of graph.wildcards) {
    for (const c of w.conditions) {
      for (const group of groups.get(c) ?? []) {
        for (const t of group.members) {
          if (t !== c && !w.excluded.has(t) && !found.has(t)) found.set(t, { partner: c, rule: w.rule, groupRule: group.rule });
        }
      }
    }
  }
  return found;
}
