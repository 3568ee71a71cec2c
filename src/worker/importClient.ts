/**
 * The page's side of the import worker. One import at a time is read in the worker; `cancel`
 * stops it at once by terminating the worker (a fresh one serves the next import), which also
 * interrupts a parse that is still running. A worker that dies, or falls silent for good, rejects
 * the import with a clear error. Where there is no Worker (Vitest) the service runs in place.
 */
import { proxy, wrap, type Remote } from 'comlink';
import { newDocId } from '../app/state/documents.ts';
import type { WorkerLike } from './client.ts';
import { createWorkerWatch, type WorkerWatch } from './watch.ts';
import type { AnalysedImport, ImportApi, ImportInput, ImportProgress } from './importService.ts';
import { joinImportInTasks, type ImportHead, type ImportPart } from './importTransfer.ts';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const now = () => performance.now();

/** An import stopped by the user. */
export class ImportCancelled extends Error {
  constructor() {
    super('The import was cancelled.');
    this.name = 'ImportCancelled';
  }
}

export interface ImportClient {
  /** Reads and analyses `input`; rejects with {@link ImportCancelled} after `cancel`. */
  read(input: ImportInput, onProgress?: (p: ImportProgress) => void): Promise<AnalysedImport>;
  /** Stops the import in progress, if any. */
  cancel(): void;
  /**
   * Starts the worker ahead of the first import: fetching and compiling its code took the first
   * import of a busy page over half a second. Does nothing when a worker is up or there is no Worker.
   * (Optional: a stand-in client has no worker to start.)
   */
  warm?(): void;
  dispose(): void;
}

/** The real worker, bundled by Vite. */
export const createImportWorker = (): WorkerLike => new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module', name: 'import' });

/** How long the worker may be silent: a stage of a 10 MB file runs for seconds without a word. */
const WATCH = { silenceMs: 10_000, pingMs: 10_000, firstChunkMs: 20_000 };

/** Documents made in the worker get ids of this page (ids are unique per page, not across realms). */
function withPageIds(result: AnalysedImport): AnalysedImport {
  const { reading } = result;
  if (reading.kind !== 'docs') return result;
  return { ...result, reading: { ...reading, docs: reading.docs.map((d) => ({ ...d, id: newDocId() })) } };
}

export function createImportClient(createWorker: (() => WorkerLike) | undefined = typeof Worker === 'undefined' ? undefined : createImportWorker, watchOptions: Partial<typeof WATCH> = {}): ImportClient {
  let current: { worker: WorkerLike; api: Remote<ImportApi>; watch: WorkerWatch; onError: (ev: Event) => void } | undefined;
  let pending: { reject: (e: Error) => void } | undefined;
  // Without a worker (tests) the service runs here, loaded when first asked (not with the page).
  let inPlace: Promise<ImportApi> | undefined;

  const stop = (error: Error) => {
    const dead = current;
    current = undefined;
    if (dead) {
      dead.watch.dispose();
      dead.worker.removeEventListener('error', dead.onError);
      dead.worker.removeEventListener('messageerror', dead.onError);
      dead.worker.terminate();
    }
    const p = pending;
    pending = undefined;
    p?.reject(error);
  };

  const connect = (make: () => WorkerLike) => {
    if (current) return current;
    const worker = make();
    const onError = (ev: Event) => {
      ev.preventDefault?.();
      stop(new Error(`the import worker stopped (${(ev as ErrorEvent).message || ev.type})`));
    };
    worker.addEventListener('error', onError);
    worker.addEventListener('messageerror', onError);
    const api = wrap<ImportApi>(worker as unknown as Worker);
    const watch = createWorkerWatch({
      ping: () => api.ping(),
      onGone: (ms) => stop(new Error(`the import worker stopped responding (nothing from it for ${(ms / 1000).toFixed(0)} s)`)),
      ...WATCH,
      ...watchOptions,
    });
    current = { worker, api, watch, onError };
    return current;
  };

  return {
    read(input, onProgress = () => undefined) {
      if (!createWorker) {
        inPlace ??= import('./importService.ts').then((m) => m.createImportService());
        return inPlace.then((s) => s.read(input, onProgress)).then(withPageIds);
      }
      if (pending) stop(new ImportCancelled());
      const { api, watch } = connect(createWorker);
      return new Promise<AnalysedImport>((resolve, reject) => {
        const mine = { reject };
        pending = mine;
        watch.begin('import');
        const progress = proxy((p: ImportProgress) => {
          watch.alive('chunk');
          if (pending === mine) onProgress(p);
        });
        // Parts come on the callback's own port, the head on the worker's: either may arrive first.
        const parts: ImportPart[] = [];
        let head: ImportHead | undefined;
        // Joined a few parts per task, and resolved in a task of its own: whoever takes the
        // result in (the store, a render) starts on a fresh task.
        const finish = () => {
          if (pending !== mine || !head || parts.length < head.parts) return;
          watch.end('import');
          joinImportInTasks(head, parts, nextTask, now)
            .then(async (joined) => {
              await nextTask();
              if (pending !== mine) return;
              pending = undefined;
              resolve(withPageIds(joined));
            })
            .catch((e: unknown) => {
              if (pending !== mine) return;
              pending = undefined;
              reject(e instanceof Error ? e : new Error(String(e)));
            });
        };
        const part = proxy((p: ImportPart) => {
          watch.alive('chunk');
          if (pending !== mine) return;
          parts.push(p);
          finish();
        });
        api.readInParts(input, progress, part).then(
          (h) => {
            if (pending !== mine) return watch.end('import');
            head = h;
            finish();
          },
          (e: unknown) => {
            watch.end('import');
            if (pending !== mine) return;
            pending = undefined;
            reject(e instanceof Error ? e : new Error(String(e)));
          },
        );
      });
    },
    cancel() {
      if (pending) stop(new ImportCancelled());
    },
    warm() {
      if (createWorker) connect(createWorker);
    },
    dispose() {
      stop(new ImportCancelled());
    },
  };
}
