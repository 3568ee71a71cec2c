/**
 * The required-order graph: an edge `t → c` for every `RequiresPrecedingTools` rule on `t` with
 * condition `c` ("`t` needs `c` first").
 *
 * A `"*"` rule applies to every tool except its own conditions (`tool-rules.md` §4.3). Instead of
 * materialising |tools| × |conditions| edges, each such rule becomes one virtual node `v`: every
 * tool not among its conditions has an edge to `v`, and `v` has an edge to each condition. The
 * tool → virtual edges are implicit (a slot per wildcard rule, empty for the excluded tools), so
 * the graph costs O(tools × wildcard rules + conditions) time and O(edges) memory.
 */
import type { AgentFacts } from './agentFacts.ts';
import { toolIdsOf, wildcardRules } from './agentFacts.ts';
import type { IndexedGraph } from './graph.ts';

/** A `"*"` RequiresPrecedingTools rule with conditions, as a virtual node. */
export interface WildcardNeed {
  readonly rule: number;
  /** Tool ids of its conditions, in rule order, each once. */
  readonly conditions: readonly number[];
  readonly excluded: ReadonlySet<number>;
}

export interface RequiredOrderGraph extends IndexedGraph {
  /** Nodes `0 … toolCount-1` are tools (ids of the tool table); the rest are wildcard rules. */
  readonly toolCount: number;
  readonly wildcards: readonly WildcardNeed[];
  /** The rule that put the edge in `slot` of `node` there. */
  ruleAt(node: number, slot: number): number;
  /** Whether `node` is a wildcard rule's virtual node. */
  isVirtual(node: number): boolean;
}

/** Builds the required-order graph of an agent. */
export function buildRequiredOrder(facts: AgentFacts): RequiredOrderGraph {
  const ids = facts.tools.ids;
  const toolCount = facts.tools.names.length;
  const explicit: { target: number; rule: number }[][] = Array.from({ length: toolCount }, () => []);
  facts.rules.forEach((rule, i) => {
    if (rule.rule_type.type !== 'RequiresPrecedingTools') return;
    const from = ids.get(rule.tool_name);
    if (from === undefined) return; // the wildcard: handled below
    for (const c of toolIdsOf(facts, rule.conditions)) explicit[from]!.push({ target: c, rule: i });
  });
  const wildcards: WildcardNeed[] = [];
  for (const i of wildcardRules(facts, 'RequiresPrecedingTools')) {
    const conditions = toolIdsOf(facts, facts.rules[i]!.conditions);
    if (conditions.length > 0) wildcards.push({ rule: i, conditions, excluded: new Set(conditions) });
  }
  const k = wildcards.length;
  return {
    size: toolCount + k,
    toolCount,
    wildcards,
    isVirtual: (node) => node >= toolCount,
    degree(node) {
      if (node < toolCount) return explicit[node]!.length + k;
      return wildcards[node - toolCount]!.conditions.length;
    },
    successor(node, slot) {
      if (node >= toolCount) return wildcards[node - toolCount]!.conditions[slot]!;
      const own = explicit[node]!;
      if (slot < own.length) return own[slot]!.target;
      const w = slot - own.length;
      return wildcards[w]!.excluded.has(node) ? -1 : toolCount + w;
    },
    ruleAt(node, slot) {
      if (node >= toolCount) return wildcards[node - toolCount]!.rule;
      const own = explicit[node]!;
      return slot < own.length ? own[slot]!.rule : wildcards[slot - own.length]!.rule;
    },
  };
}
