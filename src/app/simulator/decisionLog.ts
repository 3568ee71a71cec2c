/**
 * The decisions of one run as they stream in from the worker, held outside React state: a
 * growing array plus, for each decision, the step (trace item) that caused it. Appending a chunk
 * is O(chunk); the timeline reads rows by index and the step mapping is a binary search, so a
 * 1,000,000-decision run never copies or re-renders the whole list.
 */
import type { Decision } from '../../core/engine/decisions.ts';

export class DecisionLog {
  readonly decisions: Decision[] = [];
  private stepsOf = new Int32Array(1024);

  get length(): number {
    return this.decisions.length;
  }

  /** Appends a chunk; `steps[i]` is the step of `decisions[i]` (when absent, the decision's event is used). */
  append(decisions: readonly Decision[], steps?: readonly number[]): void {
    const need = this.decisions.length + decisions.length;
    if (need > this.stepsOf.length) {
      let size = this.stepsOf.length;
      while (size < need) size *= 2;
      const grown = new Int32Array(size);
      grown.set(this.stepsOf);
      this.stepsOf = grown;
    }
    for (let i = 0; i < decisions.length; i++) {
      const d = decisions[i] as Decision;
      this.stepsOf[this.decisions.length] = steps?.[i] ?? d.event;
      this.decisions.push(d);
    }
  }

  at(index: number): Decision | undefined {
    return this.decisions[index];
  }

  /** The step of the decision at `index` (its seq), or -1 when there is none. */
  stepOf(index: number): number {
    return index >= 0 && index < this.decisions.length ? (this.stepsOf[index] as number) : -1;
  }

  /** The first decision index whose step is ≥ `step` (length when none). */
  firstAtOrAfter(step: number): number {
    let lo = 0;
    let hi = this.decisions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.stepsOf[mid] as number) < step) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Decision indices [from, to) caused by `step`. */
  rangeOfStep(step: number): { from: number; to: number } {
    return { from: this.firstAtOrAfter(step), to: this.firstAtOrAfter(step + 1) };
  }

  /** The decision a step selects: its last one, or undefined when the step decided nothing. */
  selectedByStep(step: number): number | undefined {
    const { from, to } = this.rangeOfStep(step);
    return to > from ? to - 1 : undefined;
  }
}
