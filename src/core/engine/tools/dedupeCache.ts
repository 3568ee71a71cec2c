/**
 * The persistent dedupe cache: key → time of its last execution. Entries older than the window are
 * evicted lazily through a time-ordered queue, so memory is bounded by what the window holds, not by
 * the length of the trace. Times never go backwards (the trace guarantees it).
 */
export class DedupeCache {
  private readonly last = new Map<string, number>();
  private readonly queue: { key: string; time: number }[] = [];
  private head = 0;

  /** A window of 0 turns deduplication off: nothing is checked or kept. */
  constructor(readonly windowMs: number) {}

  /** True when `key` was executed less than the window before `now`. */
  isDuplicate(key: string, now: number): boolean {
    if (this.windowMs <= 0) return false;
    this.evict(now);
    const t = this.last.get(key);
    return t !== undefined && now - t < this.windowMs;
  }

  /** Records an execution of `key` at `now`. */
  record(key: string, now: number): void {
    if (this.windowMs <= 0) return;
    this.evict(now);
    this.last.set(key, now);
    this.queue.push({ key, time: now });
  }

  /** Number of keys currently kept. */
  get size(): number {
    return this.last.size;
  }

  /** Drops every entry that can no longer deduplicate a call at `now` or later. O(1) amortised. */
  private evict(now: number): void {
    while (this.head < this.queue.length) {
      const entry = this.queue[this.head];
      if (!entry || now - entry.time < this.windowMs) break;
      if (this.last.get(entry.key) === entry.time) this.last.delete(entry.key);
      this.head++;
    }
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
  }
}
