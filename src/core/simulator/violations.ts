/**
 * Which decisions are violations: what the timeline makes stand out and `Next violation` jumps
 * to. Everything that stopped a call, an exit or a transition, plus unusable trace lines.
 */
import type { Decision, DecisionKind } from '../engine/decisions.ts';

/** The violation kinds: blocked, denied, timeout, not_found, deduplicated, exit_blocked, interrupt, error. */
export const VIOLATION_KINDS: ReadonlySet<DecisionKind> = new Set<DecisionKind>([
  'blocked',
  'denied',
  'timeout',
  'not_found',
  'deduplicated',
  'exit_blocked',
  'interrupt',
  'error',
]);

/** True when the decision is a violation (see {@link VIOLATION_KINDS}). */
export function isViolation(d: Pick<Decision, 'kind'>): boolean {
  return VIOLATION_KINDS.has(d.kind);
}

/** Indices (positions in `decisions`) of the violations, ascending. Linear. */
export function violations(decisions: readonly Decision[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < decisions.length; i++) if (isViolation(decisions[i] as Decision)) out.push(i);
  return out;
}

/**
 * The first violation with `seq` greater than `fromSeq` (pass -1 to search from the start), or
 * undefined when there is none. Decisions are in `seq` order, so this is a scan from the first
 * decision after `fromSeq`, found by binary search.
 */
export function nextViolation(decisions: readonly Decision[], fromSeq: number): Decision | undefined {
  let lo = 0;
  let hi = decisions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((decisions[mid] as Decision).seq <= fromSeq) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < decisions.length; i++) {
    const d = decisions[i] as Decision;
    if (isViolation(d)) return d;
  }
  return undefined;
}
