/**
 * Step-through over a trace: the decisions and the engine state after any step, where a step is
 * one trace item (step -1 = before the first).
 *
 * The engines cannot be cloned, so two replays are kept: the *front* replay, which has run
 * furthest and produced every decision known so far (decisions never change, so they are
 * computed once), and, after a step back, a *live* replay positioned at the step shown, used only
 * for its state. Costs:
 * - stepping forward: O(1) per step (the live or front replay advances by one item);
 * - stepping back or scrubbing backwards: one replay of the prefix from the start (about 1–3 s at
 *   1,000,000 events). While it runs, the snapshots of the `backWindow` steps before the target are
 *   kept, so the following step-backs are O(1) until the window is used up;
 * - snapshots of every `checkpointEvery`-th step are kept as replays pass them (exact hits are O(1));
 * - `nextViolation` scans ahead with the front replay, keeping the shown step's snapshot first.
 */
import type { Decision } from '../engine/decisions.ts';
import { createReplay, type Replay, type ReplayConfig, type ReplaySnapshot } from '../engine/replay.ts';
import type { TraceItem } from '../traces/events.ts';
import { isViolation } from './violations.ts';

export interface StepperOptions {
  /** Keep the snapshot of every N-th step as replays pass it (0 = none; default 0). */
  checkpointEvery?: number;
  /** After a backward re-run, keep the snapshots of this many steps before the target (default 64). */
  backWindow?: number;
}

/** The view at one step. Snapshots are shared with the stepper's cache: treat them as read-only. */
export interface StepView {
  /** The step shown, clamped to [-1, items − 1]. */
  step: number;
  /** Number of decisions up to and including this step. */
  decisionCount: number;
  /** The decisions this step's item caused (copied when read). */
  readonly stepDecisions: readonly Decision[];
  /** Decisions up to and including this step (copied when read: O(decisionCount)). */
  readonly decisions: readonly Decision[];
  /**
   * The replay's state after this step, built when first read (building it costs O(state), so a
   * fast forward play that reads it only now and then stays O(1) per step). Read later, after
   * other steps, it is still right: it is then taken from the cache or by re-positioning.
   */
  readonly snapshot: ReplaySnapshot;
}

export interface Stepper {
  /** Number of steps (trace items). */
  readonly length: number;
  /** The view after `step`; forward moves are incremental, backward ones re-run (see the module comment). */
  at(step: number): StepView;
  /** The decisions known so far, in order (shared: do not mutate). */
  known(): readonly Decision[];
  /** Every decision of the trace (runs the rest of the trace once, without moving the step shown). */
  allDecisions(): readonly Decision[];
  /** The step whose item caused decision `seq`, if that decision is known. */
  stepOf(seq: number): number | undefined;
  /** The first violation after `fromSeq` (-1: from the start), scanning ahead as needed. */
  nextViolation(fromSeq: number): { decision: Decision; step: number } | undefined;
  /** Replays started and items pushed so far (for tests and diagnostics). */
  readonly stats: { replays: number; pushes: number };
}

/** A step's view: plain fields, with the decision copy and the snapshot built on first read. */
class View implements StepView {
  private snap: ReplaySnapshot | undefined;
  constructor(
    readonly step: number,
    private readonly from: number,
    readonly decisionCount: number,
    private readonly all: readonly Decision[],
    private readonly build: () => ReplaySnapshot,
  ) {}
  get stepDecisions(): readonly Decision[] {
    return this.all.slice(this.from, this.decisionCount);
  }
  get decisions(): readonly Decision[] {
    return this.all.slice(0, this.decisionCount);
  }
  get snapshot(): ReplaySnapshot {
    this.snap ??= this.build();
    return this.snap;
  }
}

/** Creates a stepper over `items` replayed with `config`. */
export function createStepper(items: readonly TraceItem[], config: ReplayConfig, opts: StepperOptions = {}): Stepper {
  const n = items.length;
  const every = Math.max(0, Math.floor(opts.checkpointEvery ?? 0));
  const backWindow = Math.max(0, Math.floor(opts.backWindow ?? 64));
  const stats = { replays: 0, pushes: 0 };
  const decisions: Decision[] = [];
  /** ends[i] = number of decisions after item i (valid for i < frontPos). */
  const ends = new Int32Array(n);
  const cache = new Map<number, ReplaySnapshot>();
  let windowKeys: number[] = [];
  const start = (): Replay => {
    stats.replays++;
    return createReplay(config);
  };
  const front = start();
  let frontPos = 0;
  /** A replay behind the front, at the step shown; undefined when the front is at the step shown. */
  let live: { replay: Replay; pos: number } | undefined;
  let shownPos = 0;

  const checkpoint = (pos: number, r: Replay) => {
    if (every > 0 && pos % every === 0 && !cache.has(pos)) cache.set(pos, r.snapshot());
  };
  const pushOn = (r: Replay, pos: number) => {
    stats.pushes++;
    return r.push(items[pos] as TraceItem);
  };

  function advanceFront(to: number): void {
    while (frontPos < to) {
      for (const d of pushOn(front, frontPos)) decisions.push(d);
      ends[frontPos] = decisions.length;
      frontPos++;
      checkpoint(frontPos, front);
    }
  }

  function keepWindow(pos: number, snap: ReplaySnapshot): void {
    if (cache.has(pos)) return;
    cache.set(pos, snap);
    windowKeys.push(pos);
  }

  /** Re-runs from the start to `pos` (< frontPos), keeping the back window's snapshots. */
  function rerun(pos: number): ReplaySnapshot {
    for (const k of windowKeys) cache.delete(k);
    windowKeys = [];
    const r = start();
    for (let p = 0; p < pos; p++) {
      pushOn(r, p);
      if (p + 1 < pos && p + 1 >= pos - backWindow) keepWindow(p + 1, r.snapshot());
      checkpoint(p + 1, r);
    }
    live = { replay: r, pos };
    return r.snapshot();
  }

  /**
   * Positions a replay at `pos` when that is cheap (forward moves), so the snapshot can be read
   * from it; a backward move is left to {@link snapshotAt}, which runs only if the snapshot is read.
   * Returns the replay at `pos`, if any.
   */
  function ensureAt(pos: number): Replay | undefined {
    if (pos >= frontPos) {
      live = undefined;
      advanceFront(pos);
      return front;
    }
    if (!live && pos === frontPos) return front;
    if (live && live.pos <= pos) {
      while (live.pos < pos) {
        pushOn(live.replay, live.pos++);
        checkpoint(live.pos, live.replay);
      }
      return live.replay;
    }
    return undefined;
  }

  function snapshotAt(pos: number): ReplaySnapshot {
    const cached = cache.get(pos);
    if (cached && pos <= frontPos) return cached;
    const at = ensureAt(pos);
    return at ? at.snapshot() : rerun(pos);
  }

  /** Before the front scans ahead of the step shown, keep that step's snapshot. */
  function scoutTo(pos: number): void {
    if (pos <= frontPos) return;
    if (!live && shownPos === frontPos) keepWindow(frontPos, front.snapshot());
    advanceFront(pos);
  }

  const countAt = (pos: number) => (pos <= 0 ? 0 : (ends[pos - 1] as number));

  function stepOf(seq: number): number | undefined {
    if (seq < 0 || seq >= decisions.length) return undefined;
    let lo = 0;
    let hi = frontPos - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((ends[mid] as number) > seq) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  return {
    length: n,
    stats,
    at(step) {
      const s = Math.min(Math.max(Math.floor(step), -1), n - 1);
      const pos = s + 1;
      ensureAt(pos);
      shownPos = pos;
      return new View(s, countAt(pos - 1), countAt(pos), decisions, () => snapshotAt(pos));
    },
    known: () => decisions,
    allDecisions() {
      scoutTo(n);
      return decisions;
    },
    stepOf,
    nextViolation(fromSeq) {
      for (let i = Math.max(0, fromSeq + 1); ; i++) {
        while (i >= decisions.length && frontPos < n) scoutTo(frontPos + 1);
        const d = decisions[i];
        if (!d) return undefined;
        if (isViolation(d)) return { decision: d, step: stepOf(d.seq) as number };
      }
    },
  };
}
