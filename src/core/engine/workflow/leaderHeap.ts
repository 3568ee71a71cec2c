/**
 * A max-heap of (count, seq) rankings with lazy invalidation: every change of a key's ranking
 * pushes a new entry, and stale entries are dropped when they reach the top. Finding the leader
 * is amortised O(log n) per change; the caller compacts when stale entries pile up.
 */

export interface Ranking {
  readonly key: string;
  readonly count: number;
  /** Order of the key's latest event: breaks ties in favour of the most recent. */
  readonly seq: number;
}

function above(a: Ranking, b: Ranking): boolean {
  return a.count > b.count || (a.count === b.count && a.seq > b.seq);
}

export class LeaderHeap {
  private heap: Ranking[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(r: Ranking): void {
    const h = this.heap;
    h.push(r);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = h[parent] as Ranking;
      if (!above(r, p)) break;
      h[i] = p;
      i = parent;
    }
    h[i] = r;
  }

  /** The highest entry `isCurrent` accepts; stale entries above it are discarded. */
  top(isCurrent: (r: Ranking) => boolean): Ranking | undefined {
    for (;;) {
      const t = this.heap[0];
      if (t === undefined || isCurrent(t)) return t;
      this.pop();
    }
  }

  /** The heap's entries (shared immutable rankings, new array), for checkpoints. */
  save(): Ranking[] {
    return this.heap.slice();
  }

  /** Puts back entries {@link save} returned. */
  restore(heap: readonly Ranking[]): void {
    this.heap = heap.slice();
  }

  /** Replaces the contents with the given (current) rankings. */
  rebuild(rankings: Iterable<Ranking>): void {
    this.heap = [];
    for (const r of rankings) this.push(r);
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop();
    if (last === undefined || h.length === 0) return;
    let i = 0;
    const n = h.length;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && above(h[r] as Ranking, h[l] as Ranking) ? r : l;
      const child = h[c] as Ranking;
      if (!above(child, last)) break;
      h[i] = child;
      i = c;
    }
    h[i] = last;
  }
}
