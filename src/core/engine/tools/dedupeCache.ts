/**
 * The persistent dedupe cache: (tool, arguments) → time of its last execution. Calls are found by
 * a hash of tool and arguments and confirmed structurally, so no key text is built per call;
 * colliding entries are chained, so a lookup allocates nothing. Entries older than the window are
 * evicted lazily through a time-ordered queue, so memory is bounded by what the window holds, not
 * by the length of the trace. Times never go backwards (the trace guarantees it).
 */
import type { Json } from '../../model/toolRules.ts';
import { callHash, sameArgs } from './argsIdentity.ts';

type Args = Readonly<Record<string, Json>>;

interface Entry {
  hash: number;
  tool: string;
  args: Args;
  time: number;
  /** The next entry with the same hash. */
  next: Entry | undefined;
}

export class DedupeCache {
  private readonly heads = new Map<number, Entry>();
  private count = 0;
  /** Executions in time order: the entry and the time it was recorded at. */
  private queue: Entry[] = [];
  private times: number[] = [];
  private head = 0;
  /** The hash of the last call looked up (a call is checked, then recorded). */
  private lastArgs: Args | undefined;
  private lastTool = '';
  private lastHash = 0;

  /** A window of 0 turns deduplication off: nothing is checked or kept. */
  constructor(readonly windowMs: number) {}

  private hashOf(tool: string, args: Args): number {
    if (args !== this.lastArgs || tool !== this.lastTool) {
      this.lastArgs = args;
      this.lastTool = tool;
      this.lastHash = callHash(tool, args);
    }
    return this.lastHash;
  }

  private find(hash: number, tool: string, args: Args): Entry | undefined {
    for (let e = this.heads.get(hash); e; e = e.next) if (e.tool === tool && sameArgs(e.args, args)) return e;
    return undefined;
  }

  /** True when the same call was executed less than the window before `now`. */
  isDuplicate(tool: string, args: Args, now: number): boolean {
    if (this.windowMs <= 0) return false;
    this.evict(now);
    const e = this.find(this.hashOf(tool, args), tool, args);
    return e !== undefined && now - e.time < this.windowMs;
  }

  /** Records an execution at `now`. */
  record(tool: string, args: Args, now: number): void {
    if (this.windowMs <= 0) return;
    this.evict(now);
    const hash = this.hashOf(tool, args);
    let e = this.find(hash, tool, args);
    if (e) {
      if (e.time === now) return; // already queued at this time
      e.time = now;
    } else {
      e = { hash, tool, args, time: now, next: this.heads.get(hash) };
      this.heads.set(hash, e);
      this.count++;
    }
    this.queue.push(e);
    this.times.push(now);
  }

  /** Number of distinct calls currently kept. */
  get size(): number {
    return this.count;
  }

  private unlink(e: Entry): void {
    const first = this.heads.get(e.hash);
    if (first === e) {
      if (e.next) this.heads.set(e.hash, e.next);
      else this.heads.delete(e.hash);
    } else for (let p = first; p; p = p.next) if (p.next === e) p.next = e.next;
    e.time = Number.NaN; // no later queue item matches a removed entry
    this.count--;
  }

  /** Drops every entry that can no longer deduplicate a call at `now` or later. O(1) amortised. */
  private evict(now: number): void {
    const { queue, times, windowMs } = this;
    let head = this.head;
    while (head < times.length && now - (times[head] as number) >= windowMs) {
      const e = queue[head] as Entry;
      if (e.time === times[head]) this.unlink(e);
      head++;
    }
    if (head > 4096 && head * 2 > times.length) {
      this.queue = queue.slice(head);
      this.times = times.slice(head);
      head = 0;
    }
    this.head = head;
  }
}
