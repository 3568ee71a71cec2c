/**
 * The timeline's filter (decision kinds and a tool) over a growing {@link DecisionLog}: the rows
 * shown are decision indices. With no filter the rows are the decisions themselves and no index
 * is built. With one, the worker (which holds the decisions) scans the decisions not yet scanned
 * and sends the matching indices; the rows grow as its answers arrive (O(new decisions) each).
 * Without a worker query (decisions appended on the page) the log is scanned here.
 */
import type { Decision } from '../../core/engine/decisions.ts';
import { decisionMatcher, isUnfiltered, NO_FILTER, type DecisionFilter } from '../../core/simulator/decisionFilter.ts';
import type { FilteredRows } from '../../worker/protocol.ts';
import type { DecisionLog } from './decisionLog.ts';

export type TimelineFilter = DecisionFilter;
export { NO_FILTER, isUnfiltered };

/** Asks the worker for the indices ≥ `from` the filter shows. */
export type RowQuery = (filter: DecisionFilter, from: number) => Promise<FilteredRows | undefined>;

/** Rows of a filtered timeline: decision indices, built incrementally. */
export class TimelineRows {
  private index = new Int32Array(256);
  private rows = 0;
  private scanned = 0;
  private asking = false;
  private readonly match: (d: Decision) => boolean;

  /** `query`: the worker's filter (see {@link RowQuery}); `changed`: called when rows arrive from it. */
  constructor(
    private readonly log: DecisionLog,
    readonly filter: TimelineFilter,
    private readonly query?: RowQuery,
    private readonly changed?: () => void,
  ) {
    this.match = decisionMatcher(filter);
  }

  private add(rows: ArrayLike<number>): void {
    if (this.rows + rows.length > this.index.length) {
      let size = this.index.length;
      while (size < this.rows + rows.length) size *= 2;
      const grown = new Int32Array(size);
      grown.set(this.index.subarray(0, this.rows));
      this.index = grown;
    }
    this.index.set(rows, this.rows);
    this.rows += rows.length;
  }

  /** True while decisions the filter has not seen yet are being scanned. */
  get pending(): boolean {
    return !isUnfiltered(this.filter) && this.scanned < this.log.length;
  }

  private catchUp(): void {
    if (isUnfiltered(this.filter) || this.scanned >= this.log.length) return;
    if (!this.query) {
      const found: number[] = [];
      for (; this.scanned < this.log.length; this.scanned++) {
        const d = this.log.at(this.scanned);
        if (d && this.match(d)) found.push(this.scanned);
      }
      this.add(found);
      return;
    }
    if (this.asking) return;
    this.asking = true;
    const from = this.scanned;
    this.query(this.filter, from).then(
      (found) => {
        this.asking = false;
        if (!found || this.scanned !== from) return;
        this.add(found.rows);
        this.scanned = found.scanned;
        this.changed?.();
      },
      () => {
        this.asking = false;
      },
    );
  }

  /** Number of rows (those found so far while {@link pending}). */
  count(): number {
    if (isUnfiltered(this.filter)) return this.log.length;
    this.catchUp();
    return this.rows;
  }

  /** The decision index shown at `row`. */
  decisionAt(row: number): number | undefined {
    if (isUnfiltered(this.filter)) return row < this.log.length && row >= 0 ? row : undefined;
    this.catchUp();
    return row >= 0 && row < this.rows ? this.index[row] : undefined;
  }

  /** The row showing decision `index`, or the row of the nearest shown decision before it (-1 when none). */
  rowOf(index: number): number {
    if (isUnfiltered(this.filter)) return Math.min(index, this.log.length - 1);
    this.catchUp();
    let lo = 0;
    let hi = this.rows;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.index[mid] as number) <= index) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }
}
