/** Where a click on the overview strip lands. */
import type { Decision } from '../../core/engine/decisions.ts';

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
