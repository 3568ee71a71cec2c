/**
 * Periodic rules (`tool-rules.md` §5, §8): the reference is the tool's last execution, or the first
 * event's time; on every event a rule reports at most one `periodic_due`, when
 * `floor((now − reference) / d)` has grown since its last report (a new reference starts at 0).
 */
import type { DecisionBody } from '../decisions.ts';
import type { PeriodicRule } from './ruleIndex.ts';

interface Report {
  reference: number;
  periods: number;
}

export class PeriodicTracker {
  private readonly reports: (Report | undefined)[];

  constructor(private readonly rules: readonly PeriodicRule[]) {
    this.reports = rules.map(() => undefined);
  }

  /** Appends the `periodic_due` decisions of an event at `now`, in rule order. */
  collect(now: number, firstTime: number, lastExecution: ReadonlyMap<string, number>, out: DecisionBody[]): void {
    this.rules.forEach((r, i) => {
      const reference = lastExecution.get(r.tool) ?? firstTime;
      let report = this.reports[i];
      if (!report || report.reference !== reference) {
        report = { reference, periods: 0 };
        this.reports[i] = report;
      }
      const periods = Math.floor((now - reference) / r.periodMs);
      if (periods > report.periods) {
        report.periods = periods;
        out.push({ kind: 'periodic_due', tool: r.tool, rule: r.rule });
      }
    });
  }

  /** For the state inspector: per rule, the time it next falls due. */
  nextDue(firstTime: number, lastExecution: ReadonlyMap<string, number>): { tool: string; rule: number; dueAt: number }[] {
    return this.rules.map((r, i) => {
      const reference = lastExecution.get(r.tool) ?? firstTime;
      const report = this.reports[i];
      const done = report && report.reference === reference ? report.periods : 0;
      return { tool: r.tool, rule: r.rule, dueAt: reference + (done + 1) * r.periodMs };
    });
  }
}
