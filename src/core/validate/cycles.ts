/**
 * Cycles of the required order (T001): one description per cyclic component, with one shortest
 * cycle through its first-mentioned tool.
 */
import type { Condensation } from './graph.ts';
import { shortestCycle } from './graph.ts';
import type { RequiredOrderGraph } from './requiredOrder.ts';

export interface RequiredCycle {
  /** Component id in the condensation. */
  readonly component: number;
  /** Tool ids of the component, ascending (order of first mention). */
  readonly tools: readonly number[];
  /** Tool ids along one cycle, starting and ending at the same tool (virtual nodes left out). */
  readonly path: readonly number[];
  /** The rule whose edge closes the cycle (the last hop, back to the start). */
  readonly closingRule: number;
  /** `"*"` rules the cycle goes through, in path order. */
  readonly wildcardRules: readonly number[];
}

function isCyclic(graph: RequiredOrderGraph, members: readonly number[]): boolean {
  if (members.length > 1) return true;
  const v = members[0]!;
  for (let s = 0, d = graph.degree(v); s < d; s++) if (graph.successor(v, s) === v) return true;
  return false;
}

/** Describes every cyclic component of the required-order graph, in emission order. */
export function findRequiredCycles(graph: RequiredOrderGraph, condensation: Condensation): RequiredCycle[] {
  const cycles: RequiredCycle[] = [];
  condensation.components.forEach((members, component) => {
    if (!isCyclic(graph, members)) return;
    const tools = members.filter((v) => !graph.isVirtual(v)).sort((a, b) => a - b);
    const start = tools[0]!;
    const hops = shortestCycle(graph, condensation, start);
    const path = [start];
    const wildcardRules: number[] = [];
    let prev = start;
    let closingRule = -1;
    for (const hop of hops) {
      closingRule = graph.ruleAt(prev, hop.slot);
      if (graph.isVirtual(hop.node)) wildcardRules.push(closingRule);
      else path.push(hop.node);
      prev = hop.node;
    }
    cycles.push({ component, tools, path, closingRule, wildcardRules });
  });
  return cycles;
}
