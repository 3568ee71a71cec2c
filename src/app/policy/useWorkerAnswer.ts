/**
 * The answer of a job run off the main thread, asked again whenever its inputs change: the last
 * answer stays shown until the new one comes; an answer to an older job that arrives late is
 * dropped.
 */
import { useEffect, useState } from 'react';

export interface WorkerAnswer<T> {
  answer?: T;
  error?: string;
}

export function useWorkerAnswer<T>(run: (() => Promise<T>) | undefined): WorkerAnswer<T> {
  const [state, setState] = useState<{ answer?: T; error?: string; of?: unknown }>({});
  useEffect(() => {
    if (!run) return;
    let live = true;
    run().then(
      (answer) => live && setState({ answer, of: run }),
      (e: unknown) => live && setState((s) => ({ ...s, error: e instanceof Error ? e.message : String(e), of: run })),
    );
    return () => {
      live = false;
    };
  }, [run]);
  return { ...(state.answer !== undefined ? { answer: state.answer } : {}), ...(state.error !== undefined && state.of === run ? { error: state.error } : {}) };
}
