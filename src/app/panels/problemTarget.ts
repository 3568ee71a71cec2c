/**
 * Pure helpers of the Problems list: which graph element a diagnostic is about, how findings are
 * ordered and counted. No React, so Vitest checks them in Node.
 */
import type { Diagnostic, Severity, Target } from '../../core/diagnostics/types.ts';
import type { Selection } from '../state/store.ts';

/**
 * The graph selection for a diagnostic's target: an agent rule → `rule`, else a tool → `tool`;
 * a workflow rule → `phaseRule`, a transition → `transition`, a node → `phase`; anything else
 * (the file, the workflow as a whole) → `none`.
 */
export function selectionForTarget(target: Target): Selection {
  if (target.kind === 'agent') {
    if (target.rule !== undefined) return { kind: 'rule', index: target.rule };
    if (target.tool !== undefined) return { kind: 'tool', tool: target.tool };
    return { kind: 'none' };
  }
  if (target.kind === 'workflow' && target.node !== undefined) {
    if (target.rule !== undefined) return { kind: 'phaseRule', node: target.node, index: target.rule };
    if (target.transition !== undefined) return { kind: 'transition', node: target.node, index: target.transition };
    return { kind: 'phase', node: target.node };
  }
  return { kind: 'none' };
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Diagnostics in display order: errors first, then warnings, then infos; by position within each. */
export function sortProblems(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      RANK[a.severity] - RANK[b.severity] ||
      a.range.start.line - b.range.start.line ||
      a.range.start.column - b.range.start.column ||
      a.code.localeCompare(b.code),
  );
}

export type SeverityCounts = Record<Severity, number>;

/** How many findings of each severity (for the tab label and the summary). */
export function countBySeverity(diagnostics: readonly Diagnostic[]): SeverityCounts {
  const counts: SeverityCounts = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) counts[d.severity] += 1;
  return counts;
}

/** A short label for the counts, e.g. `2 errors, 1 warning` or `No problems`. */
export function describeCounts(c: SeverityCounts): string {
  const parts: string[] = [];
  const add = (n: number, one: string) => {
    if (n > 0) parts.push(`${n} ${one}${n === 1 ? '' : 's'}`);
  };
  add(c.error, 'error');
  add(c.warning, 'warning');
  add(c.info, 'info');
  return parts.length > 0 ? parts.join(', ') : 'No problems';
}
