/**
 * A set of state keys numbered in the order first seen, for a search that meets each state many
 * times (the verifier's breadth-first searches). A key is a sequence of 16-bit code units, as a
 * key writer makes it; the table keeps them side by side in one array and finds them by a 32-bit
 * hash in an open-addressing index, so looking a key up builds no string: a `Map` of key strings
 * made a string per move (most moves reach a state already seen), hashed and compared it, and
 * left it to the garbage collector.
 */

/** Keys a new table has room for before it grows (small: the minimiser makes a table per check). */
const MIN_SLOTS = 256;

/** FNV-1a over the units, then a finaliser (units are below 2¹⁶). */
function hashUnits(units: ArrayLike<number>, n: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < n; i++) h = Math.imul(h ^ (units[i] as number), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

export class KeyTable {
  /** Every key's units, key after key. */
  private units = new Uint16Array(1 << 12);
  /** Units used in {@link units}. */
  private used = 0;
  /** Per key id: where its units start (`start[id + 1]` is where they end). */
  private start = new Int32Array(MIN_SLOTS + 1);
  /** Per key id: its hash (to index it again when the index grows). */
  private hash = new Int32Array(MIN_SLOTS);
  /**
   * Open addressing (linear probing, load ≤ ½): slot i is `slots[2i]`, key id + 1 (0: empty), and
   * `slots[2i + 1]`, the key's hash, side by side so that a probe reads one cache line.
   */
  private slots = new Int32Array(4 * MIN_SLOTS);
  private mask = 2 * MIN_SLOTS - 1;
  /** Keys in the table (their ids are 0 … size − 1). */
  size = 0;

  /**
   * The id of the key `units[0 … n)`: its id when the table holds it, else it is added with the
   * next id ({@link size} before the call; compare to tell the two apart).
   */
  idOf(units: ArrayLike<number>, n: number): number {
    const h = hashUnits(units, n);
    const { slots, mask } = this;
    let i = h & mask;
    for (;;) {
      const s = slots[2 * i] as number;
      if (s === 0) break;
      if (slots[2 * i + 1] === h && this.same(s - 1, units, n)) return s - 1;
      i = (i + 1) & mask;
    }
    return this.add(i, h, units, n);
  }

  /** The units of key `id`, as numbers (tests, debugging). */
  keyOf(id: number): number[] {
    return Array.from(this.units.subarray(this.start[id] as number, this.start[id + 1] as number));
  }

  private same(id: number, units: ArrayLike<number>, n: number): boolean {
    const from = this.start[id] as number;
    if ((this.start[id + 1] as number) - from !== n) return false;
    const own = this.units;
    for (let k = 0; k < n; k++) if (own[from + k] !== units[k]) return false;
    return true;
  }

  private add(slot: number, h: number, units: ArrayLike<number>, n: number): number {
    const id = this.size++;
    if (this.used + n > this.units.length) {
      let size = 2 * this.units.length;
      while (this.used + n > size) size *= 2;
      const grown = new Uint16Array(size);
      grown.set(this.units.subarray(0, this.used));
      this.units = grown;
    }
    for (let k = 0; k < n; k++) this.units[this.used + k] = units[k] as number;
    this.used += n;
    if (id === this.hash.length) {
      const capacity = 2 * id;
      const hash = new Int32Array(capacity);
      hash.set(this.hash);
      this.hash = hash;
      const start = new Int32Array(capacity + 1);
      start.set(this.start);
      this.start = start;
    }
    this.hash[id] = h;
    this.start[id + 1] = this.used;
    if (2 * this.size > this.mask + 1) this.grow();
    else {
      this.slots[2 * slot] = id + 1;
      this.slots[2 * slot + 1] = h;
    }
    return id;
  }

  /** Doubles the index and puts every key back in it. */
  private grow(): void {
    const size = 2 * (this.mask + 1);
    const slots = new Int32Array(2 * size);
    const mask = size - 1;
    for (let id = 0; id < this.size; id++) {
      const h = this.hash[id] as number;
      let i = h & mask;
      while (slots[2 * i] !== 0) i = (i + 1) & mask;
      slots[2 * i] = id + 1;
      slots[2 * i + 1] = h;
    }
    this.slots = slots;
    this.mask = mask;
  }
}
