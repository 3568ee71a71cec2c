/**
 * Opening another project (from storage, a bundle, a share or teaching link, New project) starts
 * the simulator, the verifier and minimise afresh: nothing of the project that was open — its
 * run, its findings, a minimisation in flight — is shown beside the new graph. The verifier
 * watches from start-up (not only once the Problems list has been shown), so the new project's
 * documents are verified whichever view is open.
 */
import type { StudioStore } from '../state/store.ts';
import { ensureVerifyWatching, verifyStore } from '../verify/verifyStore.ts';
import { minimiseStore } from './minimiseStore.ts';
import { simulationStore } from './simulationStore.ts';

let watched: { store: StudioStore; stop: () => void } | undefined;

/** Starts (once per studio store) forgetting runs, findings and minimisations when the open project changes. */
export function forgetRunsOnProjectSwitch(store: StudioStore): void {
  if (watched?.store === store) return;
  watched?.stop();
  ensureVerifyWatching(store);
  const stop = store.subscribe((s, prev) => {
    if (s.project.id === prev.project.id) return;
    simulationStore().getState().forgetProject();
    minimiseStore().getState().forget();
    verifyStore().getState().forget();
  });
  watched = { store, stop };
}
