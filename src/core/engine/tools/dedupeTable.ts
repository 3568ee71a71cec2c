/**
 * The persistent dedupe cache (`tool-rules.md` §4 step 2, §8): (tool, arguments) → time of the
 * call's last execution, in typed arrays.
 *
 * - **Entries** are indexed by a small entry id (freed ids are reused first): time, hash and tool
 *   id side by side in one typed array (16 bytes an entry, so expiring or reusing one touches one
 *   cache line), the arguments in a parallel array.
 * - **Index**: an open-addressing table (linear probing, load ≤ ½, backward-shift deletion, so no
 *   tombstones) of (hash, entry id + 1) pairs side by side in one typed array, so a probe and a
 *   deletion's shifts read one cache line per slot and never the entries. A call is found by its
 *   32-bit hash and confirmed structurally ({@link sameArgs}) only on a hash hit, so no key text is
 *   built per call.
 * - **Expiry**: a ring buffer of (entry, time) in execution order. Entries older than the window
 *   are dropped from its head; an item whose entry has been executed again since is stale and
 *   skipped. Memory is bounded by what the window holds, not by the length of the trace.
 * - The check of a call remembers where it probed, so recording the same call right after reuses
 *   the slot without probing again.
 *
 * Times never go backwards (the trace guarantees it).
 */
import type { Json } from '../../model/toolRules.ts';
import { argsHash, sameArgs } from './argsIdentity.ts';

type Args = Readonly<Record<string, Json>>;

/** The table's state as plain data (typed arrays copied), for checkpoints. */
export interface DedupeTableState {
  windowMs: number;
  count: number;
  used: number;
  hash: Int32Array;
  tool: Int32Array;
  time: Float64Array;
  args: (Args | undefined)[];
  free: Int32Array;
  ringEntry: Int32Array;
  ringTime: Float64Array;
}

const MIN_SLOTS = 64;

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
  // Entries.
  /**
   * Per entry e, side by side in 16 bytes (one cache line holds four entries): `eTime[2e]` its
   * time, `eWord[4e + 2]` its hash and `eWord[4e + 3]` its tool id — an expiry reads the three at
   * once, and the record reusing the freed id writes the same line.
   */
  private eTime = new Float64Array(2 * 16);
  private eWord = new Int32Array(this.eTime.buffer);
  private entryCap = 16;
  private eArgs: (Args | undefined)[] = [];
  /** Entry ids handed out so far (high-water mark); freed ones are on the free stack. */
  private used = 0;
  private free = new Int32Array(16);
  private freeTop = 0;
  private count = 0;
  // Index: per slot i, slots[2i] the entry's hash and slots[2i + 1] its id + 1 (0 = empty).
  private slots = new Int32Array(2 * MIN_SLOTS);
  private mask = MIN_SLOTS - 1;
  // Expiry ring.
  private ringEntry = new Int32Array(16);
  private ringTime = new Float64Array(16);
  private ringHead = 0;
  private ringLen = 0;
  // The last probe: a record of the same call at the same time reuses it.
  private probeArgs: Args | undefined;
  private probeTool = -1;
  private probeTime = Number.NaN;
  private probeHash = 0;
  /** Slot of the entry found, or the empty slot where it would go. */
  private probeSlot = 0;
  private probeFound = false;

  /** A window of 0 turns deduplication off: nothing is checked or kept. */
  constructor(readonly windowMs: number) {}

  /** Number of distinct calls currently kept. */
  get size(): number {
    return this.count;
  }

  /** True when the same call was executed less than the window before `now`. */
  isDuplicate(toolId: number, args: Args, now: number): boolean {
    if (this.windowMs <= 0) return false;
    this.evict(now);
    this.probe(toolId, args, now);
    // Eviction ran at `now`, so an entry found is inside the window.
    return this.probeFound;
  }

  /** Records an execution of the call at `now`. */
  record(toolId: number, args: Args, now: number): void {
    if (this.windowMs <= 0) return;
    this.evict(now);
    if (this.probeArgs !== args || this.probeTool !== toolId || this.probeTime !== now) this.probe(toolId, args, now);
    let e: number;
    if (this.probeFound) {
      e = (this.slots[2 * this.probeSlot + 1] as number) - 1;
      if (this.eTime[2 * e] === now) return; // already queued at this time
      this.eTime[2 * e] = now;
    } else {
      e = this.newEntry(this.probeHash, toolId, args, now);
      this.slots[2 * this.probeSlot] = this.probeHash;
      this.slots[2 * this.probeSlot + 1] = e + 1;
      this.count++;
      this.probeFound = true;
      if (this.count * 2 > this.mask + 1) this.rehash(2 * (this.mask + 1));
    }
    this.pushRing(e, now);
  }

  private probe(toolId: number, args: Args, now: number): void {
    const hash = dedupeHash(toolId, args);
    const { slots, mask } = this;
    let i = hash & mask;
    for (;;) {
      const s = slots[2 * i + 1] as number;
      if (s === 0) {
        this.probeFound = false;
        break;
      }
      if (slots[2 * i] === hash && this.eWord[4 * s - 1] === toolId && sameArgs(this.eArgs[s - 1] as Args, args)) {
        this.probeFound = true;
        break;
      }
      i = (i + 1) & mask;
    }
    this.probeArgs = args;
    this.probeTool = toolId;
    this.probeTime = now;
    this.probeHash = hash;
    this.probeSlot = i;
  }

  private forgetProbe(): void {
    this.probeArgs = undefined;
    this.probeTool = -1;
  }

  private newEntry(hash: number, toolId: number, args: Args, time: number): number {
    let e: number;
    if (this.freeTop > 0) e = this.free[--this.freeTop] as number;
    else {
      e = this.used++;
      if (e >= this.entryCap) this.growEntries(this.entryCap * 2);
    }
    this.eTime[2 * e] = time;
    this.eWord[4 * e + 2] = hash;
    this.eWord[4 * e + 3] = toolId;
    this.eArgs[e] = args;
    return e;
  }

  private growEntries(cap: number): void {
    const time = new Float64Array(2 * cap);
    time.set(this.eTime);
    const free = new Int32Array(cap);
    free.set(this.free);
    this.eTime = time;
    this.eWord = new Int32Array(time.buffer);
    this.entryCap = cap;
    this.free = free;
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

  private pushRing(e: number, time: number): void {
    let cap = this.ringEntry.length;
    if (this.ringLen === cap) {
      const entry = new Int32Array(cap * 2);
      const times = new Float64Array(cap * 2);
      for (let k = 0; k < this.ringLen; k++) {
        const at = (this.ringHead + k) & (cap - 1);
        entry[k] = this.ringEntry[at] as number;
        times[k] = this.ringTime[at] as number;
      }
      this.ringEntry = entry;
      this.ringTime = times;
      this.ringHead = 0;
      cap *= 2;
    }
    const at = (this.ringHead + this.ringLen) & (cap - 1);
    this.ringEntry[at] = e;
    this.ringTime[at] = time;
    this.ringLen++;
  }

  /** Drops every entry that can no longer deduplicate a call at `now` or later. O(1) amortised. */
  private evict(now: number): void {
    const limit = now - this.windowMs;
    const mask = this.ringEntry.length - 1;
    while (this.ringLen > 0) {
      const t = this.ringTime[this.ringHead] as number;
      if (t > limit) break; // now − t < window: still live
      const e = this.ringEntry[this.ringHead] as number;
      this.ringHead = (this.ringHead + 1) & mask;
      this.ringLen--;
      if (this.eTime[2 * e] === t) this.remove(e);
    }
  }

  /** Removes entry `e` from the index (backward-shift deletion) and frees its id. */
  private remove(e: number): void {
    const { slots, mask } = this;
    let i = (this.eWord[4 * e + 2] as number) & mask;
    while (slots[2 * i + 1] !== e + 1) i = (i + 1) & mask;
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
    this.eArgs[e] = undefined;
    this.eTime[2 * e] = Number.NaN; // no later ring item matches a freed entry
    this.free[this.freeTop++] = e;
    this.count--;
    this.forgetProbe();
  }

  /**
   * Calls `visit` for every call that would be deduplicated at `now` (executed less than the
   * window before it): its tool id, arguments and time. Reads only; for the state key.
   */
  forEachLive(now: number, visit: (toolId: number, args: Args, time: number) => void): void {
    if (this.windowMs <= 0) return;
    for (let e = 0; e < this.used; e++) {
      const args = this.eArgs[e];
      const time = this.eTime[2 * e] as number;
      if (args !== undefined && now - time < this.windowMs) visit(this.eWord[4 * e + 3] as number, args, time);
    }
  }

  /** The table's state as plain data, copied (the arguments objects are shared: they are never mutated). */
  save(): DedupeTableState {
    const ringEntry = new Int32Array(this.ringLen);
    const ringTime = new Float64Array(this.ringLen);
    const cap = this.ringEntry.length;
    for (let k = 0; k < this.ringLen; k++) {
      const at = (this.ringHead + k) & (cap - 1);
      ringEntry[k] = this.ringEntry[at] as number;
      ringTime[k] = this.ringTime[at] as number;
    }
    return {
      windowMs: this.windowMs,
      count: this.count,
      used: this.used,
      hash: Int32Array.from({ length: this.used }, (_, e) => this.eWord[4 * e + 2] as number),
      tool: Int32Array.from({ length: this.used }, (_, e) => this.eWord[4 * e + 3] as number),
      time: Float64Array.from({ length: this.used }, (_, e) => this.eTime[2 * e] as number),
      args: this.eArgs.slice(0, this.used),
      free: this.free.slice(0, this.freeTop),
      ringEntry,
      ringTime,
    };
  }

  /** Puts the table back in a state {@link save} returned (of a table with the same window). */
  restore(s: DedupeTableState): void {
    if (s.windowMs !== this.windowMs) throw new Error(`dedupe state of a ${s.windowMs} ms window restored into a ${this.windowMs} ms table`);
    let cap = 16;
    while (cap < s.used) cap *= 2;
    // Arrays big enough are reused (only their first `used` entries and `freeTop` ids count), so a
    // restore leaves no garbage behind: the stepper restores on every step back.
    if (this.entryCap < cap) {
      this.eTime = new Float64Array(2 * cap);
      this.eWord = new Int32Array(this.eTime.buffer);
      this.entryCap = cap;
      this.free = new Int32Array(cap);
    }
    for (let e = 0; e < s.used; e++) {
      this.eTime[2 * e] = s.time[e] as number;
      this.eWord[4 * e + 2] = s.hash[e] as number;
      this.eWord[4 * e + 3] = s.tool[e] as number;
    }
    // Filled in place rather than replaced: a new array object of another elements kind would make
    // V8 generalise the field and drop the optimised code of every method reading it (a restore
    // into a hot replay then ran its next thousands of calls unoptimised).
    refill(this.eArgs, s.args);
    this.free.set(s.free);
    this.freeTop = s.free.length;
    this.used = s.used;
    this.count = s.count;
    let ringCap = 16;
    while (ringCap < s.ringEntry.length) ringCap *= 2;
    if (this.ringEntry.length < ringCap) {
      this.ringEntry = new Int32Array(ringCap);
      this.ringTime = new Float64Array(ringCap);
    }
    this.ringEntry.set(s.ringEntry);
    this.ringTime.set(s.ringTime);
    this.ringHead = 0;
    this.ringLen = s.ringEntry.length;
    let slots = MIN_SLOTS;
    while (slots < s.count * 2) slots *= 2;
    // Re-index the live entries (free ones have undefined args).
    let live = this.slots;
    if (live.length === 2 * slots) live.fill(0);
    else live = new Int32Array(2 * slots);
    const mask = slots - 1;
    for (let e = 0; e < s.used; e++) {
      if (this.eArgs[e] === undefined) continue;
      const hash = this.eWord[4 * e + 2] as number;
      let i = hash & mask;
      while (live[2 * i + 1] !== 0) i = (i + 1) & mask;
      live[2 * i] = hash;
      live[2 * i + 1] = e + 1;
    }
    this.slots = live;
    this.mask = mask;
    this.forgetProbe();
  }
}
