/**
 * The timeline's filter (decision kinds and a tool) over a growing {@link DecisionLog}: the rows
 * shown are decision indices, extended incrementally as chunks arrive (O(new decisions)). With no
 * filter the rows are the decisions themselves and no index is built.
 */
import type { Decision, DecisionKind } from '../../core/engine/decisions.ts';
import type { DecisionLog } from './decisionLog.ts';

export interface TimelineFilter {
  /** Kinds shown; empty = every kind. */
  kinds: readonly DecisionKind[];
  /** Tool shown ('' = every tool); decisions with no tool are hidden when set. */
  tool: string;
}

export const NO_FILTER: TimelineFilter = { kinds: [], tool: '' };

/** True when the filter hides nothing. */
export const isUnfiltered = (f: TimelineFilter): boolean => f.kinds.length === 0 && f.tool === '';

/** A predicate for the filter. */
export function matcher(f: TimelineFilter): (d: Decision) => boolean {
  const kinds = new Set(f.kinds);
  return (d) => (kinds.size === 0 || kinds.has(d.kind)) && (f.tool === '' || ('tool' in d && d.tool === f.tool));
}

/** Rows of a filtered timeline: decision indices, built incrementally. */
export class TimelineRows {
  private readonly index: number[] = [];
  private scanned = 0;
  private readonly match: (d: Decision) => boolean;

  constructor(
    private readonly log: DecisionLog,
    readonly filter: TimelineFilter,
  ) {
    this.match = matcher(filter);
  }

  private catchUp(): void {
    if (isUnfiltered(this.filter)) return;
    const all = this.log.decisions;
    for (; this.scanned < all.length; this.scanned++) if (this.match(all[this.scanned] as Decision)) this.index.push(this.scanned);
  }

  /** Number of rows. */
  count(): number {
    if (isUnfiltered(this.filter)) return this.log.length;
    this.catchUp();
    return this.index.length;
  }

  /** The decision index shown at `row`. */
  decisionAt(row: number): number | undefined {
    if (isUnfiltered(this.filter)) return row < this.log.length && row >= 0 ? row : undefined;
    this.catchUp();
    return this.index[row];
  }

  /** The row showing decision `index`, or the row of the nearest shown decision before it (-1 when none). */
  rowOf(index: number): number {
    if (isUnfiltered(this.filter)) return Math.min(index, this.log.length - 1);
    this.catchUp();
    let lo = 0;
    let hi = this.index.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.index[mid] as number) <= index) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }
}

/** The tools named in a run's decisions, sorted (for the tool filter); stops after `limit` distinct tools. */
export function toolsOf(decisions: readonly Decision[], limit = 500): string[] {
  const seen = new Set<string>();
  for (const d of decisions) {
    if ('tool' in d) seen.add(d.tool);
    if (seen.size >= limit) break;
  }
  return [...seen].sort();
}
