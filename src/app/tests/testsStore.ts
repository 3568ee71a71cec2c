/**
 * The Tests view's state: the outcome of every rule-set test of the project, run in the
 * simulation worker after every edit (debounced), so a change that breaks a test shows at once.
 * A vanilla zustand store (a module singleton), like the simulation store.
 */
import { createStore } from 'zustand/vanilla';
import type { SimulationClient } from '../../worker/client.ts';
import type { TestFileOutcome, TestRunRequest } from '../../worker/protocol.ts';
import type { ProjectData, StudioStore } from '../state/store.ts';
import { sharedSimulationClient } from '../simulator/simulationStore.ts';
import { settledText, textPendingIn } from '../state/documents.ts';

/** Passed, failed and erroring tests (a test file that does not read counts as one error). */
export interface TestCounts {
  passed: number;
  failed: number;
  errors: number;
}

export interface TestsState {
  outcomes: TestFileOutcome[];
  counts: TestCounts;
  /** A run is in the worker. */
  running: boolean;
  /** Runs finished so far (the view says "not run yet" before the first). */
  runs: number;
  /** Why the last run did not finish (the worker stopped…). */
  error?: string;
  /** Runs every test of the project now. */
  run(project: ProjectData): Promise<void>;
  /** Runs the tests after every change of the project's documents, traces or tests; returns a stop function. */
  watch(store: StudioStore, delayMs?: number): () => void;
}

/** The worker request for a project's tests. */
export function testRequest(project: ProjectData): TestRunRequest {
  return {
    tests: (project.tests ?? []).map((t) => ({ id: t.id, name: t.name, text: t.text })),
    ruleFiles: project.docs.map((d) => ({ name: d.fileName, text: settledText(d) })),
    traces: (project.traces ?? []).map((t) => ({ name: t.name, text: t.text })),
  };
}

/** Counts the outcomes. */
export function countOutcomes(outcomes: readonly TestFileOutcome[]): TestCounts {
  const c: TestCounts = { passed: 0, failed: 0, errors: 0 };
  for (const f of outcomes) {
    if (f.errors.length > 0) c.errors++;
    for (const t of f.tests) c[t.status === 'pass' ? 'passed' : t.status === 'fail' ? 'failed' : 'errors']++;
  }
  return c;
}

/** Creates a tests store over a worker client (injectable for tests). */
export function createTestsStore(client: () => SimulationClient) {
  return createStore<TestsState>()((set, get) => {
    let generation = 0;
    return {
      outcomes: [],
      counts: { passed: 0, failed: 0, errors: 0 },
      running: false,
      runs: 0,
      async run(project) {
        const mine = ++generation;
        if ((project.tests ?? []).length === 0) {
          set({ outcomes: [], counts: countOutcomes([]), running: false, error: undefined });
          return;
        }
        set({ running: true });
        try {
          const outcomes = await client().runTests(testRequest(project));
          if (mine === generation) set({ outcomes, counts: countOutcomes(outcomes), running: false, runs: get().runs + 1, error: undefined });
        } catch (e) {
          if (mine === generation) set({ running: false, error: e instanceof Error ? e.message : String(e) });
        }
      },
      watch(store, delayMs = 100) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        let last = store.getState().project;
        const schedule = () => {
          if (timer !== undefined) clearTimeout(timer);
          timer = setTimeout(() => {
            timer = undefined;
            // A big edit's text still being written: run once it is (its arrival changes the docs).
            if (textPendingIn(store.getState().project.docs)) return;
            void get().run(store.getState().project);
          }, delayMs);
        };
        void get().run(last);
        const stop = store.subscribe((s) => {
          const p = s.project;
          if (p === last) return;
          const changed = p.docs !== last.docs || p.traces !== last.traces || p.tests !== last.tests || p.id !== last.id;
          last = p;
          if (changed) schedule();
        });
        return () => {
          stop();
          if (timer !== undefined) clearTimeout(timer);
        };
      },
    };
  });
}

export type TestsStore = ReturnType<typeof createTestsStore>;

let singleton: TestsStore | undefined;
/** The app's tests store, created on first use. */
export function testsStore(): TestsStore {
  singleton ??= createTestsStore(sharedSimulationClient);
  return singleton;
}

let watching: { store: StudioStore; stop: () => void } | undefined;
/** Starts (once per studio store) running the tests after every edit. */
export function ensureTestsWatching(store: StudioStore): void {
  if (watching?.store === store) return;
  watching?.stop();
  watching = { store, stop: testsStore().getState().watch(store) };
}
