/**
 * The persistent dedupe cache: key → time of its last execution. Entries older than the window are
 * evicted lazily through a time-ordered queue, so memory is bounded by what the window holds, not by
 * the length of the trace. Times never go backwards (the trace guarantees it).
 */
export class DedupeCache {
  private readonly last = new Map<string, number>();
  /** Executions in time order, as two parallel arrays (no per-entry objects to collect). */
  private keys: string[] = [];
  private times: number[] = [];
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
    this.keys.push(key);
    this.times.push(now);
  }

  /** Number of keys currently kept. */
  get size(): number {
    return this.last.size;
  }

  /** Drops every entry that can no longer deduplicate a call at `now` or later. O(1) amortised. */
  private evict(now: number): void {
    const { keys, times, windowMs } = this;
    let head = this.head;
    while (head < times.length && now - (times[head] as number) >= windowMs) {
      const key = keys[head] as string;
      if (this.last.get(key) === times[head]) this.last.delete(key);
      head++;
    }
    if (head > 4096 && head * 2 > times.length) {
      this.keys = keys.slice(head);
      this.times = times.slice(head);
      head = 0;
    }
    this.head = head;
  }
}
