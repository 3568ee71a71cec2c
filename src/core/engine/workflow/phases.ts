/**
 * Phase history: one compact record per phase (node, start, end, tokens, turns, commits), with
 * O(1) look-ups of a node's first phase and of commit counts over a range of phases.
 *
 * Records are immutable: a change replaces the record (a few per event at most), so a checkpoint
 * shares every record with the live history and saving or restoring copies only the list of
 * references. The verifier saves and restores at every explored move.
 */

export interface PhaseRecord {
  readonly node: string;
  /** Epoch ms. */
  readonly start: number;
  /** Minutes east of UTC the start's time was written with (hegel prints it as written). */
  readonly startOffset: number;
  /** Epoch ms when the phase ended; `null` while it is the active phase. */
  readonly end: number | null;
  readonly tokensIn: number;
  readonly tokensOut: number;
  /** Events that carried tokens in this phase. */
  readonly turns: number;
  readonly commits: number;
  /** Commits in all earlier phases, so range sums are O(1). */
  readonly commitsBefore: number;
}

/** The history as plain data (checkpoints). */
export interface PhaseHistoryState {
  readonly phases: readonly PhaseRecord[];
  /** Per node, the index of its first phase. */
  readonly first: ReadonlyMap<string, number>;
  readonly instant: Instant;
}

/** Tokens at the latest token instant, and the index of the phase holding them (−1: before the first phase). */
export interface Instant {
  readonly time: number;
  readonly tokensIn: number;
  readonly tokensOut: number;
  readonly turns: number;
  readonly phase: number;
}

/**
 * A copy of a record with some fields changed. Every record is built here, field by field, so all
 * share one object shape (a spread would not), which keeps the engine's reads of them fast.
 */
function withChanges(p: PhaseRecord, c: Partial<Omit<PhaseRecord, 'node' | 'start' | 'startOffset' | 'commitsBefore'>>): PhaseRecord {
  return {
    node: p.node,
    start: p.start,
    startOffset: p.startOffset,
    end: c.end === undefined ? p.end : c.end,
    tokensIn: c.tokensIn ?? p.tokensIn,
    tokensOut: c.tokensOut ?? p.tokensOut,
    turns: c.turns ?? p.turns,
    commits: c.commits ?? p.commits,
    commitsBefore: p.commitsBefore,
  };
}

const NO_INSTANT: Instant = { time: -Infinity, tokensIn: 0, tokensOut: 0, turns: 0, phase: -1 };

export class PhaseHistory {
  private phases: PhaseRecord[] = [];
  /** Never changed in place once shared: a new node's first phase replaces it with a copy. */
  private firstByNode: ReadonlyMap<string, number> = new Map();
  private instant: Instant = NO_INSTANT;
  /** `phases` is also held by a saved state: copy it before changing it. */
  private shared = false;
  /** The state {@link save} returned, while nothing changed since (saved again at no cost). */
  private saved: PhaseHistoryState | null = null;

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

  /** The phase list, ready to be changed (copied first when a saved state shares it). */
  private writable(): PhaseRecord[] {
    this.saved = null;
    if (this.shared) {
      this.phases = this.phases.slice();
      this.shared = false;
    }
    return this.phases;
  }

  /** Ends the active phase at `time` and starts a new one for `node` (`offset`: see {@link PhaseRecord.startOffset}). */
  enter(node: string, time: number, offset = 0): PhaseRecord {
    const last = this.phases.length - 1;
    const prev = this.phases[last];
    let record: PhaseRecord = {
      node,
      start: time,
      startOffset: offset,
      end: null,
      tokensIn: 0,
      tokensOut: 0,
      turns: 0,
      commits: 0,
      commitsBefore: prev ? prev.commitsBefore + prev.commits : 0,
    };
    const index = last + 1;
    if (!this.firstByNode.has(node)) this.firstByNode = new Map(this.firstByNode).set(node, index);
    const i = this.instant;
    const moveTokens = this.byTime && i.time === time && i.turns > 0;
    if (moveTokens) {
      record = withChanges(record, { tokensIn: i.tokensIn, tokensOut: i.tokensOut, turns: i.turns });
      this.instant = { time: i.time, tokensIn: i.tokensIn, tokensOut: i.tokensOut, turns: i.turns, phase: index };
    }
    // A shared list is copied with the new record in one go (its exact length, no room to grow).
    this.saved = null;
    if (this.shared) {
      this.phases = this.phases.concat([record]);
      this.shared = false;
    } else this.phases.push(record);
    const phases = this.phases;
    if (prev) phases[last] = withChanges(prev, { end: time });
    if (moveTokens) {
      const holder = phases[i.phase];
      if (holder) phases[i.phase] = withChanges(holder, { tokensIn: holder.tokensIn - i.tokensIn, tokensOut: holder.tokensOut - i.tokensOut, turns: holder.turns - i.turns });
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
    const last = this.phases.length - 1;
    if (this.byTime) {
      const i = this.instant;
      this.saved = null;
      this.instant =
        i.time !== time
          ? { time, tokensIn: input, tokensOut: output, turns: 1, phase: last }
          : { time, tokensIn: i.tokensIn + input, tokensOut: i.tokensOut + output, turns: i.turns + 1, phase: i.phase };
    }
    const p = this.phases[last];
    if (!p) return;
    this.writable()[last] = withChanges(p, { tokensIn: p.tokensIn + input, tokensOut: p.tokensOut + output, turns: p.turns + 1 });
  }

  addCommit(): void {
    const last = this.phases.length - 1;
    const p = this.phases[last];
    if (p) this.writable()[last] = withChanges(p, { commits: p.commits + 1 });
  }

  /**
   * The history for checkpoints. Records never change, and the saved lists are shared with the
   * live history until it changes (copy on write), so saving and restoring cost O(1).
   */
  save(): PhaseHistoryState {
    if (this.saved === null) {
      this.saved = { phases: this.phases, first: this.firstByNode, instant: this.instant };
      this.shared = true;
    }
    return this.saved;
  }

  restore(s: PhaseHistoryState): void {
    this.phases = s.phases as PhaseRecord[];
    this.firstByNode = s.first;
    this.instant = s.instant;
    this.shared = true;
    this.saved = s;
  }

  list(): readonly PhaseRecord[] {
    return this.phases;
  }
}

/** A phase's duration in ms: to its end, or to `now` while it is active. */
export function phaseDurationMs(phase: PhaseRecord, now: number): number {
  return (phase.end ?? now) - phase.start;
}
