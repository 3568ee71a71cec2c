/**
 * T002: a tool that needs another tool before it (`RequiresPrecedingTools`) and must also precede
 * it (`RequiresFollowingTools`): it waits for the other tool, and once that one ran it may no
 * longer be called. Wildcard rules count where they apply (`tool-rules.md` §4.3).
 */
import { WILDCARD } from '../model/index.ts';
import type { AgentFacts } from './agentFacts.ts';
import { ruleLabel, toolIdsOf, wildcardRules } from './agentFacts.ts';
import type { AgentEmit } from './emit.ts';
import { quote, quoteList } from './text.ts';
import type { RequiredOrderGraph } from './requiredOrder.ts';

export interface PrecedeConflict {
  /** Tool ids that can never be called because of this pair of rules. */
  readonly tools: readonly number[];
  /** The tool they both wait for and must precede. */
  readonly partner: number;
  readonly precedingRule: number;
  readonly followingRule: number;
  /** Both rules are `"*"` rules: the conflict hits every tool they apply to. */
  readonly bothWildcard: boolean;
}

interface WildFollowing {
  rule: number;
  excluded: Set<number>;
}

function following(facts: AgentFacts): { exact: Map<number, Map<number, number>>; wild: Map<number, WildFollowing[]> } {
  const ids = facts.tools.ids;
  const exact = new Map<number, Map<number, number>>();
  const wild = new Map<number, WildFollowing[]>();
  facts.rules.forEach((rule, i) => {
    if (rule.rule_type.type !== 'RequiresFollowingTools' || rule.tool_name === WILDCARD) return;
    const t = ids.get(rule.tool_name)!;
    const byCond = exact.get(t) ?? new Map<number, number>();
    exact.set(t, byCond);
    for (const c of toolIdsOf(facts, rule.conditions)) if (!byCond.has(c)) byCond.set(c, i);
  });
  for (const i of wildcardRules(facts, 'RequiresFollowingTools')) {
    const excluded = new Set(toolIdsOf(facts, facts.rules[i]!.conditions));
    for (const c of excluded) {
      const list = wild.get(c) ?? [];
      list.push({ rule: i, excluded });
      wild.set(c, list);
    }
  }
  return { exact, wild };
}

/** Finds every T002 pair; linear in the rules plus one pass over the tools per wildcard–wildcard pair. */
export function findPrecedeConflicts(facts: AgentFacts, graph: RequiredOrderGraph): PrecedeConflict[] {
  const fol = following(facts);
  const wildPre = new Map<number, { rule: number; excluded: ReadonlySet<number> }[]>();
  for (const w of graph.wildcards) {
    for (const c of w.conditions) {
      const list = wildPre.get(c) ?? [];
      list.push(w);
      wildPre.set(c, list);
    }
  }
  const out: PrecedeConflict[] = [];
  const pairedWith = new Map<number, Set<number>>();
  const record = (conflict: PrecedeConflict): void => {
    out.push(conflict);
    const set = pairedWith.get(conflict.partner) ?? new Set<number>();
    for (const t of conflict.tools) set.add(t);
    pairedWith.set(conflict.partner, set);
  };
  const applies = (t: number) => (w: { excluded: ReadonlySet<number> }) => !w.excluded.has(t);
  for (let t = 0; t < graph.toolCount; t++) {
    const seen = new Set<number>([t]);
    const own = fol.exact.get(t);
    for (let slot = 0, d = graph.degree(t); slot < d; slot++) {
      const c = graph.successor(t, slot);
      if (c < 0 || graph.isVirtual(c) || seen.has(c)) continue;
      const folRule = own?.get(c) ?? fol.wild.get(c)?.find(applies(t))?.rule;
      if (folRule === undefined) continue;
      seen.add(c);
      record({ tools: [t], partner: c, precedingRule: graph.ruleAt(t, slot), followingRule: folRule, bothWildcard: false });
    }
    for (const [c, folRule] of own ?? []) {
      if (seen.has(c)) continue;
      const pre = wildPre.get(c)?.find(applies(t));
      if (pre === undefined) continue;
      seen.add(c);
      record({ tools: [t], partner: c, precedingRule: pre.rule, followingRule: folRule, bothWildcard: false });
    }
  }
  for (const [c, pres] of wildPre) {
    for (const f of fol.wild.get(c) ?? []) {
      for (const p of pres) {
        const paired = pairedWith.get(c);
        const tools: number[] = [];
        for (let t = 0; t < graph.toolCount; t++) if (!p.excluded.has(t) && !f.excluded.has(t) && !paired?.has(t)) tools.push(t);
        if (tools.length > 0) record({ tools, partner: c, precedingRule: p.rule, followingRule: f.rule, bothWildcard: true });
      }
    }
  }
  return out;
}

/** Emits T002 for each conflict, at the later of its two rules. */
export function reportPrecedeConflicts(facts: AgentFacts, conflicts: readonly PrecedeConflict[], emit: AgentEmit): void {
  for (const c of conflicts) {
    const partner = facts.tools.names[c.partner]!;
    const names = c.tools.map((t) => facts.tools.names[t]!);
    const rules = `RequiresPrecedingTools ${ruleLabel(facts, c.precedingRule)}, RequiresFollowingTools ${ruleLabel(facts, c.followingRule)}`;
    const rule = Math.max(c.precedingRule, c.followingRule);
    if (c.bothWildcard) {
      emit(
        'T002',
        'error',
        `Every tool but the rules' conditions needs ${quote(partner)} before it and must also precede ${quote(partner)} (${rules}): each waits for ${quote(partner)} and may no longer be called once it ran, so ${quoteList(names)} can never be called.`,
        { rule, field: 'conditions' },
      );
      continue;
    }
    const tool = names[0]!;
    emit(
      'T002',
      'error',
      `${quote(tool)} needs ${quote(partner)} before it and must also precede ${quote(partner)} (${rules}): it waits for ${quote(partner)} and may no longer be called once ${quote(partner)} ran, so ${quote(tool)} can never be called.`,
      { rule, tool, field: 'conditions' },
    );
  }
}
