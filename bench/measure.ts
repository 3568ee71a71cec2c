/** Timing and memory helpers for benchmarks (bench/ may read the clock; src/core may not). */

export interface Measured<T> {
  ms: number;
  value: T;
}

/** Runs `fn` `runs` times and keeps the fastest. */
export function bestOf<T>(runs: number, fn: () => T): Measured<T> {
  let best: Measured<T> | undefined;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const value = fn();
    const ms = performance.now() - t0;
    if (!best || ms < best.ms) best = { ms, value };
  }
  return best as Measured<T>;
}

/** Tracks the peak heap while a long run samples it now and then. */
export class PeakMemory {
  private peakHeap = 0;
  private peakRss = 0;
  private readonly baseHeap: number;

  constructor() {
    (globalThis as { gc?: () => void }).gc?.();
    this.baseHeap = process.memoryUsage().heapUsed;
  }

  sample(): void {
    const m = process.memoryUsage();
    if (m.heapUsed > this.peakHeap) this.peakHeap = m.heapUsed;
    if (m.rss > this.peakRss) this.peakRss = m.rss;
  }

  /**
   * Peak heap above the starting heap (garbage included), peak RSS, and — when the process runs
   * with --expose-gc — the heap still held after a full collection (what the run retains).
   */
  report(): { peakHeapGrowthMb: number; peakRssMb: number; retainedMb?: number } {
    const gc = (globalThis as { gc?: () => void }).gc;
    let retainedMb: number | undefined;
    if (gc) {
      gc();
      retainedMb = Math.max(0, (process.memoryUsage().heapUsed - this.baseHeap) / 1048576);
    }
    return {
      peakHeapGrowthMb: Math.max(0, (this.peakHeap - this.baseHeap) / 1048576),
      peakRssMb: this.peakRss / 1048576,
      ...(retainedMb !== undefined ? { retainedMb } : {}),
    };
  }
}

export const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
