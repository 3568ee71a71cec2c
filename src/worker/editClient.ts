/**
 * The page's side of the edit worker (see `editService.ts`). Jobs run one at a time in the
 * worker. A worker that fails (dies, or cannot be made) rejects the job; the caller then writes
 * the text in place. Where there is no Worker (Vitest) the service runs in place.
 */
import { wrap, type Remote } from 'comlink';
import type { WorkerLike } from './client.ts';
import type { EditApi, TextAnswer, TextJob } from './editService.ts';

export interface EditClient {
  docText(job: TextJob): Promise<TextAnswer>;
  dispose(): void;
}

/** The real worker, bundled by Vite. */
export const createEditWorker = (): WorkerLike => new Worker(new URL('./edit.worker.ts', import.meta.url), { type: 'module', name: 'edit' });

export function createEditClient(createWorker: (() => WorkerLike) | undefined = typeof Worker === 'undefined' ? undefined : createEditWorker): EditClient {
  let current: { worker: WorkerLike; api: Remote<EditApi>; failed: Promise<never> } | undefined;
  // Without a worker (tests, the CLI) the service runs here, loaded when first asked (not with the page).
  let inPlace: Promise<EditApi> | undefined;
  const connect = (make: () => WorkerLike) => {
    if (current) return current;
    const worker = make();
    const failed = new Promise<never>((_, reject) => {
      const onError = (ev: Event) => {
        ev.preventDefault?.();
        if (current?.worker === worker) current = undefined;
        worker.terminate();
        reject(new Error(`the edit worker stopped (${(ev as ErrorEvent).message || ev.type})`));
      };
      worker.addEventListener('error', onError);
      worker.addEventListener('messageerror', onError);
    });
    failed.catch(() => undefined);
    current = { worker, api: wrap<EditApi>(worker as unknown as Worker), failed };
    return current;
  };
  return {
    docText(job) {
      if (!createWorker) return (inPlace ??= import('./editService.ts').then((m) => m.createEditService())).then((s) => s.docText(job));
      const { api, failed } = connect(createWorker);
      return Promise.race([api.docText(job), failed]);
    },
    dispose() {
      current?.worker.terminate();
      current = undefined;
    },
  };
}
