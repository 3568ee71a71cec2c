/**
 * Step-through over a trace: the decisions and the engine state after any step, where a step is
 * one trace item (step -1 = before the first).
 *
 * The *front* replay has run furthest and produced every decision known so far (decisions never
 * change, so they are computed once). As replays pass them, the replay state is saved every N
 * items ({@link createCheckpoints}); the state after any earlier step is then one restore and at
 * most N − 1 pushes away, in a *live* replay kept at the step shown. Costs:
 * - stepping forward: O(1) per step (the live or front replay advances by one item);
 * - stepping back or scrubbing anywhere already reached: one restore plus fewer than N pushes
 *   (N is about a thousand items, more when the states are large; see `checkpoints.ts`); the
 *   replay of a step back also saves a few *local* checkpoints just behind it, so stepping on back
 *   replays at most `localEvery` items (and {@link Stepper.prepareBack} readies the end of a
 *   finished run the same way, so the first step back from the end is a restore and no replay);
 * - `nextViolation` scans ahead with the front replay.
 * A run that already replayed the trace (the Web Worker's) hands its replay, decisions and
 * checkpoints over as the front, so nothing is replayed again; once the front is at the end it
 * serves as the live replay too.
 */
import type { Decision } from '../engine/decisions.ts';
import { createReplay, type Replay, type ReplayConfig, type ReplaySnapshot, type ReplayState } from '../engine/replay.ts';
import type { TraceItem } from '../traces/events.ts';
import { createCheckpoints, estimateBytes, type CheckpointOptions, type Checkpoints } from './checkpoints.ts';
import { isViolation } from './violations.ts';

export interface StepperOptions extends CheckpointOptions {
  /**
   * Spacing of the local checkpoints saved near the steps shown (default 1,024 items): a step back
   * saves the state every this many items over the last {@link localKeep} spans it replays, so
   * the steps back that follow replay at most this many items instead of the run's N.
   */
  localEvery?: number;
  /** Local checkpoints kept, most recent first (default 4). */
  localKeep?: number;
  /** Estimated bytes the local checkpoints may hold together (default 32 MB; the oldest go first). */
  localBudgetBytes?: number;
  /** Checkpoints to use and extend (default: a new store with these options). */
  checkpoints?: Checkpoints;
  /**
   * A replay that has already consumed the first `pos` items, with the decisions it gave and, per
   * decision, the index of the item that caused it (the stepper takes the replay over as its front).
   */
  front?: { replay: Replay; pos: number; decisions: Decision[]; steps: ArrayLike<number> };
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
  /**
   * Positions a replay at the step before the last, saving local checkpoints behind it, so stepping
   * back from the end of a finished run costs no replay. The worker calls it when a run ends.
   */
  prepareBack(): void;
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
  const stats = { replays: 0, pushes: 0 };
  const checkpoints = opts.checkpoints ?? createCheckpoints(opts);
  /** ends[i] = number of decisions after item i (valid for i < frontPos). */
  const ends = new Int32Array(n);
  const start = (): Replay => {
    stats.replays++;
    return createReplay(config);
  };
  let decisions: Decision[];
  let front: Replay;
  let frontPos: number;
  if (opts.front) {
    ({ replay: front, pos: frontPos, decisions } = opts.front);
    const steps = opts.front.steps;
    let d = 0;
    for (let i = 0; i < frontPos; i++) {
      while (d < decisions.length && (steps[d] as number) <= i) d++;
      ends[i] = d;
    }
  } else {
    decisions = [];
    front = start();
    frontPos = 0;
    checkpoints.passed(0, front);
  }
  /** A replay behind the front, at the step shown; undefined when the front is at the step shown. */
  let live: { replay: Replay; pos: number } | undefined;
  /** The last snapshots read, by position (re-reading a step is free). */
  const recent = new Map<number, ReplaySnapshot>();
  const localEvery = Math.max(1, Math.floor(opts.localEvery ?? 1024));
  const localKeep = Math.max(0, Math.floor(opts.localKeep ?? 4));
  const localBudget = opts.localBudgetBytes ?? 32 * 1024 * 1024;
  /** Local checkpoints by position, least recently saved first, with their estimated sizes. */
  const locals = new Map<number, { state: ReplayState; bytes: number }>();
  let localBytes = 0;

  const pushOn = (r: Replay, pos: number) => {
    stats.pushes++;
    return r.push(items[pos] as TraceItem);
  };
  /** Decisions of replays behind the front are known already: pushed into one scratch array, dropped. */
  const scratch: Decision[] = [];
  const catchUp = (r: Replay, pos: number) => {
    stats.pushes++;
    r.pushInto(items[pos] as TraceItem, scratch);
    scratch.length = 0;
  };

  function keepLocal(pos: number, r: Replay): void {
    if (localKeep === 0 || locals.has(pos)) return;
    const state = r.save();
    const bytes = estimateBytes(state);
    locals.set(pos, { state, bytes });
    localBytes += bytes;
    while (locals.size > 0 && (locals.size > localKeep || localBytes > localBudget)) {
      const oldest = locals.keys().next().value as number;
      localBytes -= (locals.get(oldest) as { bytes: number }).bytes;
      locals.delete(oldest);
    }
  }

  /** The latest saved state at or before `pos`: a run checkpoint or a local one. */
  function nearestState(pos: number): { pos: number; state: ReplayState } | undefined {
    let best = checkpoints.nearest(pos);
    for (const [p, local] of locals) if (p <= pos && (!best || p > best.pos)) best = { pos: p, state: local.state };
    return best;
  }

  function advanceFront(to: number): void {
    while (frontPos < to) {
      for (const d of pushOn(front, frontPos)) decisions.push(d);
      ends[frontPos] = decisions.length;
      frontPos++;
      checkpoints.passed(frontPos, front);
    }
  }

  /**
   * Once the front has replayed the whole trace it has nothing left to do: it becomes the live
   * replay (restored from checkpoints like any other). Its code is already optimised, where a new
   * replay's first few thousand pushes run cold (the first step back of a finished 1M-event run
   * took about three times as long as later ones).
   */
  let frontLent = false;

  /**
   * A replay at `pos` (≤ frontPos): the front, the live one moved forward, or one restored from a
   * checkpoint. Local checkpoints are saved on the way when stepping back (a jump far away saves
   * none: states saved on every scrub only fed the garbage collector) or when `local` says so.
   */
  function replayAt(pos: number, local = false): Replay {
    if (!frontLent && pos >= frontPos) {
      advanceFront(pos);
      return front;
    }
    if (!frontLent && !live && frontPos === n) {
      frontLent = true;
      live = { replay: front, pos: frontPos };
    }
    const saveLocal = local || (live !== undefined && live.pos > pos && live.pos - pos <= localEvery * localKeep);
    const cp = nearestState(pos);
    const from = cp?.pos ?? 0;
    if (!live || live.pos > pos || live.pos < from) {
      const r: Replay = live?.replay ?? start();
      if (cp) r.restore(cp.state);
      else {
        live = undefined;
        return replayAt0(pos);
      }
      live = { replay: r, pos: from };
    }
    // Local checkpoints over the last spans before `pos`, where the next steps back will land.
    const localFrom = saveLocal ? pos - localEvery * localKeep : pos;
    while (live.pos < pos) {
      catchUp(live.replay, live.pos++);
      checkpoints.passed(live.pos, live.replay);
      if (live.pos % localEvery === 0 && live.pos > localFrom) keepLocal(live.pos, live.replay);
    }
    return live.replay;
  }

  /** No checkpoint at or before `pos` (checkpoints were thinned to nothing): replay from the start. */
  function replayAt0(pos: number): Replay {
    const r = start();
    live = { replay: r, pos: 0 };
    while (live.pos < pos) catchUp(r, live.pos++);
    return r;
  }

  function snapshotAt(pos: number): ReplaySnapshot {
    const cached = recent.get(pos);
    if (cached) return cached;
    const snap = replayAt(pos).snapshot();
    if (recent.size >= 8) recent.delete(recent.keys().next().value as number);
    recent.set(pos, snap);
    return snap;
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
      if (pos > frontPos) advanceFront(pos);
      return new View(s, countAt(pos - 1), countAt(pos), decisions, () => snapshotAt(pos));
    },
    prepareBack() {
      if (n >= 2 && frontPos === n) replayAt(n - 1, true);
    },
    known: () => decisions,
    allDecisions() {
      advanceFront(n);
      return decisions;
    },
    stepOf,
    nextViolation(fromSeq) {
      for (let i = Math.max(0, fromSeq + 1); ; i++) {
        while (i >= decisions.length && frontPos < n) advanceFront(frontPos + 1);
        const d = decisions[i];
        if (!d) return undefined;
        if (isViolation(d)) return { decision: d, step: stepOf(d.seq) as number };
      }
    },
  };
}
