/**
 * Which tools can never be called, and why: one pass over the condensation of the
 * required-order graph in Tarjan's emission order (every component after the ones it needs), so
 * "dead" status propagates in linear time.
 */
import { wildcardRules, type AgentFacts } from './agentFacts.ts';
import type { RequiredCycle } from './cycles.ts';
import type { ExclusiveNeed } from './exclusiveNeeds.ts';
import type { Condensation } from './graph.ts';
import type { PrecedeConflict } from './precedeConflicts.ts';
import type { RequiredOrderGraph } from './requiredOrder.ts';

/** Why a tool can never be called, when the reason lies in the tool itself. */
export type DeathCause =
  | { kind: 'cycle'; cycle: RequiredCycle }
  | { kind: 'conflict'; conflict: PrecedeConflict }
  | { kind: 'undeclared' }
  | { kind: 'maxCalls'; rule: number }
  | ({ kind: 'exclusive' } & ExclusiveNeed);

export interface DeadTools {
  /** 1 for every node (tool or wildcard rule) that can never be called / satisfied. */
  readonly dead: Uint8Array;
  /** The cause of a node that is dead by itself (a root); undefined otherwise. */
  readonly cause: (DeathCause | undefined)[];
  /** For a dead non-root: the needed node that is dead, and the rule of that edge; -1 for roots. */
  readonly via: Int32Array;
  readonly viaRule: Int32Array;
  /** The root at the end of each dead node's chain. */
  readonly root: Int32Array;
  /** Tool hops (wildcard nodes not counted) from a dead node to its root. */
  readonly depth: Int32Array;
}

/** The first MaxCalls(0) rule, in rule order, that applies to each tool. */
function zeroLimits(facts: AgentFacts, toolCount: number): Map<number, number> {
  const zero = (i: number) => {
    const t = facts.rules[i]!.rule_type;
    return t.type === 'MaxCalls' && t.value === 0;
  };
  const limits = new Map<number, number>();
  for (const i of facts.order) {
    if (!zero(i)) continue;
    const name = facts.rules[i]!.tool_name;
    const t = facts.tools.ids.get(name);
    if (t !== undefined && !limits.has(t)) limits.set(t, i);
  }
  const wild = wildcardRules(facts, 'MaxCalls').filter(zero);
  if (wild.length > 0) {
    const first = wild.reduce((a, b) => (facts.rank[a]! <= facts.rank[b]! ? a : b));
    for (let t = 0; t < toolCount; t++) {
      const own = limits.get(t);
      if (own === undefined || facts.rank[first]! < facts.rank[own]!) limits.set(t, first);
    }
  }
  return limits;
}

/** The cause of each tool that is dead by itself, in precedence order cycle > conflict > undeclared > MaxCalls(0) > group. */
function rootCauses(
  facts: AgentFacts,
  graph: RequiredOrderGraph,
  cycles: readonly RequiredCycle[],
  conflicts: readonly PrecedeConflict[],
  exclusive: ReadonlyMap<number, ExclusiveNeed>,
): (DeathCause | undefined)[] {
  const cause: (DeathCause | undefined)[] = new Array<DeathCause | undefined>(graph.size).fill(undefined);
  const limits = zeroLimits(facts, graph.toolCount);
  for (let t = 0; t < graph.toolCount; t++) {
    const limit = limits.get(t);
    const need = exclusive.get(t);
    if (facts.declared && !facts.declared.has(facts.tools.names[t]!)) cause[t] = { kind: 'undeclared' };
    else if (limit !== undefined) cause[t] = { kind: 'maxCalls', rule: limit };
    else if (need) cause[t] = { kind: 'exclusive', ...need };
  }
  for (let c = conflicts.length - 1; c >= 0; c--) {
    for (const t of conflicts[c]!.tools) cause[t] = { kind: 'conflict', conflict: conflicts[c]! };
  }
  for (const cycle of cycles) for (const t of cycle.tools) cause[t] = { kind: 'cycle', cycle };
  return cause;
}

/** Finds every node that can never be called and the chain that explains it. */
export function findDeadTools(
  facts: AgentFacts,
  graph: RequiredOrderGraph,
  condensation: Condensation,
  cycles: readonly RequiredCycle[],
  conflicts: readonly PrecedeConflict[],
  exclusive: ReadonlyMap<number, ExclusiveNeed>,
): DeadTools {
  const n = graph.size;
  const cause = rootCauses(facts, graph, cycles, conflicts, exclusive);
  const dead = new Uint8Array(n);
  const via = new Int32Array(n).fill(-1);
  const viaRule = new Int32Array(n).fill(-1);
  const root = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n);
  const cyclicComponent = new Uint8Array(condensation.components.length);
  for (const c of cycles) cyclicComponent[c.component] = 1;
  condensation.components.forEach((members, id) => {
    for (const v of members) {
      if (cause[v]) {
        dead[v] = 1;
        root[v] = v;
      }
    }
    for (const v of members) {
      if (cause[v]) continue;
      // A wildcard node inside a cycle leads on to a condition in the same cycle.
      const inCycle = cyclicComponent[id] === 1;
      for (let slot = 0, d = graph.degree(v); slot < d; slot++) {
        const w = graph.successor(v, slot);
        if (w < 0 || !dead[w] || (inCycle && condensation.component[w] !== id)) continue;
        dead[v] = 1;
        via[v] = w;
        viaRule[v] = graph.ruleAt(v, slot);
        root[v] = root[w]!;
        depth[v] = depth[w]! + (graph.isVirtual(v) ? 0 : 1);
        break;
      }
    }
  });
  return { dead, cause, via, viaRule, root, depth };
}
