/**
 * The persistent dedupe cache (`tool-rules.md` §4 step 2, §8): (tool, arguments) → time of the
 * call's last execution, in typed arrays.
 *
 * - **Two generations** ({@link Generation}), each holding the calls recorded during one epoch as
 *   long as the window: a call is recorded in the current one; when an epoch ends the older
 *   generation, whose calls are all past the window by then, is cleared as a whole and becomes the
 *   current one. No call is removed one by one, so expiry never touches the index (before, each
 *   expiry was a probe and a backward shift at a random place in it: a cache miss per call).
 * - A check asks each generation's filter (a bitmap small enough to stay in cache) first, and
 *   probes an index only when its filter does not rule the call out; a call is found by its 32-bit
 *   hash and confirmed structurally ({@link sameArgs}) only on a hash hit, so no key text is built.
 * - A call of the older generation still needs its time compared with the window; its arguments
 *   are dropped as it expires (a sweep along the log in time order), so the table keeps the objects
 *   of the live calls only.
 * - The check of a call remembers what it found, so recording the same call right after does not
 *   probe again.
 *
 * Memory is bounded by what two windows hold, not by the length of the trace. Times never go
 * backwards (the trace guarantees it).
 */
import { argsHash, sameArgs } from './argsIdentity.ts';
import { Generation, STALE, type Args } from './dedupeGeneration.ts';

/** Calls recorded without a probe of the index wait in the log until this many, then are indexed together. */
const PENDING_MAX = 1024;

export { refill } from './dedupeGeneration.ts';

/** The table's state as plain data (typed arrays copied): its live entries, oldest first. */
export interface DedupeTableState {
  windowMs: number;
  hash: Int32Array;
  tool: Int32Array;
  time: Float64Array;
  args: Args[];
}

function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The table's hash of a call: its tool id and its arguments' key-order-free hash. */
export function dedupeHash(toolId: number, args: Args): number {
  return mix(Math.imul(toolId + 1, 0x9e3779b1) ^ argsHash(args));
}

export class DedupeTable {
  /** Calls recorded since {@link epochStart}, all inside the window until the epoch ends. */
  private cur = new Generation();
  /** Calls of the epoch before: some still inside the window. */
  private old = new Generation();
  /** Start of the current epoch, which ends one window later (−∞: no call recorded yet). */
  private epochStart = Number.NEGATIVE_INFINITY;
  /** Calls at this time or before are expired (the clock of the last operation less the window). */
  private liveFrom = Number.NEGATIVE_INFINITY;
  /** The next batch of the older generation's expired calls is swept once {@link liveFrom} reaches this. */
  private sweepAt = Number.NEGATIVE_INFINITY;
  /** The clock's time from which {@link advance} has work: the epoch's end or the next sweep, whichever is first. */
  private turnAt = Number.NEGATIVE_INFINITY;
  // The last probe: a record of the same call at the same time reuses it.
  private probeArgs: Args | undefined;
  private probeTool = -1;
  private probeTime = Number.NaN;
  private probeHash = 0;
  /** Where the call was found: 1 current generation, 2 older one, 0 not found (or expired). */
  private probeWhere = 0;
  /** Log position of the call found. */
  private probePos = 0;
  /** Index slot of the call found in the current generation, or the empty slot where it would go there (−1: not probed). */
  private probeSlot = -1;

  /**
   * The time {@link isDuplicateNow} and {@link recordNow} act at, written by the caller: a number
   * passed to a method V8 does not inline is boxed, an allocation per call.
   */
  readonly clock = new Float64Array(1);

  /** A window of 0 turns deduplication off: nothing is checked or kept. */
  constructor(readonly windowMs: number) {}

  /** Number of distinct calls currently kept (inside the window at the last operation's time). */
  get size(): number {
    this.sweep();
    return this.cur.live + this.old.live;
  }

  /** True when the same call was executed less than the window before `now`. */
  isDuplicate(toolId: number, args: Args, now: number): boolean {
    this.clock[0] = now;
    return this.isDuplicateNow(toolId, args);
  }

  /** {@link isDuplicate} at the time in {@link clock}. */
  isDuplicateNow(toolId: number, args: Args): boolean {
    if (this.windowMs <= 0) return false;
    this.advance();
    this.probe(toolId, args);
    return this.probeWhere !== 0;
  }

  /** Records an execution of the call at `now`. */
  record(toolId: number, args: Args, now: number): void {
    this.clock[0] = now;
    this.recordNow(toolId, args);
  }

  /** {@link record} at the time in {@link clock}. */
  recordNow(toolId: number, args: Args): void {
    if (this.windowMs <= 0) return;
    const now = this.clock[0] as number;
    // The check of this call at this time has moved the table to it and found what there is.
    if (this.probeArgs !== args || this.probeTool !== toolId || this.probeTime !== now) {
      this.advance();
      this.probe(toolId, args);
    }
    const cur = this.cur;
    const hash = this.probeHash;
    if (this.probeWhere === 1) {
      const p = this.probePos;
      if (cur.time[2 * p] === now) return; // already recorded at this time
      cur.stale(p);
      const q = cur.append(hash, toolId, args, now);
      // Found through the index, so the probe flushed it: the new position takes the old one's slot.
      cur.slots[this.probeSlot] = q + 1;
      cur.indexed = q + 1;
      this.probePos = q;
      return;
    }
    if (this.probeWhere === 2) this.old.stale(this.probePos);
    // The probe found the empty slot, nothing waits to be indexed and the index has room: the call
    // goes in there (its index line is in cache). Else it waits in the log for the next flush.
    const slot = this.probeSlot;
    const p = cur.append(hash, toolId, args, now);
    if (slot >= 0 && cur.indexed === p && 2 * (cur.keys + 1) <= cur.mask + 1) {
      cur.index(slot, p);
      cur.indexed = p + 1;
    } else if (p - cur.indexed >= PENDING_MAX) cur.flush();
    this.probeWhere = 1;
    this.probePos = p;
    this.probeSlot = -1;
  }

  /**
   * Moves to the clock's time. Small enough for V8 to inline where the engine checks a call (the
   * whole method did not fit the engine's inlining budget there: a call per check); the epoch's
   * end and the next sweep are done by {@link turn} once the clock reaches {@link turnAt}.
   */
  private advance(): void {
    const now = this.clock[0] as number;
    this.liveFrom = now - this.windowMs;
    if (now >= this.turnAt) this.turn(now);
  }

  /** Ends the epochs that are over and sweeps the calls that expired. */
  private turn(now: number): void {
    const w = this.windowMs;
    if (now >= this.epochStart + w) {
      const cleared = this.old;
      cleared.clear();
      if (now >= this.epochStart + 2 * w) {
        // Both epochs are past the window: start afresh at this call.
        this.cur.clear();
        this.epochStart = now;
      } else {
        this.cur.flush();
        this.old = this.cur;
        this.cur = cleared;
        this.epochStart += w;
      }
      this.forgetProbe();
    }
    if (this.liveFrom >= this.sweepAt) this.sweep();
    else this.turnAt = Math.min(this.epochStart + w, this.sweepAt + w);
  }

  /**
   * Drops the arguments of the older generation's expired calls. Run in batches, once the window
   * has moved on by a sixteenth (a call per call cost more than the batch), and before anything
   * counts or lists the calls.
   */
  private sweep(): void {
    this.old.sweep(this.liveFrom);
    this.sweepAt = this.liveFrom + this.windowMs / 16;
    this.turnAt = Math.min(this.epochStart + this.windowMs, this.sweepAt + this.windowMs);
  }

  /** The hash a call is filed under ({@link dedupeHash}; tests force collisions by overriding it). */
  protected hashOf(toolId: number, args: Args): number {
    return dedupeHash(toolId, args);
  }

  /** Finds the call at the clock's time: sets probeWhere, probePos and probeSlot. */
  private probe(toolId: number, args: Args): void {
    const hash = this.hashOf(toolId, args);
    this.probeArgs = args;
    this.probeTool = toolId;
    this.probeTime = this.clock[0] as number;
    this.probeHash = hash;
    this.probeWhere = 0;
    this.probeSlot = -1;
    const cur = this.cur;
    if (!cur.absent(hash)) {
      if (cur.indexed < cur.len) cur.flush();
      const { slots, mask, word } = cur;
      let i = hash & mask;
      for (;;) {
        const s = slots[i] as number;
        if (s === 0) break;
        if (word[4 * s - 2] === hash && word[4 * s - 1] === toolId && sameArgs(cur.args[s - 1] as Args, args)) {
          this.probeWhere = 1;
          this.probePos = s - 1;
          break;
        }
        i = (i + 1) & mask;
      }
      this.probeSlot = i;
      if (this.probeWhere !== 0) return;
    }
    const old = this.old;
    if (old.live === 0 || old.absent(hash)) return;
    const { slots, mask, word, time } = old;
    const limit = this.liveFrom;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const s = slots[i] as number;
      if (s === 0) return;
      // Stale and expired calls hold no arguments: the time and tool are compared first.
      if (word[4 * s - 2] === hash && word[4 * s - 1] === toolId && (time[2 * s - 2] as number) > limit && sameArgs(old.args[s - 1] as Args, args)) {
        this.probeWhere = 2;
        this.probePos = s - 1;
        return;
      }
    }
  }

  private forgetProbe(): void {
    this.probeArgs = undefined;
    this.probeTool = -1;
  }

  /** Calls `visit(g, p)` for each live call's generation and log position, oldest first. */
  private forEachEntry(visit: (g: Generation, p: number) => void): void {
    for (const g of [this.old, this.cur]) {
      for (let p = g.swept; p < g.len; p++) if (g.word[4 * p + 3] !== STALE) visit(g, p);
    }
  }

  /**
   * Calls `visit` for every call that would be deduplicated at `now` (executed less than the
   * window before it): its tool id, arguments and time. Reads only; for the state key.
   */
  forEachLive(now: number, visit: (toolId: number, args: Args, time: number) => void): void {
    if (this.windowMs <= 0) return;
    this.forEachEntry((g, p) => {
      const time = g.time[2 * p] as number;
      if (time > this.liveFrom && now - time < this.windowMs) visit(g.word[4 * p + 3] as number, g.args[p] as Args, time);
    });
  }

  /** The table's state as plain data, copied (the arguments objects are shared: they are never mutated). */
  save(): DedupeTableState {
    const n = this.size; // swept first: the older generation's calls left are live
    const hash = new Int32Array(n);
    const tool = new Int32Array(n);
    const time = new Float64Array(n);
    const args: Args[] = [];
    this.forEachEntry((g, p) => {
      const k = args.length;
      hash[k] = g.word[4 * p + 2] as number;
      tool[k] = g.word[4 * p + 3] as number;
      time[k] = g.time[2 * p] as number;
      args.push(g.args[p] as Args);
    });
    return { windowMs: this.windowMs, hash, tool, time, args };
  }

  /** Puts the table back in a state {@link save} returned (of a table with the same window). */
  restore(s: DedupeTableState): void {
    if (s.windowMs !== this.windowMs) throw new Error(`dedupe state of a ${s.windowMs} ms window restored into a ${this.windowMs} ms table`);
    // The generations are cleared and refilled, never replaced: a restore leaves no garbage behind
    // (the stepper restores on every step back). The saved calls span less than a window, so
    // they make one epoch starting at the oldest.
    this.old.clear();
    const cur = this.cur;
    cur.clear();
    const n = s.args.length;
    for (let k = 0; k < n; k++) cur.append(s.hash[k] as number, s.tool[k] as number, s.args[k] as Args, s.time[k] as number);
    cur.flush();
    this.epochStart = n > 0 ? (s.time[0] as number) : Number.NEGATIVE_INFINITY;
    this.liveFrom = Number.NEGATIVE_INFINITY;
    this.sweepAt = Number.NEGATIVE_INFINITY;
    this.turnAt = Number.NEGATIVE_INFINITY;
    this.forgetProbe();
  }
}
