/**
 * The `hegel` profile's window, anchored at a phase start: events with
 * `start ≤ time ≤ start + window` that have already happened. Events only ever join it, so the
 * count is kept as it grows; memory is bounded by the window's contents.
 */
import { MAX_LISTED_EVENTS, type WindowEntry } from './windowEntry.ts';

const NONE: WindowEntry[] = [];

/** A saved anchored window: plain data, never changed once made. */
export interface AnchoredWindowState {
  readonly entries: readonly WindowEntry[];
  readonly anchor: number;
}

export class AnchoredWindow {
  private entries: WindowEntry[] = NONE;
  private anchor = 0;
  /** `entries` may be held elsewhere too (a checkpoint, or the shared empty list): copy it before the next push. */
  private shared = true;
  /** What {@link save} returned or {@link restore} took, while the window has not changed since. */
  private saved: AnchoredWindowState | null = null;

  constructor(readonly windowMs: number) {}

  /** Empties the window and anchors it at `start`. */
  reset(start: number): void {
    if (this.entries === NONE && this.anchor === start) return;
    this.saved = null;
    this.entries = NONE;
    this.shared = true;
    this.anchor = start;
  }

  /** Whether an event at `time` falls inside the anchored window (what {@link offer} keeps). */
  holds(time: number): boolean {
    return !(time < this.anchor || time > this.anchor + this.windowMs);
  }

  /** Adds a matching event if its time falls inside the anchored window. */
  offer(entry: WindowEntry): void {
    if (!this.holds(entry.time)) return;
    this.saved = null;
    if (this.shared) {
      this.entries = this.entries.slice();
      this.shared = false;
    }
    this.entries.push(entry);
  }

  /** The window as plain data; it shares the entries, which neither side changes afterwards. */
  save(): AnchoredWindowState {
    this.shared = true;
    this.saved ??= { entries: this.entries, anchor: this.anchor };
    return this.saved;
  }

  restore(s: AnchoredWindowState): void {
    this.entries = s.entries as WindowEntry[];
    this.shared = true;
    this.anchor = s.anchor;
    this.saved = s;
  }

  get size(): number {
    return this.entries.length;
  }

  /** The last `MAX_LISTED_EVENTS` events, oldest first. */
  recent(): WindowEntry[] {
    return this.entries.slice(Math.max(0, this.entries.length - MAX_LISTED_EVENTS));
  }

  contents(): WindowEntry[] {
    return this.entries.slice();
  }
}
