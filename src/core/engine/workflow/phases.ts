/**
 * Phase history: one compact record per phase (node, start, end, tokens, turns, commits), with
 * O(1) look-ups of a node's first phase and of commit counts over a range of phases.
 */

export interface PhaseRecord {
  readonly node: string;
  /** Epoch ms. */
  readonly start: number;
  /** Epoch ms when the phase ended; `null` while it is the active phase. */
  end: number | null;
  tokensIn: number;
  tokensOut: number;
  /** Events that carried tokens in this phase. */
  turns: number;
  commits: number;
  /** Commits in all earlier phases, so range sums are O(1). */
  readonly commitsBefore: number;
}

/** The history as plain data (checkpoints). */
export interface PhaseHistoryState {
  phases: PhaseRecord[];
  instant: { time: number; tokensIn: number; tokensOut: number; turns: number; phase: number };
}

export class PhaseHistory {
  private readonly phases: PhaseRecord[] = [];
  private readonly firstByNode = new Map<string, number>();
  /** Tokens at the latest token instant, and the phase holding them (null: before the first phase). */
  private instant = { time: -Infinity, tokensIn: 0, tokensOut: 0, turns: 0, phase: null as PhaseRecord | null };

  /**
   * @param byTime hegel's bucketing: tokens belong to the phase whose [start, end) holds their time,
   *   so tokens at the very instant of a transition (even read before it) go to the new phase
   *   (hegel-cli src/metrics/aggregation.rs `is_in_range`). Otherwise event order decides.
   */
  constructor(private readonly byTime = false) {}

  get length(): number {
    return this.phases.length;
  }

  /** The active phase (the last one), if the workflow has started. */
  current(): PhaseRecord | undefined {
    return this.phases[this.phases.length - 1];
  }

  at(index: number): PhaseRecord | undefined {
    return this.phases[index];
  }

  /** Ends the active phase at `time` and starts a new one for `node`. */
  enter(node: string, time: number): PhaseRecord {
    const prev = this.current();
    if (prev) prev.end = time;
    const record: PhaseRecord = {
      node,
      start: time,
      end: null,
      tokensIn: 0,
      tokensOut: 0,
      turns: 0,
      commits: 0,
      commitsBefore: prev ? prev.commitsBefore + prev.commits : 0,
    };
    if (!this.firstByNode.has(node)) this.firstByNode.set(node, this.phases.length);
    this.phases.push(record);
    const i = this.instant;
    if (this.byTime && i.time === time && i.turns > 0) {
      if (i.phase) {
        i.phase.tokensIn -= i.tokensIn;
        i.phase.tokensOut -= i.tokensOut;
        i.phase.turns -= i.turns;
      }
      record.tokensIn += i.tokensIn;
      record.tokensOut += i.tokensOut;
      record.turns += i.turns;
      i.phase = record;
    }
    return record;
  }

  /** Index of the first phase of `node`, if it was ever entered. */
  firstIndexOf(node: string): number | undefined {
    return this.firstByNode.get(node);
  }

  /** Commits in phases `from..to` (inclusive indices). */
  commitsIn(from: number, to: number): number {
    const first = this.phases[Math.max(0, from)];
    const last = this.phases[to];
    if (!first || !last) return 0;
    return last.commitsBefore + last.commits - first.commitsBefore;
  }

  /** Adds token usage at `time` to the active phase (one turn). */
  addTokens(input: number, output: number, time: number): void {
    const p = this.current();
    if (this.byTime) {
      const i = this.instant;
      if (i.time !== time) this.instant = { time, tokensIn: input, tokensOut: output, turns: 1, phase: p ?? null };
      else {
        i.tokensIn += input;
        i.tokensOut += output;
        i.turns += 1;
      }
    }
    if (!p) return;
    p.tokensIn += input;
    p.tokensOut += output;
    p.turns += 1;
  }

  addCommit(): void {
    const p = this.current();
    if (p) p.commits += 1;
  }

  /** Every phase record and the latest token instant (its phase by index), copied, for checkpoints. */
  save(): PhaseHistoryState {
    const { phase, ...instant } = this.instant;
    return { phases: this.phases.map((p) => ({ ...p })), instant: { ...instant, phase: phase ? this.phases.indexOf(phase) : -1 } };
  }

  restore(s: PhaseHistoryState): void {
    this.phases.length = 0;
    this.firstByNode.clear();
    s.phases.forEach((p, i) => {
      this.phases.push({ ...p });
      if (!this.firstByNode.has(p.node)) this.firstByNode.set(p.node, i);
    });
    this.instant = { ...s.instant, phase: s.instant.phase >= 0 ? (this.phases[s.instant.phase] ?? null) : null };
  }

  list(): readonly PhaseRecord[] {
    return this.phases;
  }
}

/** A phase's duration in ms: to its end, or to `now` while it is active. */
export function phaseDurationMs(phase: PhaseRecord, now: number): number {
  return (phase.end ?? now) - phase.start;
}
