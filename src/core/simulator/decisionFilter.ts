/** The timeline's filter over decisions (kinds and a tool), applied where the decisions are held. */
import type { Decision, DecisionKind } from '../engine/decisions.ts';

/** A filter of decisions by kind and tool. */
export interface DecisionFilter {
  /** Kinds shown; empty = every kind. */
  kinds: readonly DecisionKind[];
  /** Tool shown ('' = every tool); decisions with no tool are hidden when set. */
  tool: string;
}

/** The filter that hides nothing. */
export const NO_FILTER: DecisionFilter = { kinds: [], tool: '' };

/** True when the filter hides nothing. */
export const isUnfiltered = (f: DecisionFilter): boolean => f.kinds.length === 0 && f.tool === '';

/** A predicate for the filter. */
export function decisionMatcher(f: DecisionFilter): (d: Decision) => boolean {
  const kinds = new Set(f.kinds);
  return (d) => (kinds.size === 0 || kinds.has(d.kind)) && (f.tool === '' || ('tool' in d && d.tool === f.tool));
}

/** The tools named in decisions, sorted (for the tool filter); stops after `limit` distinct tools. */
export function toolsOf(decisions: readonly Decision[], limit = 500): string[] {
  const seen = new Set<string>();
  for (const d of decisions) {
    if ('tool' in d) seen.add(d.tool);
    if (seen.size >= limit) break;
  }
  return [...seen].sort();
}
