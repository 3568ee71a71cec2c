/** The overview strip of a whole trace: where violations and interrupts are, in equal bins of events. */
import type { Decision } from '../engine/decisions.ts';
import { isViolation } from './violations.ts';

export interface OverviewBin {
  /** First event of the bin and the event after its last (exclusive). */
  fromEvent: number;
  toEvent: number;
  /** Decisions in the bin. */
  decisions: number;
  /** Violations in the bin (see `isViolation`; interrupts included). */
  violations: number;
  /** Interrupts in the bin (a subset of `violations`). */
  interrupts: number;
  /** `seq` of the bin's first violation, for jumping there; undefined when none. */
  firstViolationSeq?: number;
}

/**
 * Splits events [0, eventCount) into `bins` equal ranges (fewer when there are fewer events) and
 * counts each range's decisions, violations and interrupts. A decision whose event is at or past
 * `eventCount` (an `error` after the last event) goes to the last bin. Linear in the decisions.
 */
export function overviewBins(decisions: readonly Decision[], eventCount: number, bins: number): OverviewBin[] {
  const events = Math.max(1, Math.floor(eventCount));
  const count = Math.max(1, Math.min(Math.floor(bins), events));
  const out: OverviewBin[] = Array.from({ length: count }, (_, b) => ({
    fromEvent: Math.ceil((b * events) / count),
    toEvent: Math.ceil(((b + 1) * events) / count),
    decisions: 0,
    violations: 0,
    interrupts: 0,
  }));
  for (const d of decisions) {
    const b = Math.min(count - 1, Math.max(0, Math.floor((d.event * count) / events)));
    const bin = out[b] as OverviewBin;
    bin.decisions++;
    if (!isViolation(d)) continue;
    bin.violations++;
    bin.firstViolationSeq ??= d.seq;
    if (d.kind === 'interrupt') bin.interrupts++;
  }
  return out;
}

/** Index of the first decision whose event is ≥ `event` (decisions are in event order), or undefined. */
export function firstDecisionOfEvent(decisions: readonly Decision[], event: number): number | undefined {
  let lo = 0;
  let hi = decisions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((decisions[mid] as Decision).event < event) lo = mid + 1;
    else hi = mid;
  }
  return lo < decisions.length ? lo : undefined;
}
