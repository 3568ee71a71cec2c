/**
 * The decisions of one run as the page sees them, without holding them: the worker keeps the
 * run's decisions and sends the page only, for each new decision, the step (trace item) that
 * caused it (4 bytes a decision, in transferred Int32Arrays). The rows the timeline shows are
 * read in windows of {@link PAGE} decisions asked of the worker and cached (the last
 * {@link CACHED_PAGES} windows), so a 1,000,000-decision run costs the page a few megabytes and
 * never copies or re-renders the whole list. Step ↔ decision mapping is a binary search over the
 * steps, answered at once.
 */
import type { Decision } from '../../core/engine/decisions.ts';
import type { DecisionWindow } from '../../worker/protocol.ts';

/** Decisions per window asked of the worker. */
export const PAGE = 256;
/** Windows kept (least recently used dropped first). */
export const CACHED_PAGES = 64;

/**
 * Where the windows come from: the worker (`SimulationClient.decisions` of the run), each decision
 * with its call unless `named` is false (a range read for no row: Save as test).
 */
export type DecisionWindows = (from: number, to: number, named?: boolean) => Promise<Readonly<DecisionWindow> | undefined>;

/** A cached window: its decisions and, where the worker named one, the call each is about. */
interface Page {
  decisions: readonly Decision[];
  calls?: readonly (string | undefined)[];
}

export class DecisionLog {
  private count = 0;
  private stepsOf = new Int32Array(1024);
  /** Cached windows by page number, in least-recently-used order. */
  private readonly pages = new Map<number, Page>();
  private readonly loading = new Set<number>();

  /**
   * `windows`: how to read decisions the log was not given (none: only appended decisions exist).
   * `loaded`: called after a window arrives, so the view can draw it.
   */
  constructor(
    private readonly windows?: DecisionWindows,
    private readonly loaded?: () => void,
  ) {}

  get length(): number {
    return this.count;
  }

  private grow(need: number): void {
    if (need <= this.stepsOf.length) return;
    let size = this.stepsOf.length;
    while (size < need) size *= 2;
    const grown = new Int32Array(size);
    grown.set(this.stepsOf.subarray(0, this.count));
    this.stepsOf = grown;
  }

  /** Appends decisions (held on the page); `steps[i]` is the step of `decisions[i]` (when absent, the decision's event). */
  append(decisions: readonly Decision[], steps?: ArrayLike<number>): void {
    const base = this.count;
    this.appendSteps(steps ?? decisions.map((d) => d.event));
    for (let p = Math.floor(base / PAGE); p * PAGE < this.count; p++) {
      const from = Math.max(base, p * PAGE);
      const have = this.pages.get(p)?.decisions ?? [];
      if (have.length !== from - p * PAGE) continue;
      this.pages.set(p, { decisions: [...have, ...decisions.slice(from - base, Math.min(this.count, (p + 1) * PAGE) - base)] });
    }
  }

  /** Appends the steps of new decisions the worker holds (read them with {@link at} / {@link range}). */
  appendSteps(steps: ArrayLike<number>): void {
    this.grow(this.count + steps.length);
    this.stepsOf.set(steps, this.count);
    this.count += steps.length;
  }

  /** The decision at `index` when its window is on the page; otherwise undefined, and the window is asked for. */
  at(index: number): Decision | undefined {
    if (index < 0 || index >= this.count) return undefined;
    const p = Math.floor(index / PAGE);
    const page = this.pages.get(p);
    const d = page?.decisions[index - p * PAGE];
    if (d) {
      this.pages.delete(p);
      this.pages.set(p, page as Page);
      return d;
    }
    this.load(p);
    return undefined;
  }

  /**
   * The call the decision at `index` is about, as its row names it (`Bash(npm run build)`), when
   * its window is on the page and the worker named one; undefined otherwise (the tool alone).
   */
  callAt(index: number): string | undefined {
    const p = Math.floor(index / PAGE);
    return this.pages.get(p)?.calls?.[index - p * PAGE];
  }

  /** Asks for the windows covering [from, to) that are not on the page (the rows about to be drawn). */
  want(from: number, to: number): void {
    for (let p = Math.floor(Math.max(0, from) / PAGE); p * PAGE < Math.min(to, this.count); p++) {
      const page = this.pages.get(p);
      if (!page || page.decisions.length < Math.min(PAGE, this.count - p * PAGE)) this.load(p);
    }
  }

  /** Decisions [from, to), read from the worker where needed. */
  async range(from: number, to: number): Promise<Decision[]> {
    const out: Decision[] = [];
    const end = Math.min(to, this.count);
    for (let i = Math.max(0, from); i < end; ) {
      const d = this.at(i);
      if (d) {
        out.push(d);
        i++;
        continue;
      }
      if (!this.windows) break;
      const got = (await this.windows(i, Math.min(end, i + 10_000), false))?.decisions;
      if (!got || got.length === 0) break;
      out.push(...got);
      i += got.length;
    }
    return out;
  }

  private load(p: number): void {
    if (!this.windows || this.loading.has(p)) return;
    this.loading.add(p);
    this.windows(p * PAGE, Math.min(this.count, (p + 1) * PAGE)).then(
      (got) => {
        this.loading.delete(p);
        if (!got) return;
        this.pages.delete(p);
        this.pages.set(p, got);
        while (this.pages.size > CACHED_PAGES) this.pages.delete(this.pages.keys().next().value as number);
        this.loaded?.();
      },
      () => this.loading.delete(p),
    );
  }

  /** The step of the decision at `index` (its seq), or -1 when there is none. */
  stepOf(index: number): number {
    return index >= 0 && index < this.count ? (this.stepsOf[index] as number) : -1;
  }

  /** The first decision index whose step is ≥ `step` (length when none). */
  firstAtOrAfter(step: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.stepsOf[mid] as number) < step) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Decision indices [from, to) caused by `step`. */
  rangeOfStep(step: number): { from: number; to: number } {
    return { from: this.firstAtOrAfter(step), to: this.firstAtOrAfter(step + 1) };
  }

  /** The decision a step selects: its last one, or undefined when the step decided nothing. */
  selectedByStep(step: number): number | undefined {
    const { from, to } = this.rangeOfStep(step);
    return to > from ? to - 1 : undefined;
  }
}
