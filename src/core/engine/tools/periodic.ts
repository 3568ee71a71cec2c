/**
 * Periodic rules (`tool-rules.md` §5, §8): the reference is the tool's last execution, or the first
 * event's time; on every event a rule reports at most one `periodic_due`, when
 * `floor((now − reference) / d)` has grown since its last report (a new reference starts at 0).
 *
 * A rule next falls due at `reference + (periods + 1) · d`, and that time only ever grows: an
 * execution moves the reference to `now` when the rule is not due (a due rule reports before the
 * event's call). So the tracker keeps the earliest due time of all rules and skips every event
 * before it: O(1) per event, O(periodic rules) only on events where one falls due.
 */
import type { CompiledPeriodic } from './toolTable.ts';

export class PeriodicTracker {
  /** Per rule: the reference of its last report (NaN = none yet) and the periods reported since. */
  readonly reference: Float64Array;
  readonly periods: Float64Array;
  /** No rule falls due before this time. */
  minDue = Number.NEGATIVE_INFINITY;

  constructor(private readonly rules: readonly CompiledPeriodic[]) {
    this.reference = new Float64Array(rules.length).fill(Number.NaN);
    this.periods = new Float64Array(rules.length);
  }

  /**
   * Calls `report.periodicDue(rule)` for every rule falling due at `now`, in rule order.
   * `lastExecution` is indexed by tool id (NaN = never executed). A method of an object rather
   * than a function: every engine's callback is then one function to V8 (a closure per engine
   * made this call site, compiled for the first engine, miss for the next one).
   */
  collect(
    state: { readonly nowMs: number; readonly firstMs: number; readonly lastExecution: Float64Array },
    report: { periodicDue(rule: CompiledPeriodic): void },
  ): void {
    // The times are read here, not passed: a number passed to a call V8 does not inline is boxed.
    const now = state.nowMs;
    const firstTime = state.firstMs;
    const lastExecution = state.lastExecution;
    if (now < this.minDue) return;
    let minDue = Number.POSITIVE_INFINITY;
    const { rules, reference: refs, periods } = this;
    for (let i = 0; i < rules.length; i++) {
      const r = rules[i] as CompiledPeriodic;
      const last = lastExecution[r.toolId] as number;
      const reference = Number.isNaN(last) ? firstTime : last;
      if (refs[i] !== reference) {
        refs[i] = reference;
        periods[i] = 0;
      }
      const p = Math.floor((now - reference) / r.periodMs);
      if (p > (periods[i] as number)) {
        periods[i] = p;
        report.periodicDue(r);
      }
      // One ms early, so rounding of a fractional period can only cause an extra (exact) scan.
      const due = reference + ((periods[i] as number) + 1) * r.periodMs - 1;
      if (due < minDue) minDue = due;
    }
    this.minDue = minDue;
  }

  /** For the state inspector: per rule, the time it next falls due. */
  nextDue(firstTime: number, lastExecution: Float64Array): { tool: string; rule: number; dueAt: number }[] {
    return this.rules.map((r, i) => {
      const last = lastExecution[r.toolId] as number;
      const reference = Number.isNaN(last) ? firstTime : last;
      const done = this.reference[i] === reference ? (this.periods[i] as number) : 0;
      return { tool: r.tool, rule: r.rule, dueAt: reference + (done + 1) * r.periodMs };
    });
  }

  /** Copies a saved state in (into the same arrays: replacing them would drop the optimised code reading them). */
  restore(reference: Float64Array, periods: Float64Array, minDue: number): void {
    this.reference.set(reference);
    this.periods.set(periods);
    this.minDue = minDue;
  }
}
