/**
 * "Minimise" in the simulator (`docs/minimise.md`): asks the worker to shrink the current run's
 * trace towards the selected decision, with progress and Cancel, then adds the result to the
 * project as a scripted trace, replays it with the same documents and settings, and selects the
 * target at its last step. A vanilla zustand store (a module singleton, like the simulation's).
 */
import { createStore } from 'zustand/vanilla';
import type { MinimiseProgress, MinimiseReply } from '../../worker/protocol.ts';
import type { SimulationClient } from '../../worker/client.ts';
import type { StudioStore } from '../state/store.ts';
import { buildRequest } from './runRequest.ts';
import { sharedSimulationClient, simulationStore, type SimulationStore } from './simulationStore.ts';
import { findingOfRun, showMinimisedCounterexample } from '../verify/counterexampleStore.ts';

export interface MinimiseJob {
  id: string;
  /** The target decision in the run it came from. */
  runId: string;
  seq: number;
  progress?: MinimiseProgress;
  cancelling: boolean;
}

export interface MinimiseState {
  job?: MinimiseJob;
  /** Starts minimising towards decision `seq` of the current (finished) run. */
  start(studio: StudioStore, seq: number): Promise<void>;
  cancel(): void;
  /** Another project was opened: a minimisation of the old one's run is cancelled and forgotten. */
  forget(): void;
}

/** The name of the minimised trace: `session-min-step-812.yaml` (step 1-based, as the studio shows it). */
export function minimisedTraceName(traceName: string, step: number): string {
  const base = traceName.replace(/\.[^./]*$/, '') || 'trace';
  return `${base}-min-step-${step + 1}.yaml`;
}

/** Opens a reply: the trace added, replayed with the run's documents and settings, the target selected. */
async function openResult(studio: StudioStore, sim: SimulationStore, reply: MinimiseReply, from: { name: string; step: number }): Promise<void> {
  const run = sim.getState().run;
  if (!run || reply.scripted === undefined) return;
  const traceId = studio.getState().addTrace(minimisedTraceName(from.name, from.step), reply.scripted);
  // a counterexample minimised keeps its finding's title (the worker checked the finding again)
  if (reply.claim) showMinimisedCounterexample(reply.claim, traceId);
  const choice = { traceIds: [traceId], agentDocId: run.agentDocId ?? null, workflowDocId: run.workflowDocId ?? null };
  sim.getState().setChoice(choice);
  const built = buildRequest(studio.getState().project, choice, run.settings);
  if (!built.ok) {
    studio.getState().notify('error', built.message);
    return;
  }
  await sim.getState().startRequest(built, run.settings);
  const after = sim.getState();
  if (after.run?.status !== 'done') return;
  const last = after.run.items - 1;
  const { from: first, to } = after.run.log.rangeOfStep(last);
  const pick = (await after.run.log.range(first, to)).find((d) => d.kind === reply.kind)?.seq;
  if (pick !== undefined) after.selectDecision(pick);
  else after.selectStep(last);
  const save = reply.status === 'done' ? ' “Save as test” pins it as a rule-set test.' : '';
  studio.getState().notify('info', `${reply.summary ?? reply.note ?? 'Minimised.'}${save}`);
}

/** Creates the store over a simulation store and a worker client (injectable for tests). */
export function createMinimiseStore(sim: () => SimulationStore = simulationStore, client: () => SimulationClient = sharedSimulationClient) {
  return createStore<MinimiseState>()((set, get) => ({
    async start(studio, seq) {
      const run = sim().getState().run;
      if (get().job || !run || run.status !== 'done') return;
      if (seq < 0 || seq >= run.log.length) return;
      const step = run.log.stepOf(seq);
      const name = run.traceNames.join(' + ') || 'the trace';
      const finding = findingOfRun(run.traceIds);
      const handle = client().minimise({ runId: run.id, seq, traceName: name, ...(finding ? { finding } : {}) }, (progress) => {
        const job = get().job;
        if (job?.id === handle.id) set({ job: { ...job, progress } });
      });
      set({ job: { id: handle.id, runId: run.id, seq, cancelling: false } });
      try {
        const reply = await handle.result;
        if (get().job?.id !== handle.id) return; // forgotten: another project was opened meanwhile
        // the job (and its bar) stays until the result is open and selected: the bar is not torn down and rebuilt in between
        if (reply.status === 'invalid') studio.getState().notify('error', reply.message ?? 'The trace could not be minimised.');
        else await openResult(studio, sim(), reply, { name: run.traceNames[0] ?? 'trace', step });
        if (get().job?.id === handle.id) set({ job: undefined });
      } catch (e) {
        if (get().job?.id !== handle.id) return;
        set({ job: undefined });
        studio.getState().notify('error', e instanceof Error ? e.message : String(e));
      }
    },
    cancel() {
      const job = get().job;
      if (!job || job.cancelling) return;
      client().cancel(job.id);
      set({ job: { ...job, cancelling: true } });
    },
    forget() {
      const job = get().job;
      if (job) client().cancel(job.id);
      set({ job: undefined });
    },
  }));
}

export type MinimiseStore = ReturnType<typeof createMinimiseStore>;

let singleton: MinimiseStore | undefined;
/** The app's minimise store, created on first use. */
export function minimiseStore(): MinimiseStore {
  singleton ??= createMinimiseStore();
  return singleton;
}
