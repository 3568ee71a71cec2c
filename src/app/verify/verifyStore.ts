/**
 * The verifier's findings for the Problems list: every agent and workflow document is explored in the
 * simulation worker (never on the page's thread) after each edit (debounced) and after a change of
 * the simulator's settings, with progress while a search runs. A vanilla zustand store (a module
 * singleton), like the tests store.
 */
import { createStore } from 'zustand/vanilla';
import { ChosenSettings } from '../../core/engine/settings.ts';
import type { VerifyDiagnostic } from '../../core/verify/explore.ts';
import type { SearchStats } from '../../core/verify/findings.ts';
import { createSimulationClient, createVerifyWorker, type SimulationClient } from '../../worker/client.ts';
import type { VerifyProgress } from '../../worker/protocol.ts';
import { formToSettings } from '../simulator/settingsForm.ts';
import { simulationStore } from '../simulator/simulationStore.ts';
import type { ProjectData, StudioStore } from '../state/store.ts';
import { knownDiagnostics, settledText, textPendingIn, type RuleDoc } from '../state/documents.ts';
import { STUDIO_MAX_STATES } from '../../core/verify/limits.ts';

export interface VerifyState {
  /** V-findings of the last finished verification, by file name. */
  diagnostics: VerifyDiagnostic[];
  /** Per agent: whether the search was exhaustive, or its bound. */
  agents: { agent: string; file: string; stats: SearchStats }[];
  /** The settings the findings were computed under (a trace is replayed with them). */
  settings: ChosenSettings | undefined;
  running: boolean;
  progress: VerifyProgress | undefined;
  /** The last verification was cancelled after this many states (its findings are dropped). */
  cancelledAfter?: number;
  /** The state budget each search gets (the studio's default, raised by {@link raiseLimit}). */
  maxStates: number;
  /** Verifies again with four times the state budget (V006's action; it stays raised for this project). */
  raiseLimit(store: StudioStore): void;
  error?: string;
  /** Verifies the project's agent and workflow documents now (a verification still running is cancelled). */
  run(project: ProjectData, settings: ChosenSettings): Promise<void>;
  /** Stops the running verification: the worker stops within a slice (≈ 50 ms) and says how far it got. */
  cancel(): void;
  /**
   * Another project was opened: the findings of the old one are dropped at once (a verification
   * of it still running is cancelled and its answer ignored), so none is shown beside the new one.
   */
  forget(): void;
  /** Verifies after every change of the documents or the simulator's settings; returns a stop function. */
  watch(store: StudioStore, delayMs?: number): () => void;
}

/** The settings the simulator's form holds (what "Show trace" replays with). */
function currentSettings(): ChosenSettings {
  const read = formToSettings(simulationStore().getState().form);
  return read.ok ? read.settings : ChosenSettings.parse({});
}

/**
 * True for an agent document the page already knows to have an error: the verifier explores only
 * files without errors (an agent's checks do not depend on the profile), so sending its text
 * would only have the worker read and check it to skip it (for a 30,000-rule file, 3.7 MB copied
 * to the worker on the page's thread, 100-200 ms on a loaded machine).
 */
function skippedByVerifier(doc: RuleDoc): boolean {
  return doc.kind === 'agent' && (knownDiagnostics(doc)?.diagnostics.some((d) => d.severity === 'error') ?? false);
}

/** Creates a verify store over a worker client (injectable for tests). */
export function createVerifyStore(client: () => SimulationClient) {
  return createStore<VerifyState>()((set, get) => {
    let generation = 0;
    /** The worker's id of the verification in flight. */
    let inFlight: string | undefined;
    return {
      diagnostics: [],
      agents: [],
      settings: undefined,
      running: false,
      progress: undefined,
      maxStates: STUDIO_MAX_STATES,
      raiseLimit(store) {
        set({ maxStates: get().maxStates * 4 });
        void get().run(store.getState().project, currentSettings());
      },
      async run(project, settings) {
        const mine = ++generation;
        if (inFlight !== undefined) client().cancel(inFlight);
        inFlight = undefined;
        const ruleDocs = project.docs.filter((d) => (d.kind === 'agent' || d.kind === 'workflow') && !skippedByVerifier(d));
        if (ruleDocs.length === 0) {
          set({ diagnostics: [], agents: [], running: false, progress: undefined, error: undefined, cancelledAfter: undefined, settings });
          return;
        }
        set({ running: true, progress: undefined, cancelledAfter: undefined });
        try {
          const handle = client().verify({ ruleFiles: ruleDocs.map((d) => ({ name: d.fileName, text: settledText(d) })), settings, maxStates: get().maxStates }, (progress) => {
            if (mine === generation) set({ progress });
          });
          inFlight = handle.id;
          const reply = await handle.result;
          if (mine !== generation) return;
          inFlight = undefined;
          if (reply.status === 'cancelled') set({ diagnostics: [], agents: [], running: false, progress: undefined, cancelledAfter: reply.states ?? 0, error: undefined });
          else set({ diagnostics: reply.diagnostics, agents: reply.agents, settings, running: false, progress: undefined, error: reply.message });
        } catch (e) {
          if (mine === generation) set({ running: false, progress: undefined, error: e instanceof Error ? e.message : String(e) });
        }
      },
      cancel() {
        if (inFlight !== undefined) client().cancel(inFlight);
      },
      forget() {
        generation++;
        if (inFlight !== undefined) client().cancel(inFlight);
        inFlight = undefined;
        set({ diagnostics: [], agents: [], running: false, progress: undefined, error: undefined, cancelledAfter: undefined, settings: undefined, maxStates: STUDIO_MAX_STATES });
      },
      watch(store, delayMs = 300) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        let docs = store.getState().project.docs;
        let form = simulationStore().getState().form;
        const schedule = () => {
          if (timer !== undefined) clearTimeout(timer);
          timer = setTimeout(() => {
            timer = undefined;
            // A big edit's text still being written: verify once it is (its arrival changes the docs).
            if (textPendingIn(store.getState().project.docs)) return;
            void get().run(store.getState().project, currentSettings());
          }, delayMs);
        };
        schedule();
        const stopDocs = store.subscribe((s) => {
          if (s.project.docs === docs) return;
          docs = s.project.docs;
          schedule();
        });
        const stopForm = simulationStore().subscribe((s) => {
          if (s.form === form) return;
          form = s.form;
          schedule();
        });
        return () => {
          stopDocs();
          stopForm();
          if (timer !== undefined) clearTimeout(timer);
        };
      },
    };
  });
}

export type VerifyStore = ReturnType<typeof createVerifyStore>;

let verifyClient: SimulationClient | undefined;
let singleton: VerifyStore | undefined;
/**
 * The app's verify store, created on first use. It searches in a worker of its own: in the
 * simulation worker a search of a big agent (seconds, in one piece) held up a run started
 * meanwhile, and the run's watch took the silence for a dead worker.
 */
export function verifyStore(): VerifyStore {
  singleton ??= createVerifyStore(() => (verifyClient ??= createSimulationClient(createVerifyWorker)));
  return singleton;
}

let watching: { store: StudioStore; stop: () => void } | undefined;
/** Starts (once per studio store) verifying after every edit. */
export function ensureVerifyWatching(store: StudioStore): void {
  if (watching?.store === store) return;
  watching?.stop();
  watching = { store, stop: verifyStore().getState().watch(store) };
}
