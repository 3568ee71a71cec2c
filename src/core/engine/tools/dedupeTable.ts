/**
 * The persistent dedupe cache (`tool-rules.md` §4 step 2, §8): (tool, arguments) → time of the
 * call's last execution, in typed arrays.
 *
 * - **Entries are the expiry queue**: a ring buffer of executions in time order, each 16 bytes
 *   side by side (time, hash, tool id) with the arguments in a parallel array. A new call is
 *   written at the tail and expires from the head, so both ends are read and written in order;
 *   there is no separate entry store, free list or expiry queue to keep in step (each was one
 *   more array, and one more cache miss, per call).
 * - **Index**: an open-addressing table (linear probing, load ≤ ½, backward-shift deletion, so no
 *   tombstones) of (hash, ring position + 1) pairs side by side in one typed array, so a probe
 *   and a deletion's shifts read one cache line per slot and never the ring. A call is found by
 *   its 32-bit hash and confirmed structurally ({@link sameArgs}) only on a hash hit, so no key
 *   text is built per call.
 * - A call recorded again while its entry is live (the same call twice at one time, or a record
 *   without a check) moves to the tail; its old position is left as a stale item (tool −1) that
 *   expiry skips. When the ring is full it doubles, dropping stale items, and the index is
 *   rebuilt for the new positions.
 * - The check of a call remembers where it probed, so recording the same call right after reuses
 *   the slot without probing again.
 *
 * Memory is bounded by what the window holds, not by the length of the trace. Times never go
 * backwards (the trace guarantees it).
 */
import type { Json } from '../../model/toolRules.ts';
import { argsHash, sameArgs } from './argsIdentity.ts';

type Args = Readonly<Record<string, Json>>;

/** The table's state as plain data (typed arrays copied): its live entries, oldest first. */
export interface DedupeTableState {
  windowMs: number;
  hash: Int32Array;
  tool: Int32Array;
  time: Float64Array;
  args: Args[];
}

const MIN_SLOTS = 64;
const MIN_RING = 16;
/** Tool id of a ring item whose call has moved on (re-recorded later in the ring). */
const STALE = -1;

/** Makes `target` hold exactly the items of `source`, keeping the `target` array object. */
export function refill<T>(target: T[], source: readonly T[]): void {
  target.length = 0;
  for (let i = 0; i < source.length; i++) target.push(source[i] as T);
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
  // The ring of entries.
  /**
   * Per ring position p, side by side in 16 bytes: `rTime[2p]` its time, `rWord[4p + 2]` its hash
   * and `rWord[4p + 3]` its tool id ({@link STALE} once the call moved to a later position).
   */
  private rTime = new Float64Array(2 * MIN_RING);
  private rWord = new Int32Array(this.rTime.buffer);
  private rArgs: (Args | undefined)[] = new Array<Args | undefined>(MIN_RING).fill(undefined);
  private ringMask = MIN_RING - 1;
  private head = 0;
  private len = 0;
  /** Live entries (distinct calls in the index). */
  private count = 0;
  // Index: per slot i, slots[2i] the entry's hash and slots[2i + 1] its ring position + 1 (0 = empty).
  private slots = new Int32Array(2 * MIN_SLOTS);
  private mask = MIN_SLOTS - 1;
  // The last probe: a record of the same call at the same time reuses it.
  private probeArgs: Args | undefined;
  private probeTool = -1;
  private probeTime = Number.NaN;
  private probeHash = 0;
  /** Slot of the entry found, or the empty slot where it would go. */
  private probeSlot = 0;
  private probeFound = false;

  /**
   * The time {@link isDuplicateNow} and {@link recordNow} act at, written by the caller: a number
   * passed to a method V8 does not inline is boxed, an allocation per call.
   */
  readonly clock = new Float64Array(1);

  /** A window of 0 turns deduplication off: nothing is checked or kept. */
  constructor(readonly windowMs: number) {}

  /** Number of distinct calls currently kept. */
  get size(): number {
    return this.count;
  }

  /** True when the same call was executed less than the window before `now`. */
  isDuplicate(toolId: number, args: Args, now: number): boolean {
    this.clock[0] = now;
    return this.isDuplicateNow(toolId, args);
  }

  /** {@link isDuplicate} at the time in {@link clock}. */
  isDuplicateNow(toolId: number, args: Args): boolean {
    if (this.windowMs <= 0) return false;
    this.evict();
    this.probe(toolId, args);
    // Eviction ran at the clock's time, so an entry found is inside the window.
    return this.probeFound;
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
    this.evict();
    if (this.probeArgs !== args || this.probeTool !== toolId || this.probeTime !== now) this.probe(toolId, args);
    // Growing renumbers the ring's positions in the index but moves no slot: the probe stays valid.
    if (this.len > this.ringMask) this.growRing();
    const at = 2 * this.probeSlot + 1;
    if (this.probeFound) {
      const p = (this.slots[at] as number) - 1;
      if (this.rTime[2 * p] === now) return; // already recorded at this time
      this.rWord[4 * p + 3] = STALE;
      this.rArgs[p] = undefined;
      this.slots[at] = this.append(this.probeHash, toolId, args, now) + 1;
      return;
    }
    this.slots[at - 1] = this.probeHash;
    this.slots[at] = this.append(this.probeHash, toolId, args, now) + 1;
    this.count++;
    this.probeFound = true;
    if (this.count * 2 > this.mask + 1) this.rehash(2 * (this.mask + 1));
  }

  private probe(toolId: number, args: Args): void {
    const hash = dedupeHash(toolId, args);
    const { slots, mask } = this;
    let i = hash & mask;
    for (;;) {
      const s = slots[2 * i + 1] as number;
      if (s === 0) {
        this.probeFound = false;
        break;
      }
      if (slots[2 * i] === hash && this.rWord[4 * s - 1] === toolId && sameArgs(this.rArgs[s - 1] as Args, args)) {
        this.probeFound = true;
        break;
      }
      i = (i + 1) & mask;
    }
    this.probeArgs = args;
    this.probeTool = toolId;
    this.probeTime = this.clock[0] as number;
    this.probeHash = hash;
    this.probeSlot = i;
  }

  private forgetProbe(): void {
    this.probeArgs = undefined;
    this.probeTool = -1;
  }

  /** The slot holding ring position `p` (whose hash is `hash`). */
  private slotOf(p: number, hash: number): number {
    const { slots, mask } = this;
    let i = hash & mask;
    while (slots[2 * i + 1] !== p + 1) i = (i + 1) & mask;
    return i;
  }

  /** Writes an entry at the ring's tail (which has room: see {@link record}) and returns its position. */
  private append(hash: number, toolId: number, args: Args, time: number): number {
    const p = (this.head + this.len) & this.ringMask;
    this.rTime[2 * p] = time;
    this.rWord[4 * p + 2] = hash;
    this.rWord[4 * p + 3] = toolId;
    this.rArgs[p] = args;
    this.len++;
    return p;
  }

  /** Doubles the ring, moving its items to positions 0 … in order and dropping stale ones, and points the index at the new positions. */
  private growRing(): void {
    const cap = 2 * (this.ringMask + 1);
    const time = new Float64Array(2 * cap);
    const word = new Int32Array(time.buffer);
    const args = new Array<Args | undefined>(cap).fill(undefined);
    const moved = new Int32Array(this.ringMask + 1); // old position → new position + 1
    let n = 0;
    for (let k = 0; k < this.len; k++) {
      const p = (this.head + k) & this.ringMask;
      if (this.rWord[4 * p + 3] === STALE) continue;
      time[2 * n] = this.rTime[2 * p] as number;
      word[4 * n + 2] = this.rWord[4 * p + 2] as number;
      word[4 * n + 3] = this.rWord[4 * p + 3] as number;
      args[n] = this.rArgs[p];
      moved[p] = n + 1;
      n++;
    }
    const { slots } = this;
    for (let k = 1; k < slots.length; k += 2) {
      const s = slots[k] as number;
      if (s !== 0) slots[k] = moved[s - 1] as number;
    }
    // Refilled in place: a new array object here would deoptimise every method reading it.
    refill(this.rArgs, args);
    this.rTime = time;
    this.rWord = word;
    this.ringMask = cap - 1;
    this.head = 0;
    this.len = n;
  }

  private rehash(size: number): void {
    const slots = new Int32Array(2 * size);
    const mask = size - 1;
    const old = this.slots;
    for (let k = 1; k < old.length; k += 2) {
      const s = old[k] as number;
      if (s === 0) continue;
      const hash = old[k - 1] as number;
      let i = hash & mask;
      while (slots[2 * i + 1] !== 0) i = (i + 1) & mask;
      slots[2 * i] = hash;
      slots[2 * i + 1] = s;
    }
    this.slots = slots;
    this.mask = mask;
    this.forgetProbe();
  }

  /** Drops every entry that can no longer deduplicate a call at the clock's time or later. O(1) amortised. */
  private evict(): void {
    const limit = (this.clock[0] as number) - this.windowMs;
    while (this.len > 0) {
      const p = this.head;
      if ((this.rTime[2 * p] as number) > limit) break; // now − t < window: still live
      this.head = (p + 1) & this.ringMask;
      this.len--;
      if (this.rWord[4 * p + 3] === STALE) continue;
      this.remove(p);
    }
  }

  /** Removes the entry at ring position `p` from the index (backward-shift deletion). */
  private remove(p: number): void {
    const { slots, mask } = this;
    let i = this.slotOf(p, this.rWord[4 * p + 2] as number);
    let j = i;
    for (;;) {
      j = (j + 1) & mask;
      const s = slots[2 * j + 1] as number;
      if (s === 0) break;
      const hash = slots[2 * j] as number;
      const home = hash & mask;
      // Move s back into the hole at i unless its home lies cyclically in (i, j].
      const stays = i <= j ? home > i && home <= j : home > i || home <= j;
      if (!stays) {
        slots[2 * i] = hash;
        slots[2 * i + 1] = s;
        i = j;
      }
    }
    slots[2 * i + 1] = 0;
    this.rArgs[p] = undefined;
    this.count--;
    this.forgetProbe();
  }

  /** Calls `visit(p)` for each live entry's ring position, oldest first. */
  private forEachEntry(visit: (p: number) => void): void {
    for (let k = 0; k < this.len; k++) {
      const p = (this.head + k) & this.ringMask;
      if (this.rWord[4 * p + 3] !== STALE) visit(p);
    }
  }

  /**
   * Calls `visit` for every call that would be deduplicated at `now` (executed less than the
   * window before it): its tool id, arguments and time. Reads only; for the state key.
   */
  forEachLive(now: number, visit: (toolId: number, args: Args, time: number) => void): void {
    if (this.windowMs <= 0) return;
    this.forEachEntry((p) => {
      const time = this.rTime[2 * p] as number;
      if (now - time < this.windowMs) visit(this.rWord[4 * p + 3] as number, this.rArgs[p] as Args, time);
    });
  }

  /** The table's state as plain data, copied (the arguments objects are shared: they are never mutated). */
  save(): DedupeTableState {
    const hash = new Int32Array(this.count);
    const tool = new Int32Array(this.count);
    const time = new Float64Array(this.count);
    const args: Args[] = [];
    this.forEachEntry((p) => {
      const n = args.length;
      hash[n] = this.rWord[4 * p + 2] as number;
      tool[n] = this.rWord[4 * p + 3] as number;
      time[n] = this.rTime[2 * p] as number;
      args.push(this.rArgs[p] as Args);
    });
    return { windowMs: this.windowMs, hash, tool, time, args };
  }

  /** Puts the table back in a state {@link save} returned (of a table with the same window). */
  restore(s: DedupeTableState): void {
    if (s.windowMs !== this.windowMs) throw new Error(`dedupe state of a ${s.windowMs} ms window restored into a ${this.windowMs} ms table`);
    const n = s.args.length;
    let cap = MIN_RING;
    while (cap < n) cap *= 2;
    // Only the ring's span holds arguments (expiry clears what leaves it): clear it, then fill.
    const args = this.rArgs;
    for (let k = 0; k < this.len; k++) args[(this.head + k) & this.ringMask] = undefined;
    // A ring big enough is reused, so a restore leaves no garbage behind (the stepper restores on
    // every step back); the arguments array is filled in place, never replaced (see growRing).
    if (this.ringMask + 1 < cap) {
      this.rTime = new Float64Array(2 * cap);
      this.rWord = new Int32Array(this.rTime.buffer);
      this.ringMask = cap - 1;
    }
    while (args.length <= this.ringMask) args.push(undefined);
    for (let p = 0; p < n; p++) args[p] = s.args[p];
    for (let p = 0; p < n; p++) {
      this.rTime[2 * p] = s.time[p] as number;
      this.rWord[4 * p + 2] = s.hash[p] as number;
      this.rWord[4 * p + 3] = s.tool[p] as number;
    }
    this.head = 0;
    this.len = n;
    this.count = n;
    let slots = MIN_SLOTS;
    while (slots < n * 2) slots *= 2;
    let live = this.slots;
    if (live.length === 2 * slots) live.fill(0);
    else live = new Int32Array(2 * slots);
    const mask = slots - 1;
    for (let p = 0; p < n; p++) {
      const hash = s.hash[p] as number;
      let i = hash & mask;
      while (live[2 * i + 1] !== 0) i = (i + 1) & mask;
      live[2 * i] = hash;
      live[2 * i + 1] = p + 1;
    }
    this.slots = live;
    this.mask = mask;
    this.forgetProbe();
  }
}
