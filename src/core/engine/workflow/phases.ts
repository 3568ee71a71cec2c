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
  /** Every phase; the last one's counts lag behind the live ones while `dirty` (see {@link flush}). */
  private phases: PhaseRecord[] = [];
  /** Never changed in place once shared: a new node's first phase replaces it with a copy. */
  private firstByNode: ReadonlyMap<string, number> = new Map();
  /** `phases` is also held by a saved state: copy it before changing it. */
  private shared = false;
  /** The state {@link save} returned, while nothing changed since (saved again at no cost). */
  private saved: PhaseHistoryState | null = null;
  /**
   * The active phase's counts, kept as numbers: a `tokens` or `commit` event adds to them and
   * allocates nothing. The record in `phases` is brought up to date when someone reads it.
   */
  private liveIn = 0;
  private liveOut = 0;
  private liveTurns = 0;
  private liveCommits = 0;
  private dirty = false;
  /** The latest token instant ({@link Instant}) as numbers; `instant` is its record once made. */
  private iTime = -Infinity;
  private iIn = 0;
  private iOut = 0;
  private iTurns = 0;
  private iPhase = -1;
  private instant: Instant | null = NO_INSTANT;

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
    this.flush();
    return this.phases[this.phases.length - 1];
  }

  at(index: number): PhaseRecord | undefined {
    this.flush();
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

  /** Writes the live counts into the active phase's record (a new record: records never change). */
  private flush(): void {
    if (!this.dirty) return;
    this.dirty = false;
    const last = this.phases.length - 1;
    const p = this.phases[last] as PhaseRecord;
    this.writable()[last] = withChanges(p, { tokensIn: this.liveIn, tokensOut: this.liveOut, turns: this.liveTurns, commits: this.liveCommits });
  }

  /** Takes the live counts from the active phase's record. */
  private readLive(): void {
    const p = this.phases[this.phases.length - 1];
    this.liveIn = p ? p.tokensIn : 0;
    this.liveOut = p ? p.tokensOut : 0;
    this.liveTurns = p ? p.turns : 0;
    this.liveCommits = p ? p.commits : 0;
    this.dirty = false;
  }

  /** Ends the active phase at `time` and starts a new one for `node` (`offset`: see {@link PhaseRecord.startOffset}). */
  enter(node: string, time: number, offset = 0): PhaseRecord {
    this.flush();
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
    const moveTokens = this.byTime && this.iTime === time && this.iTurns > 0;
    const from = this.iPhase;
    if (moveTokens) {
      record = withChanges(record, { tokensIn: this.iIn, tokensOut: this.iOut, turns: this.iTurns });
      this.iPhase = index;
      this.instant = null;
    }
    // A shared list is copied with the new record in one go (its exact length, no room to grow),
    // by a loop: `concat([record])` cost 2–3 times as much (a list made for the argument, and
    // the generic builtin), and the verifier's search copies at every move that enters a phase.
    this.saved = null;
    if (this.shared) {
      const from = this.phases;
      const n = from.length;
      const copy = new Array<PhaseRecord>(n + 1);
      for (let k = 0; k < n; k++) copy[k] = from[k] as PhaseRecord;
      copy[n] = record;
      this.phases = copy;
      this.shared = false;
    } else this.phases.push(record);
    const phases = this.phases;
    if (prev) phases[last] = withChanges(prev, { end: time });
    if (moveTokens) {
      const holder = phases[from];
      if (holder) phases[from] = withChanges(holder, { tokensIn: holder.tokensIn - this.iIn, tokensOut: holder.tokensOut - this.iOut, turns: holder.turns - this.iTurns });
    }
    this.readLive();
    return record;
  }

  /** Index of the first phase of `node`, if it was ever entered. */
  firstIndexOf(node: string): number | undefined {
    return this.firstByNode.get(node);
  }

  /** Commits in phases `from..to` (inclusive indices). */
  commitsIn(from: number, to: number): number {
    this.flush();
    const first = this.phases[Math.max(0, from)];
    const last = this.phases[to];
    if (!first || !last) return 0;
    return last.commitsBefore + last.commits - first.commitsBefore;
  }

  /** Adds token usage at `time` to the active phase (one turn). */
  addTokens(input: number, output: number, time: number): void {
    if (this.byTime) {
      this.saved = null;
      this.instant = null;
      if (this.iTime !== time) {
        this.iTime = time;
        this.iIn = input;
        this.iOut = output;
        this.iTurns = 1;
        this.iPhase = this.phases.length - 1;
      } else {
        this.iIn += input;
        this.iOut += output;
        this.iTurns += 1;
      }
    }
    if (this.phases.length === 0) return;
    this.saved = null;
    this.dirty = true;
    this.liveIn += input;
    this.liveOut += output;
    this.liveTurns += 1;
  }

  addCommit(): void {
    if (this.phases.length === 0) return;
    this.saved = null;
    this.dirty = true;
    this.liveCommits += 1;
  }

  /**
   * The history for checkpoints. Records never change, and the saved lists are shared with the
   * live history until it changes (copy on write), so saving and restoring cost O(1).
   */
  save(): PhaseHistoryState {
    this.flush();
    if (this.saved === null) {
      this.instant ??= { time: this.iTime, tokensIn: this.iIn, tokensOut: this.iOut, turns: this.iTurns, phase: this.iPhase };
      this.saved = { phases: this.phases, first: this.firstByNode, instant: this.instant };
      this.shared = true;
    }
    return this.saved;
  }

  restore(s: PhaseHistoryState): void {
    this.phases = s.phases as PhaseRecord[];
    this.firstByNode = s.first;
    const i = s.instant;
    this.instant = i;
    this.iTime = i.time;
    this.iIn = i.tokensIn;
    this.iOut = i.tokensOut;
    this.iTurns = i.turns;
    this.iPhase = i.phase;
    this.shared = true;
    this.saved = s;
    this.readLive();
  }

  list(): readonly PhaseRecord[] {
    this.flush();
    return this.phases;
  }
}

/** A phase's duration in ms: to its end, or to `now` while it is active. */
export function phaseDurationMs(phase: PhaseRecord, now: number): number {
  return (phase.end ?? now) - phase.start;
}
