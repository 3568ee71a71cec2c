/**
 * One generation of the dedupe table ({@link DedupeTable}): the calls recorded during one window-long
 * epoch, in typed arrays.
 *
 * - **Log**: the calls in the order recorded, each 16 bytes side by side (time, hash, tool id) with
 *   its arguments in a parallel array. Only appended to; a call recorded again is marked stale
 *   (tool {@link STALE}) and appended anew. Nothing is removed: the whole generation is cleared at
 *   once when its epoch can no longer deduplicate anything.
 * - **Index**: open addressing (linear probing, load ≤ ½) of log position + 1 in one `Int32Array`
 *   (4 bytes a slot); the hash is read from the log only when a slot is compared. It lags the log:
 *   a call recorded without a probe waits unindexed until {@link Generation.flush} indexes the
 *   waiting calls together, before any probe of the index and before the generation turns old.
 *   Indexed one at a time, each call cost a cache miss on the engine's path (the index does not
 *   stay in cache); indexed in a batch, the misses overlap.
 * - **Filter**: a bitmap with two bits per hash, both in one 32-bit word (16 bits per call;
 *   one bit a hash let 5–6% of never-recorded calls through to the index, two 1.5–2%), so a call that was never
 *   recorded in the generation is told apart without touching the index (set when the call is
 *   appended, so it covers the calls waiting to be indexed too): the bitmap is small
 *   enough to stay in the CPU's cache, the index is not. Bits are only ever set (the generation
 *   is cleared as a whole), so no counting is needed.
 */
import type { Json } from '../../model/toolRules.ts';

export type Args = Readonly<Record<string, Json>>;

/** Tool id of a log item whose call has moved on (recorded again later). */
export const STALE = -1;

const MIN_LOG = 16;
const MIN_SLOTS = 64;
/** Filter bits per index slot: 8 (16 per call at the index's highest load). */
const BITS_PER_SLOT_LOG2 = 3;

/**
 * Makes `target` hold exactly the items of `source`, keeping the `target` array object and its
 * room: written over by index, then cut to length (emptied first, the array dropped its room and
 * grew it again, an allocation at each of the verifier's restores).
 */
export function refill<T>(target: T[], source: readonly T[]): void {
  const n = source.length;
  for (let i = 0; i < n; i++) target[i] = source[i] as T;
  if (target.length > n) target.length = n;
}

export class Generation {
  /** Per log position p: `time[2p]` its time, `word[4p + 2]` its hash, `word[4p + 3]` its tool id or {@link STALE}. */
  time = new Float64Array(2 * MIN_LOG);
  word = new Int32Array(this.time.buffer);
  readonly args: (Args | undefined)[] = new Array<Args | undefined>(MIN_LOG).fill(undefined);
  /** Items in the log. */
  len = 0;
  /** Items of the log that are neither stale nor expired. */
  live = 0;
  /** Positions below this one hold no arguments any more (expired or stale). */
  swept = 0;
  /** Calls in the index. */
  keys = 0;
  /** Log positions below this one are in the index (those above wait for {@link flush}). */
  indexed = 0;
  slots = new Int32Array(MIN_SLOTS);
  mask = MIN_SLOTS - 1;
  bits = new Int32Array((MIN_SLOTS << BITS_PER_SLOT_LOG2) >>> 5);
  /** A hash's filter word is `hash >>> wordShift`; its two bits are the hash's low 5 bits and the next 5. */
  wordShift = 32 - Math.log2((MIN_SLOTS << BITS_PER_SLOT_LOG2) >>> 5);

  /** Whether the filter rules out a call of hash `hash` in this generation. */
  absent(hash: number): boolean {
    const m = (1 << (hash & 31)) | (1 << ((hash >>> 5) & 31));
    return ((this.bits[hash >>> this.wordShift] as number) & m) !== m;
  }

  /** The first empty index slot for `hash` (the call is known not to be indexed). */
  emptySlot(hash: number): number {
    const { slots, mask } = this;
    let i = hash & mask;
    while (slots[i] !== 0) i = (i + 1) & mask;
    return i;
  }

  /** Appends a call to the log (and its hash to the filter; the index catches up in {@link flush}) and returns its position. */
  append(hash: number, toolId: number, args: Args, time: number): number {
    if (this.len === this.args.length) this.growLog();
    const p = this.len++;
    this.time[2 * p] = time;
    this.word[4 * p + 2] = hash;
    this.word[4 * p + 3] = toolId;
    this.args[p] = args;
    this.live++;
    const w = hash >>> this.wordShift;
    this.bits[w] = (this.bits[w] as number) | (1 << (hash & 31)) | (1 << ((hash >>> 5) & 31));
    return p;
  }

  /** Puts the call appended at `p` in the index at the empty `slot`. */
  index(slot: number, p: number): void {
    this.slots[slot] = p + 1;
    this.keys++;
  }

  /**
   * Indexes the calls appended since the last flush: in one tight loop, whose random slot
   * accesses the CPU overlaps, instead of one cache miss on the path of every call.
   */
  flush(): void {
    if (2 * (this.keys + this.len - this.indexed) > this.mask + 1) {
      this.grow();
      return;
    }
    const { word, slots, mask } = this;
    let keys = this.keys;
    for (let p = this.indexed; p < this.len; p++) {
      if (word[4 * p + 3] === STALE) continue;
      let i = (word[4 * p + 2] as number) & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = p + 1;
      keys++;
    }
    this.keys = keys;
    this.indexed = this.len;
  }

  /** Marks the call at `p` as moved on. */
  stale(p: number): void {
    this.word[4 * p + 3] = STALE;
    this.args[p] = undefined;
    this.live--;
  }

  /** Drops the arguments of the calls at `limit` or before (expired: the log is in time order). */
  sweep(limit: number): void {
    while (this.swept < this.len && (this.time[2 * this.swept] as number) <= limit) {
      const p = this.swept++;
      if (this.word[4 * p + 3] === STALE) continue;
      this.args[p] = undefined;
      this.live--;
    }
  }

  /** Empties the generation, keeping its arrays (sized for an epoch like the last). */
  clear(): void {
    for (let p = this.swept; p < this.len; p++) this.args[p] = undefined;
    if (this.len > 0) {
      this.slots.fill(0);
      this.bits.fill(0);
    }
    this.len = 0;
    this.indexed = 0;
    this.live = 0;
    this.swept = 0;
    this.keys = 0;
  }

  private growLog(): void {
    const time = new Float64Array(2 * 2 * this.args.length);
    time.set(this.time);
    this.time = time;
    this.word = new Int32Array(time.buffer);
    // Extended in place: a new array object here would deoptimise every method reading it.
    for (let n = this.args.length; n > 0; n--) this.args.push(undefined);
  }

  /** Doubles the index (and its filter) until it is at most half full, re-indexing the log's calls that are not stale. */
  grow(): void {
    let size = 2 * (this.mask + 1);
    while (2 * (this.len + 1) > size) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    this.bits = new Int32Array((size << BITS_PER_SLOT_LOG2) >>> 5);
    this.wordShift = 32 - Math.log2((size << BITS_PER_SLOT_LOG2) >>> 5);
    this.keys = 0;
    for (let p = 0; p < this.len; p++) {
      if (this.word[4 * p + 3] === STALE) continue;
      const hash = this.word[4 * p + 2] as number;
      this.index(this.emptySlot(hash), p);
      const w = hash >>> this.wordShift;
      this.bits[w] = (this.bits[w] as number) | (1 << (hash & 31)) | (1 << ((hash >>> 5) & 31));
    }
    this.indexed = this.len;
  }
}
