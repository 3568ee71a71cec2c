/**
 * The page's side of the simulation worker: starts runs, streams their chunks to a callback,
 * cancels them, and — if the worker dies — rejects the runs in flight with a clear error and
 * starts a fresh worker for the next run. A cancel the worker does not honour within
 * {@link CANCEL_GRACE_MS} (it is busy inside one step, e.g. matching a huge pattern against a long
 * command) ends the worker: the run settles as cancelled at once and the next call gets a fresh one.
 */
import { proxy, releaseProxy, wrap, type Remote } from 'comlink';
import type { Summary } from '../core/simulator/summary.ts';
import type { DecisionFilter } from '../core/simulator/decisionFilter.ts';
import { SILENCE_MS, PING_MS, createWorkerWatch, type WorkerWatch } from './watch.ts';
import type {
  CorpusProgress,
  CorpusReply,
  CorpusRequest,
  CoverageResult,
  DecisionWindow,
  FilteredRows,
  RunOverview,
  Inspection,
  MinimiseProgress,
  MinimiseReply,
  MinimiseRequest,
  RunDiff,
  SimulationApi,
  SimulationChunk,
  SimulationRequest,
  SimulationResult,
  TestFileOutcome,
  TestRunRequest,
  VerifyProgress,
  VerifyReply,
  VerifyRequest,
} from './protocol.ts';

/** What the client needs of a Worker (a real one in the page, a fake in tests). */
export interface WorkerLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message' | 'error' | 'messageerror', listener: (ev: Event) => void): void;
  removeEventListener(type: 'message' | 'error' | 'messageerror', listener: (ev: Event) => void): void;
  terminate(): void;
}

export interface SimulationRun {
  id: string;
  /** Settles when the run ends: done, cancelled, invalid — or rejects if the worker died. */
  result: Promise<SimulationResult>;
}

export interface SimulationClient {
  run(request: SimulationRequest, onChunk: (chunk: SimulationChunk) => void): SimulationRun;
  cancel(id: string): void;
  /** The state after `step` of a finished run, with decision `seq` explained (see {@link SimulationApi.inspect}). */
  inspect(id: string, step: number, seq?: number): Promise<Inspection | undefined>;
  nextViolation(id: string, fromSeq: number): Promise<{ seq: number; step: number } | undefined>;
  diff(beforeId: string, afterId: string, limit?: number): Promise<RunDiff | undefined>;
  summary(ids: string[]): Promise<Summary | undefined>;
  coverage(request: SimulationRequest): Promise<CoverageResult>;
  runTests(request: TestRunRequest): Promise<TestFileOutcome[]>;
  jsonl(id: string): Promise<string | undefined>;
  /** Decisions [from, to) of a run, finished or running (see {@link SimulationApi.decisions}). */
  decisions(id: string, from: number, to: number, named?: boolean): Promise<DecisionWindow | undefined>;
  /** The decision indices ≥ `from` a timeline filter shows. */
  filterRows(id: string, filter: DecisionFilter, from: number): Promise<FilteredRows | undefined>;
  /** A finished run's overview bins and tools. */
  overview(id: string, bins: number): Promise<RunOverview | undefined>;
  /** Verifies the agents and workflows of the rule files (`docs/verify.md`), with progress; `cancel(id)` stops it. */
  verify(request: VerifyRequest, onProgress: (progress: VerifyProgress) => void): { id: string; result: Promise<VerifyReply> };
  /** Replays a corpus of sessions, each on its own, with progress; `cancel(id)` stops it. */
  corpus(request: CorpusRequest, onProgress: (progress: CorpusProgress) => void): { id: string; result: Promise<CorpusReply> };
  /** Minimises a finished run's trace towards one of its decisions; cancel it with {@link SimulationClient.cancel} and its id. */
  minimise(request: MinimiseRequest, onProgress: (progress: MinimiseProgress) => void): { id: string; result: Promise<MinimiseReply> };
  release(id: string): void;
  /** Starts the worker now (its module loads and compiles) if it is not running, so a run about to be asked for does not wait for it. */
  warm?(): void;
  dispose(): void;
}

/** The real worker, bundled by Vite. */
export const createSimulationWorker = (): WorkerLike =>
  new Worker(new URL('./simulation.worker.ts', import.meta.url), { type: 'module', name: 'simulation' });

/** The verifier's own worker (the same service; a search never queues a run behind it). */
export const createVerifyWorker = (): WorkerLike => new Worker(new URL('./verify.worker.ts', import.meta.url), { type: 'module', name: 'verify' });

/** The corpus replay's own worker (a long corpus never queues a run or the tests behind it). */
export const createCorpusWorker = (): WorkerLike => new Worker(new URL('./corpus.worker.ts', import.meta.url), { type: 'module', name: 'corpus' });

/** How long a cancelled call may take to stop on its own before its worker is ended. */
export const CANCEL_GRACE_MS = 300;

/** How long a cancel waits for a worker still loading its module before ending it. */
export const LOAD_WAIT_MS = 10_000;

/** How the client watches its worker for a silent death (tests shorten the times). */
export interface ClientWatchOptions {
  silenceMs?: number;
  pingMs?: number;
  firstChunkMs?: number;
  /** See {@link CANCEL_GRACE_MS}. */
  cancelGraceMs?: number;
  /** See {@link LOAD_WAIT_MS}. */
  loadWaitMs?: number;
}

/** A call in flight: how to fail it, and (runs) how to settle it as cancelled without the worker. */
interface Pending {
  reject: (e: Error) => void;
  cancelled?: () => void;
}

export function createSimulationClient(createWorker: () => WorkerLike = createSimulationWorker, watchOptions: ClientWatchOptions = {}): SimulationClient {
  /** The worker in use; `loadedAt`: when it first answered (its module loaded and listening), unset while it loads. */
  type Connection = { worker: WorkerLike; api: Remote<SimulationApi>; onError: (ev: Event) => void; watch: WorkerWatch; loadedAt?: number };
  let current: Connection | undefined;
  const inFlight = new Map<string, Pending>();
  let counter = 0;
  /** While a cancel waits to be honoured: new calls wait for it (so none lands on a worker about to be ended). */
  let cancelGate: Promise<void> | undefined;
  const graceMs = watchOptions.cancelGraceMs ?? CANCEL_GRACE_MS;
  const loadWaitMs = watchOptions.loadWaitMs ?? LOAD_WAIT_MS;

  const restart = (reason: string) => {
    const dead = current;
    current = undefined;
    if (dead) {
      dead.watch.dispose();
      dead.worker.removeEventListener('error', dead.onError);
      dead.worker.terminate();
    }
    const error = new Error(`The simulation worker stopped (${reason}). A fresh worker will be used for the next run.`);
    for (const pending of inFlight.values()) pending.reject(error);
    inFlight.clear();
  };

  const connect = () => {
    if (current) return current;
    const worker = createWorker();
    const onError = (ev: Event) => {
      ev.preventDefault?.();
      const msg = (ev as ErrorEvent).message || ev.type;
      restart(msg);
    };
    worker.addEventListener('error', onError);
    worker.addEventListener('messageerror', onError);
    const api = wrap<SimulationApi>(worker as unknown as Worker);
    const watch = createWorkerWatch({
      ping: () => api.ping(),
      onGone: (ms) => restart(`it stopped responding: nothing from it for ${(ms / 1000).toFixed(1)} s, though a run was in progress`),
      silenceMs: watchOptions.silenceMs ?? SILENCE_MS,
      pingMs: watchOptions.pingMs ?? PING_MS,
      ...(watchOptions.firstChunkMs !== undefined ? { firstChunkMs: watchOptions.firstChunkMs } : {}),
    });
    const connected: Connection = { worker, api, onError, watch };
    // Its first answer says the module has loaded: a cancel's grace counts from then (see cancel).
    api.ping().then(
      () => (connected.loadedAt = performance.now()),
      () => {},
    );
    current = connected;
    return current;
  };

  /** A query to the worker that rejects, like runs, if the worker dies before it answers. */
  const ask = <T,>(query: (api: Remote<SimulationApi>) => Promise<T>, key = `ask-${++counter}`, cancelledResult?: () => T): Promise<T> => {
    if (cancelGate) {
      const gate = cancelGate;
      return gate.then(() => ask(query, key, cancelledResult));
    }
    const { api } = connect();
    return new Promise<T>((resolve, reject) => {
      inFlight.set(key, {
        reject,
        ...(cancelledResult !== undefined
          ? {
              cancelled: () => {
                inFlight.delete(key);
                resolve(cancelledResult());
              },
            }
          : {}),
      });
      query(api).then(
        (r) => {
          inFlight.delete(key);
          resolve(r);
        },
        (e: unknown) => {
          inFlight.delete(key);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  };

  /**
   * A long call that streams signs of life (a run's chunks, a minimisation's progress): watched
   * for a silent worker death, rejected like every call in flight if the worker dies.
   */
  const watched = <T,>(
    prefix: string,
    call: (api: Remote<SimulationApi>, id: string, alive: () => void) => Promise<T>,
    cancelledResult?: () => T,
  ): { id: string; result: Promise<T> } => {
    const id = `${prefix}-${++counter}`;
    const start = (resolve: (r: T) => void, reject: (e: Error) => void) => {
      const { api, watch } = connect();
      watch.begin(id);
      let settled = false;
      const settle = (f: () => void) => {
        if (settled) return;
        settled = true;
        watch.end(id);
        inFlight.delete(id);
        f();
      };
      inFlight.set(id, {
        reject: (e) => settle(() => reject(e)),
        ...(cancelledResult !== undefined ? { cancelled: () => settle(() => resolve(cancelledResult())) } : {}),
      });
      call(api, id, () => watch.alive('chunk')).then(
        (r) => settle(() => resolve(r)),
        (e: unknown) => settle(() => reject(e instanceof Error ? e : new Error(String(e)))),
      );
    };
    const result = new Promise<T>((resolve, reject) => {
      if (cancelGate) void cancelGate.then(() => start(resolve, reject));
      else start(resolve, reject);
    });
    return { id, result };
  };

  return {
    inspect: (id, step, seq) => ask((api) => api.inspect(id, step, seq)),
    nextViolation: (id, fromSeq) => ask((api) => api.nextViolation(id, fromSeq)),
    diff: (a, b, limit) => ask((api) => api.diff(a, b, limit)),
    summary: (ids) => ask((api) => api.summary(ids)),
    coverage: (request) => ask((api) => api.coverage(request)),
    runTests: (request) => ask((api) => api.runTests(request)),
    jsonl: (id) => ask((api) => api.jsonl(id)),
    decisions: (id, from, to, named) => ask((api) => api.decisions(id, from, to, named)),
    filterRows: (id, filter, from) => ask((api) => api.filterRows(id, filter, from)),
    overview: (id, bins) => ask((api) => api.overview(id, bins)),
    verify(request, onProgress) {
      // Not watched for silence: checking a big file before the search sends no progress for a while.
      const id = `verify-${++counter}`;
      // Ended past the cancel's grace: it got as far as its last progress said.
      let states = 0;
      const cancelled = (): VerifyReply => ({ status: 'cancelled', states, diagnostics: [], agents: [], workflows: [] });
      const progress = (p: VerifyProgress) => {
        states = p.states;
        onProgress(p);
      };
      return { id, result: ask((api) => api.verify(id, request, proxy(progress)), id, cancelled) };
    },
    corpus(request, onProgress) {
      // Not watched for silence: one long session is replayed in one piece, between two progress messages.
      const id = `corpus-${++counter}`;
      let done = 0;
      const cancelled = (): CorpusReply => ({ status: 'cancelled', diagnostics: [], skipped: [], done });
      const progress = (p: CorpusProgress) => {
        done = p.done;
        onProgress(p);
      };
      return { id, result: ask((api) => api.corpus(id, request, proxy(progress)), id, cancelled) };
    },
    release(id) {
      if (current) void current.api.release(id);
    },
    warm() {
      if (!cancelGate) connect();
    },
    run(request, onChunk) {
      // Ended past the cancel's grace: the decisions and items streamed by then.
      let decisions = 0;
      let items = 0;
      return watched(
        'run',
        (api, id, alive) =>
          api.run(
            id,
            request,
            proxy((chunk: SimulationChunk) => {
              alive();
              decisions += chunk.decisions.length;
              items = chunk.progress.items;
              onChunk(chunk);
            }),
          ),
        (): SimulationResult => ({ status: 'cancelled', diagnostics: [], decisions, events: items, items }),
      );
    },
    minimise(request, onProgress) {
      return watched('minimise', (api, id, alive) =>
        api.minimise(
          id,
          request,
          proxy((progress: MinimiseProgress) => {
            alive();
            onProgress(progress);
          }),
        ),
      );
    },
    cancel(id) {
      if (!inFlight.has(id) || !current) return;
      void current.api.cancel(id);
      if (cancelGate) return;
      // The worker sees a cancel only between slices; one busy inside a step would hold the
      // run (and every call after it) until the step ends. Past the grace it is ended instead.
      // A worker still loading its module cannot see the cancel yet: its grace starts once it has
      // loaded (ending it then only started a second one: two loads of the same bundle when a
      // project's first check was superseded); one that never loads is ended after LOAD_WAIT_MS.
      let open: () => void = () => {};
      cancelGate = new Promise<void>((resolve) => (open = resolve));
      const gated = current;
      const began = performance.now();
      const timer = setInterval(() => {
        const pending = inFlight.get(id);
        const now = performance.now();
        const waiting = gated.loadedAt === undefined ? now - began < loadWaitMs : now - Math.max(began, gated.loadedAt) < graceMs;
        if (pending && waiting) return;
        clearInterval(timer);
        if (pending && current === gated) {
          pending.cancelled?.();
          restart(gated.loadedAt === undefined ? `its worker did not start within ${loadWaitMs} ms of a cancel, so it was ended` : `a cancelled run did not stop within ${graceMs} ms, so its worker was ended`);
        }
        cancelGate = undefined;
        open();
      }, Math.min(25, graceMs));
    },
    dispose() {
      if (current) {
        current.watch.dispose();
        current.api[releaseProxy]();
        current.worker.terminate();
        current = undefined;
      }
    },
  };
}
