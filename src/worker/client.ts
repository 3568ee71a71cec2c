/**
 * The page's side of the simulation worker: starts runs, streams their chunks to a callback,
 * cancels them, and — if the worker dies — rejects the runs in flight with a clear error and
 * starts a fresh worker for the next run.
 */
import { proxy, releaseProxy, wrap, type Remote } from 'comlink';
import type { SimulationApi, SimulationChunk, SimulationRequest, SimulationResult } from './protocol.ts';

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
  dispose(): void;
}

/** The real worker, bundled by Vite. */
export const createSimulationWorker = (): WorkerLike =>
  new Worker(new URL('./simulation.worker.ts', import.meta.url), { type: 'module', name: 'simulation' });

export function createSimulationClient(createWorker: () => WorkerLike = createSimulationWorker): SimulationClient {
  let current: { worker: WorkerLike; api: Remote<SimulationApi>; onError: (ev: Event) => void } | undefined;
  const inFlight = new Map<string, (e: Error) => void>();
  let counter = 0;

  const restart = (reason: string) => {
    const dead = current;
    current = undefined;
    if (dead) {
      dead.worker.removeEventListener('error', dead.onError);
      dead.worker.terminate();
    }
    const error = new Error(`The simulation worker stopped (${reason}). A fresh worker will be used for the next run.`);
    for (const reject of inFlight.values()) reject(error);
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
    current = { worker, api: wrap<SimulationApi>(worker as unknown as Worker), onError };
    return current;
  };

  return {
    run(request, onChunk) {
      const id = `run-${++counter}`;
      const { api } = connect();
      const callback = proxy(onChunk);
      const result = new Promise<SimulationResult>((resolve, reject) => {
        inFlight.set(id, reject);
        api.run(id, request, callback).then(
          (r) => {
            inFlight.delete(id);
            resolve(r);
          },
          (e: unknown) => {
            inFlight.delete(id);
            reject(e instanceof Error ? e : new Error(String(e)));
          },
        );
      });
      return { id, result };
    },
    cancel(id) {
      if (inFlight.has(id)) void current?.api.cancel(id);
    },
    dispose() {
      if (current) {
        current.api[releaseProxy]();
        current.worker.terminate();
        current = undefined;
      }
    },
  };
}
