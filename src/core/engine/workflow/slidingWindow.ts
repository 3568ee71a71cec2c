/**
 * The `spec` profile's sliding window: the matching events of the current phase with
 * `now − window ≤ time`, held as a queue (array + head index). A ranked window (a rule without a
 * pattern, which reads the most repeated text) also keeps a count per distinct text and the most
 * repeated text in a {@link LeaderHeap}; an unranked one (a rule with a pattern counts all its
 * matches together) keeps only the queue and answers the rare per-text questions (its texts) by
 * a scan. Memory is bounded by the window's contents; each event is pushed and evicted once.
 */
import { LeaderHeap, type Ranking } from './leaderHeap.ts';
import { MAX_LISTED_EVENTS, type WindowEntry } from './windowEntry.ts';

interface Distinct {
  count: number;
  latestSeq: number;
  /** The text's last few events (the live ones are the last min(count, 5)). */
  recent: WindowEntry[];
}

/** A window's state as plain data (entries are immutable and shared), for checkpoints. */
export interface SlidingWindowState {
  entries: WindowEntry[];
  distinct: [text: string, count: number, latestSeq: number, recent: WindowEntry[]][];
  heap: Ranking[];
}

export interface Leader {
  text: string;
  count: number;
}

export class SlidingWindow {
  private entries: WindowEntry[] = [];
  private head = 0;
  private readonly distinct = new Map<string, Distinct>();
  private readonly leaders = new LeaderHeap();

  /**
   * @param windowMs entries older than `now − windowMs` are evicted by {@link advance}.
   * @param ranked keep the per-text counts and the leader as events come and go (see the class).
   */
  constructor(
    readonly windowMs: number,
    private readonly ranked = true,
  ) {}

  get size(): number {
    return this.entries.length - this.head;
  }

  /** How many distinct texts the window holds. */
  get distinctCount(): number {
    if (this.ranked) return this.distinct.size;
    const texts = new Set<string>();
    for (let i = this.head; i < this.entries.length; i++) texts.add((this.entries[i] as WindowEntry).text);
    return texts.size;
  }

  push(entry: WindowEntry): void {
    this.entries.push(entry);
    if (!this.ranked) return;
    let d = this.distinct.get(entry.text);
    if (!d) {
      d = { count: 0, latestSeq: entry.seq, recent: [] };
      this.distinct.set(entry.text, d);
    }
    d.count += 1;
    d.latestSeq = entry.seq;
    d.recent.push(entry);
    if (d.recent.length > MAX_LISTED_EVENTS) d.recent.shift();
    this.rank(entry.text, d);
  }

  /** Evicts entries that fell out of the window at time `now`. */
  advance(now: number): void {
    const min = now - this.windowMs;
    while (this.head < this.entries.length) {
      const e = this.entries[this.head] as WindowEntry;
      if (e.time >= min) break;
      this.head += 1;
      if (!this.ranked) continue;
      const d = this.distinct.get(e.text);
      if (!d) continue;
      d.count -= 1;
      if (d.count === 0) this.distinct.delete(e.text);
      else this.rank(e.text, d);
    }
    if (this.head > 64 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  /** The most repeated text; among equals, the one whose latest event is most recent. */
  leader(): Leader | undefined {
    if (!this.ranked) return this.scannedLeader();
    const top = this.leaders.top((r) => {
      const d = this.distinct.get(r.key);
      return d !== undefined && d.count === r.count && d.latestSeq === r.seq;
    });
    return top && { text: top.key, count: top.count };
  }

  /** The last `MAX_LISTED_EVENTS` events, oldest first; of one text when `text` is given. */
  recent(text?: string): WindowEntry[] {
    if (text === undefined) return this.entries.slice(Math.max(this.head, this.entries.length - MAX_LISTED_EVENTS));
    if (!this.ranked) return this.contents().filter((e) => e.text === text).slice(-MAX_LISTED_EVENTS);
    const d = this.distinct.get(text);
    if (!d) return [];
    return d.recent.slice(Math.max(0, d.recent.length - d.count));
  }

  /** Everything in the window, oldest first. */
  contents(): WindowEntry[] {
    return this.entries.slice(this.head);
  }

  save(): SlidingWindowState {
    return {
      entries: this.entries.slice(this.head),
      distinct: [...this.distinct].map(([text, d]) => [text, d.count, d.latestSeq, d.recent.slice()]),
      heap: this.leaders.save(),
    };
  }

  restore(s: SlidingWindowState): void {
    this.entries = s.entries.slice();
    this.head = 0;
    this.distinct.clear();
    for (const [text, count, latestSeq, recent] of s.distinct) this.distinct.set(text, { count, latestSeq, recent: recent.slice() });
    this.leaders.restore(s.heap);
  }

  /** {@link leader} of an unranked window, by a scan of its events. */
  private scannedLeader(): Leader | undefined {
    const counts = new Map<string, { count: number; latestSeq: number }>();
    for (let i = this.head; i < this.entries.length; i++) {
      const e = this.entries[i] as WindowEntry;
      const c = counts.get(e.text);
      if (c) {
        c.count += 1;
        c.latestSeq = e.seq;
      } else counts.set(e.text, { count: 1, latestSeq: e.seq });
    }
    let best: (Leader & { latestSeq: number }) | undefined;
    for (const [text, c] of counts)
      if (!best || c.count > best.count || (c.count === best.count && c.latestSeq > best.latestSeq)) best = { text, count: c.count, latestSeq: c.latestSeq };
    return best && { text: best.text, count: best.count };
  }

  private rank(text: string, d: Distinct): void {
    this.leaders.push({ key: text, count: d.count, seq: d.latestSeq });
    if (this.leaders.size > 2 * this.distinct.size + 64) {
      const live: Ranking[] = [];
      for (const [key, v] of this.distinct) live.push({ key, count: v.count, seq: v.latestSeq });
      this.leaders.rebuild(live);
    }
  }
}
