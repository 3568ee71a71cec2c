/**
 * The Corpus view's state: a folder of recorded sessions, each replayed as its own run against the
 * project's rule set in a worker of its own, summed up as `rule-studio report` sums them (the same
 * core functions), with progress and Cancel. The session files stay Files until one is opened in
 * the simulator. A vanilla zustand store (a module singleton), like the tests store.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ChosenSettings } from '../../core/engine/settings.ts';
import type { CorpusReport } from '../../core/corpus/summary.ts';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { createCorpusWorker, createSimulationClient, type SimulationClient } from '../../worker/client.ts';
import { MAX_CORPUS_SESSIONS, type CorpusProgress } from '../../worker/protocol.ts';
import type { ProjectData } from '../state/store.ts';
import { settledText } from '../state/documents.ts';
import { resolveChoice } from '../simulator/runRequest.ts';
import type { SessionFile } from './sessionFiles.ts';

export interface CorpusState {
  /** `waiting`: opened while an import was still going into the project; replayed once it is in. */
  phase: 'empty' | 'waiting' | 'running' | 'done' | 'cancelled' | 'error';
  /** What was opened (a folder's name, or "3 files"). */
  source?: string;
  sessions: readonly SessionFile[];
  progress?: CorpusProgress;
  report?: CorpusReport;
  skipped: { name: string; reason: string }[];
  /** The rule files' problems (the sessions are replayed anyway, as `simulate` replays them). */
  diagnostics: Diagnostic[];
  /** The rule files the report was made with (their names and texts), to tell when it is stale. */
  ruleFiles?: { name: string; text: string }[];
  error?: string;
  /**
   * Opens sessions and replays them against the project's rule set: the project as `project()`
   * gives it once `ready` (an import still going into the project) has settled, if given.
   */
  open(source: string, sessions: readonly SessionFile[], project: () => ProjectData, settings: ChosenSettings, ready?: Promise<void>): Promise<void>;
  /** Replays the open sessions again (after an edit of the rules). */
  rerun(project: ProjectData, settings: ChosenSettings): Promise<void>;
  /** Stops the replay (the worker stops after the session it is on), or the wait for an import. */
  cancel(): void;
  /** Forgets the corpus. */
  clear(): void;
}

/** The rule files a corpus is replayed against: the simulator's default agent and workflow documents. */
export function corpusRuleFiles(project: ProjectData): { name: string; text: string }[] {
  const { agentDocId, workflowDocId } = resolveChoice(project, {});
  return project.docs.filter((d) => d.id === agentDocId || d.id === workflowDocId).map((d) => ({ name: d.fileName, text: settledText(d) }));
}

/** True when the project's rule files are no longer those the report was made with. */
export function isStale(state: Pick<CorpusState, 'ruleFiles'>, project: ProjectData): boolean {
  const now = corpusRuleFiles(project);
  const then = state.ruleFiles ?? [];
  return now.length !== then.length || now.some((f, i) => f.name !== then[i]?.name || f.text !== then[i]?.text);
}

export type CorpusStore = StoreApi<CorpusState>;

/** Creates a corpus store over a worker client (injectable for tests). */
export function createCorpusStore(client: () => SimulationClient): CorpusStore {
  return createStore<CorpusState>()((set, get) => {
    let current: string | undefined;
    /** The open call that may replay: an open, clear or cancel after it makes it stand down. */
    let opening = 0;
    const replay = async (project: ProjectData, settings: ChosenSettings) => {
      const sessions = get().sessions;
      const ruleFiles = corpusRuleFiles(project);
      if (ruleFiles.length === 0) {
        set({ phase: 'error', error: 'The project has no agent and no workflow to replay the sessions against.' });
        return;
      }
      if (current) client().cancel(current);
      const started = client().corpus({ ruleFiles, settings, sessions: sessions.map((s) => ({ name: s.name, blob: s.file })) }, (progress) => {
        if (current === started.id) set({ progress });
      });
      current = started.id;
      set({ phase: 'running', progress: { done: 0, total: sessions.length }, report: undefined, skipped: [], diagnostics: [], ruleFiles, error: undefined });
      try {
        const reply = await started.result;
        if (current !== started.id) return;
        current = undefined;
        if (reply.status === 'done' && reply.report) set({ phase: 'done', report: reply.report, skipped: reply.skipped, diagnostics: reply.diagnostics });
        else if (reply.status === 'cancelled') set({ phase: 'cancelled', progress: { done: reply.done, total: sessions.length } });
        else set({ phase: 'error', error: reply.message ?? 'The sessions could not be replayed.', diagnostics: reply.diagnostics });
      } catch (e) {
        if (current !== started.id) return;
        current = undefined;
        set({ phase: 'error', error: e instanceof Error ? e.message : String(e) });
      }
    };
    return {
      phase: 'empty',
      sessions: [],
      skipped: [],
      diagnostics: [],
      async open(source, sessions, project, settings, ready) {
        if (sessions.length === 0) {
          set({ phase: 'error', source, sessions: [], report: undefined, error: `${source} holds no session logs (.jsonl, .json, .yaml).` });
          return;
        }
        if (sessions.length > MAX_CORPUS_SESSIONS) {
          set({ phase: 'error', source, sessions: [], report: undefined, error: `${source} holds ${sessions.length.toLocaleString('en')} sessions; the studio replays at most ${MAX_CORPUS_SESSIONS.toLocaleString('en')} (use rule-studio report for more).` });
          return;
        }
        const mine = ++opening;
        if (current) client().cancel(current);
        current = undefined;
        set({ source, sessions });
        if (ready) {
          set({ phase: 'waiting', progress: undefined, report: undefined, skipped: [], diagnostics: [], ruleFiles: undefined, error: undefined });
          // An import that fails leaves the project as it was: the sessions are replayed against that.
          await ready.catch(() => undefined);
          if (mine !== opening) return;
        }
        await replay(project(), settings);
      },
      rerun: (project, settings) => replay(project, settings),
      cancel() {
        if (current) client().cancel(current);
        else if (get().phase === 'waiting') {
          opening++;
          set({ phase: 'empty', source: undefined, sessions: [] });
        }
      },
      clear() {
        opening++;
        if (current) client().cancel(current);
        current = undefined;
        set({ phase: 'empty', source: undefined, sessions: [], progress: undefined, report: undefined, skipped: [], diagnostics: [], ruleFiles: undefined, error: undefined });
      },
    };
  });
}

let corpusClient: SimulationClient | undefined;
let singleton: CorpusStore | undefined;
/** The app's corpus store, created on first use, with a worker of its own. */
export function corpusStore(): CorpusStore {
  singleton ??= createCorpusStore(() => (corpusClient ??= createSimulationClient(createCorpusWorker)));
  return singleton;
}
