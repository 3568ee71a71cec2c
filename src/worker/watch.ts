/**
 * The watch on a worker while runs are in flight. A worker that stops without an `error` event
 * (it called `self.close()`, or the browser dropped it) sends nothing more, and nothing tells the
 * page; a run would wait forever. So: each sign of life (a chunk, a result) resets a silence
 * timer; after `silenceMs` without one the worker is pinged, and a ping not answered within
 * `pingMs` declares it gone. A worker that is only busy answers between two slices of its run
 * (it yields every few thousand items), so it is not mistaken for a dead one.
 */

/** A run quiet this long is checked with a ping. */
export const SILENCE_MS = 2_000;
/** A ping not answered in this time means the worker is gone (reported ≤ 4 s after it fell silent). */
export const PING_MS = 2_000;
/**
 * Before a run's first chunk the worker may be starting up or reading a whole-document trace in
 * one go (it cannot answer then), so the first silence allowed is longer.
 */
export const FIRST_CHUNK_MS = 15_000;

export interface WatchOptions {
  /** Asks the worker something trivial; settles when it answers. */
  ping(): Promise<unknown>;
  /** Called once when the worker is found gone, with how long it had been silent. */
  onGone(silentMs: number): void;
  silenceMs?: number;
  pingMs?: number;
  firstChunkMs?: number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface WorkerWatch {
  /** A run (or other watched call) started: watching begins with the first. */
  begin(key: string): void;
  /** A sign of life from the worker: `chunk` when it is a run's output (ending the first-chunk grace). */
  alive(kind?: 'chunk'): void;
  /** A watched call settled: watching stops with the last. */
  end(key: string): void;
  /** Stops for good (the worker is replaced or disposed). */
  dispose(): void;
}

export function createWorkerWatch(opts: WatchOptions): WorkerWatch {
  const silenceMs = opts.silenceMs ?? SILENCE_MS;
  const pingMs = opts.pingMs ?? PING_MS;
  const firstChunkMs = opts.firstChunkMs ?? FIRST_CHUNK_MS;
  /** No chunk yet since watching began: the longer first silence applies. */
  let beforeFirstChunk = true;
  const now = opts.now ?? (() => Date.now());
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const watched = new Set<string>();
  let timer: unknown;
  let lastSign = now();
  /** Bumped on every sign of life, so a late ping answer or timeout of an older check is ignored. */
  let epoch = 0;
  let gone = false;

  const stopTimer = () => {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
  };

  const check = () => {
    timer = undefined;
    if (gone || watched.size === 0) return;
    const asked = epoch;
    opts.ping().then(
      () => {
        if (asked === epoch && !gone) alive();
      },
      () => undefined,
    );
    timer = setTimer(() => {
      timer = undefined;
      if (asked !== epoch || gone || watched.size === 0) return;
      gone = true;
      opts.onGone(now() - lastSign);
    }, pingMs);
  };

  const alive = (kind?: 'chunk') => {
    if (gone) return;
    if (kind === 'chunk') beforeFirstChunk = false;
    epoch++;
    lastSign = now();
    stopTimer();
    if (watched.size > 0) timer = setTimer(check, beforeFirstChunk ? firstChunkMs : silenceMs);
  };

  return {
    begin(key) {
      watched.add(key);
      beforeFirstChunk = true;
      alive();
    },
    alive,
    end(key) {
      watched.delete(key);
      if (watched.size === 0) stopTimer();
    },
    dispose() {
      gone = true;
      watched.clear();
      stopTimer();
    },
  };
}
