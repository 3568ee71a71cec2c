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

/** The JS heap plus the typed arrays' backing stores, which V8 keeps outside it. */
function heapAndBuffers(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Tracks the peak heap while a long run samples it now and then. */
export class PeakMemory {
  private peakHeap = 0;
  private peakRss = 0;
  private readonly baseHeap: number;

  constructor() {
    (globalThis as { gc?: () => void }).gc?.();
    this.baseHeap = heapAndBuffers();
  }

  sample(): void {
    const m = process.memoryUsage();
    if (m.heapUsed + m.arrayBuffers > this.peakHeap) this.peakHeap = m.heapUsed + m.arrayBuffers;
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
      retainedMb = Math.max(0, (heapAndBuffers() - this.baseHeap) / 1048576);
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

/**
 * CPU time (user + system, ms) the process spends in `fn`. On this shared machine wall time
 * mostly measures the other processes; CPU time does not (it includes V8's GC helper threads).
 */
export function cpuMs<T>(fn: () => T): Measured<T> {
  const c0 = process.cpuUsage();
  const value = fn();
  const c = process.cpuUsage(c0);
  return { ms: (c.user + c.system) / 1000, value };
}

/** The median of `runs` CPU-time measurements of `fn` (the value of the median run is kept). */
export function medianCpu<T>(runs: number, fn: () => T): Measured<T> & { all: number[] } {
  const all: Measured<T>[] = [];
  for (let i = 0; i < runs; i++) all.push(cpuMs(fn));
  all.sort((a, b) => a.ms - b.ms);
  const mid = all[Math.floor(all.length / 2)] as Measured<T>;
  return { ...mid, all: all.map((m) => m.ms) };
}

/** The machine's load averages, printed beside the figures. */
export async function loadAverage(): Promise<string> {
  const { loadavg, cpus } = await import('node:os');
  return `load average ${loadavg().map((l) => l.toFixed(2)).join(', ')} on ${cpus().length} cores`;
}
