/**
 * The persistent dedupe cache: (tool, canonical arguments) → time of its last execution, as one
 * map per tool so keys are the flat strings `JSON.stringify` returns. Entries older than the
 * window are evicted lazily through a time-ordered queue, so memory is bounded by what the window
 * holds, not by the length of the trace. Times never go backwards (the trace guarantees it).
 */
export class DedupeCache {
  private readonly byTool = new Map<string, Map<string, number>>();
  private count = 0;
  /** Executions in time order, as parallel arrays (no per-entry objects to collect). */
  private tools: string[] = [];
  private keys: string[] = [];
  private times: number[] = [];
  private head = 0;

  /** A window of 0 turns deduplication off: nothing is checked or kept. */
  constructor(readonly windowMs: number) {}

  /** True when `tool` with arguments `key` was executed less than the window before `now`. */
  isDuplicate(tool: string, key: string, now: number): boolean {
    if (this.windowMs <= 0) return false;
    this.evict(now);
    const t = this.byTool.get(tool)?.get(key);
    return t !== undefined && now - t < this.windowMs;
  }

  /** Records an execution at `now`. */
  record(tool: string, key: string, now: number): void {
    if (this.windowMs <= 0) return;
    this.evict(now);
    let m = this.byTool.get(tool);
    if (!m) this.byTool.set(tool, (m = new Map()));
    const before = m.size;
    m.set(key, now);
    this.count += m.size - before;
    this.tools.push(tool);
    this.keys.push(key);
    this.times.push(now);
  }

  /** Number of keys currently kept. */
  get size(): number {
    return this.count;
  }

  /** Drops every entry that can no longer deduplicate a call at `now` or later. O(1) amortised. */
  private evict(now: number): void {
    const { tools, keys, times, windowMs } = this;
    let head = this.head;
    while (head < times.length && now - (times[head] as number) >= windowMs) {
      const m = this.byTool.get(tools[head] as string);
      const key = keys[head] as string;
      if (m && m.get(key) === times[head]) {
        m.delete(key);
        this.count--;
      }
      head++;
    }
    if (head > 4096 && head * 2 > times.length) {
      this.tools = tools.slice(head);
      this.keys = keys.slice(head);
      this.times = times.slice(head);
      head = 0;
    }
    this.head = head;
  }
}
