/**
 * The simulation panel's state: a vanilla zustand store (a lazily created module singleton, so no
 * provider is needed) driving the simulation worker. The worker keeps a run's decisions; the page
 * gets the step of each new decision and reads the decisions it shows in windows (a
 * {@link DecisionLog}, outside React state). Progress and new windows only bump `version`, at most
 * once per animation frame, so a 1,000,000-decision run never re-renders more than the visible
 * rows. Step states, explanations, the next violation, the overview and summaries are asked of the
 * worker (step states coalesced: only the latest selection is fetched).
 */
import { createStore } from 'zustand/vanilla';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import type { ChosenSettings } from '../../core/engine/settings.ts';
import type { Summary } from '../../core/simulator/summary.ts';
import { createSimulationClient, type SimulationClient } from '../../worker/client.ts';
import type { Decision } from '../../core/engine/decisions.ts';
import type { CoverageResult, FilteredRows, Inspection, RunDiff, RunOverview, SimulationProgress, SimulationRequest } from '../../worker/protocol.ts';
import type { ProjectData } from '../state/store.ts';
import { DecisionLog } from './decisionLog.ts';
import { BLOB_TRACE_CHARS, traceBlob } from '../persistence/traceBlobs.ts';
import { highlightOf, sameHighlightOr, type SimulationHighlight } from './highlightOf.ts';
import { buildRequest, coverageRequest, unreadMessage, type ResolvedChoice, type RunChoice, type UnreadTrace } from './runRequest.ts';
import { defaultForm, formToSettings, type SettingsForm } from './settingsForm.ts';
import { NO_FILTER, type TimelineFilter } from './timelineFilter.ts';

export type RunStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'invalid' | 'failed' | 'stopped';

/** One run: its decisions, what it replayed and how it ended. */
export interface RunInfo {
  id: string;
  log: DecisionLog;
  status: RunStatus;
  traceIds: string[];
  traceNames: string[];
  /** The text of the trace when the run replays one (a reference, not a copy). */
  traceText?: string;
  /** That trace's lead-in (a walk-through's or a teaching link's), which the presenter shows before the first step. */
  traceNote?: string;
  agentDocId?: string;
  workflowDocId?: string;
  /** The rule files' texts the run replayed (references to the request's), to tell when they changed. */
  ruleTexts?: readonly string[];
  settings: ChosenSettings;
  /** Trace items (steps) and usable events, once known. */
  items: number;
  events: number;
  startedAt: number;
  endedAt?: number;
  /** Opened from a failing rule-set test: the test's name and its failures at steps (1-based), said at those steps. */
  testExpects?: { test: string; failures: readonly { step: number; expected: string; seen: string }[] };
}

export interface SimulationState {
  choice: RunChoice;
  form: SettingsForm;
  run?: RunInfo;
  /** The run before the current one (the what-if baseline). */
  previous?: RunInfo;
  progress?: SimulationProgress;
  /** Bumped when the current run's log grows (at most once per frame). */
  version: number;
  /** Why the last run did not run or stopped (invalid rule files, dead worker…). */
  error?: string;
  /** The last Run refused a scripted trace that does not read whole: which, and its problems. */
  unread?: UnreadTrace;
  /** The trace open in the trace editor (Setup view). */
  editingTraceId?: string;
  /** Where the trace editor puts its cursor (a new nonce for each request). */
  traceReveal?: { traceId: string; line: number; column: number; nonce: number };
  diagnostics: Diagnostic[];
  step: number;
  /** Index (seq) of the selected decision. */
  selected?: number;
  inspection?: Inspection;
  highlight?: SimulationHighlight;
  playing: boolean;
  /** Steps per second while playing. */
  speed: number;
  filter: TimelineFilter;
  diff?: RunDiff;
  summary?: Summary;
  /** The finished run's overview strip and tools (computed in the worker). */
  overview?: RunOverview;
  coverage?: CoverageResult;
  presenter: boolean;
  /** A run a link asked for, held back because it is larger than links start by themselves. */
  held?: { message: string; step: number };

  /** Holds back (or, with undefined, forgets) a run a link asked for. */
  hold(held: { message: string; step: number } | undefined): void;
  setChoice(choice: Partial<RunChoice>): void;
  /** Opens a trace in the trace editor (undefined: closes it). */
  editTrace(traceId: string | undefined): void;
  /** Opens a trace in the trace editor with the keyboard focus in it, the cursor at `line`:`column`. */
  revealTrace(traceId: string, line: number, column: number): void;
  setForm(form: SettingsForm): void;
  resetForm(): void;
  /** Replays the chosen traces against the chosen documents; resolves when the run ends. */
  start(project: ProjectData): Promise<void>;
  /** Starts the simulation worker ahead of a run that is about to be asked for (a walk-through opening). */
  warm(): void;
  /** Replays a request built elsewhere (a rule-set test opened in the simulator); resolves when the run ends. */
  startRequest(built: { request: SimulationRequest; resolved: ResolvedChoice }, settings: ChosenSettings): Promise<void>;
  /**
   * Replays the current run again with another dedupe window (0: off), for this run only: the
   * settings form keeps its value, so the next Run uses it again.
   */
  rerunWithDedupe(dedupeWindowMs: number): Promise<void>;
  cancel(): void;
  selectStep(step: number): void;
  selectDecision(index: number): void;
  stepBy(delta: number): void;
  play(): void;
  pause(): void;
  setSpeed(stepsPerSecond: number): void;
  /** Selects the next violation after the selection (asked of the worker); resolves once selected. */
  nextViolation(): Promise<void>;
  setFilter(filter: TimelineFilter): void;
  /** The decision indices ≥ `from` of run `runId` that a filter shows (scanned in the worker). */
  filterRows(runId: string, filter: TimelineFilter, from: number): Promise<FilteredRows | undefined>;
  /** Redraws the run's views with the next frame (windows or filtered rows arrived). */
  refresh(): void;
  setPresenter(on: boolean): void;
  /**
   * Forgets everything about the project that was open (another one was opened): the run (cancelled
   * when running) and the one before it, the choice of documents and traces, the step, diff,
   * summary, coverage and any held-back run. The settings form stays: it is the user's, not the
   * project's.
   */
  forgetProject(): void;
  computeCoverage(project: ProjectData): Promise<void>;
  jsonl(): Promise<string | undefined>;
}

/** What a run shows, blank: the state a new run (or another project) starts the views from. */
const NO_RUN_VIEW = {
  error: undefined,
  unread: undefined,
  diagnostics: [],
  step: -1,
  selected: undefined,
  inspection: undefined,
  highlight: undefined,
  diff: undefined,
  summary: undefined,
  overview: undefined,
  playing: false,
} as const satisfies Partial<SimulationState>;

/** Bins of the overview strip. */
export const OVERVIEW_BINS = 120;

/** Decision `seq` of a run: from its log's windows, or from the step state the worker sent. */
export function decisionOf(run: RunInfo | undefined, seq: number | undefined, inspection?: Inspection): Decision | undefined {
  if (!run || seq === undefined) return undefined;
  return run.log.at(seq) ?? inspection?.state.stepDecisions.find((d) => d.seq === seq);
}

/** The request with each large trace of the project sent as its Blob (a handle) instead of its text (a copy). */
function withTraceBlobs(request: SimulationRequest, resolved: ResolvedChoice): SimulationRequest {
  return {
    ...request,
    traces: request.traces.map((t, i) => {
      const doc = resolved.traces[i];
      return 'text' in t && doc && doc.text === t.text && t.text.length >= BLOB_TRACE_CHARS ? { name: t.name, blob: traceBlob(doc) } : t;
    }),
  };
}

let unreadModule: Promise<typeof import('./unreadTrace.ts')> | undefined;
/** The refused-trace check, loaded once on first use. */
const unreadReader = () => (unreadModule ??= import('./unreadTrace.ts'));

/** Calls `fn` on the next animation frame (a timer where there are no frames: Node, hidden tabs keep working). */
const nextFrame = (fn: () => void): void => {
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible') requestAnimationFrame(fn);
  else setTimeout(fn, 16);
};

/**
 * Calls `fn` once the next frame has been painted (a task queued from the frame's callback runs
 * after its paint), so work started there does not hold back what that frame shows.
 */
const afterPaint = (fn: () => void): void => nextFrame(() => setTimeout(fn, 0));

/** Creates a simulation store over a client (injectable for tests). */
export function createSimulationStore(client: () => SimulationClient = lazyClient()) {
  return createStore<SimulationState>()((set, get) => {
    let framePending = false;
    let player: ReturnType<typeof setInterval> | undefined;
    let inspecting = false;
    let wanted: { runId: string; step: number; seq?: number } | undefined;
    /** What the current run replayed (to replay it again with another dedupe window). */
    let replayed: { runId: string; built: { request: SimulationRequest; resolved: ResolvedChoice }; settings: ChosenSettings } | undefined;
    /** Bumped when another project is opened: work started for the one before drops its result. */
    let projectEpoch = 0;
    /** The latest progress, shown with the next frame. */
    let latest: SimulationProgress | undefined;

    const bump = () => {
      if (framePending) return;
      framePending = true;
      nextFrame(() => {
        framePending = false;
        const progress = latest;
        latest = undefined;
        set({ version: get().version + 1, ...(progress ? { progress } : {}) });
      });
    };

    const inspect = () => {
      if (inspecting || !wanted) return;
      const ask = wanted;
      wanted = undefined;
      inspecting = true;
      client()
        .inspect(ask.runId, ask.step, ask.seq)
        .then((inspection) => {
          const run = get().run;
          if (run?.id !== ask.runId || wanted) return;
          // The State panel first; the canvas follows once it has painted (its highlight and
          // follow pan re-render the graph, which held the panel back by a frame or more).
          set({ inspection });
          afterPaint(() => {
            const now = get();
            if (now.inspection !== inspection || now.run?.id !== run.id) return;
            const d = decisionOf(now.run, now.selected, inspection);
            set({ highlight: sameHighlightOr(now.highlight, highlightOf(d, now.run, inspection?.explanation?.ruleRef)) });
          });
        })
        .catch((e: unknown) => set({ error: e instanceof Error ? e.message : String(e) }))
        .finally(() => {
          inspecting = false;
          inspect();
        });
    };

    const show = (step: number, selected: number | undefined) => {
      const run = get().run;
      if (!run) return;
      const s = Math.max(-1, Math.min(run.items - 1, step));
      if (run.status === 'running') {
        set({ step: s, selected, highlight: sameHighlightOr(get().highlight, highlightOf(decisionOf(run, selected), run)) });
        return;
      }
      // The canvas keeps its highlight until the worker's answer has been shown (see inspect):
      // a step then re-renders only the step controls and the timeline's rows at once.
      set({ step: s, selected });
      wanted = { runId: run.id, step: s, ...(selected !== undefined ? { seq: selected } : {}) };
      inspect();
    };

    const stopPlayer = () => {
      if (player !== undefined) clearInterval(player);
      player = undefined;
    };

    /**
     * Run refused a scripted trace that does not read whole: nothing is replayed, the run before
     * goes (its decisions are not of this trace), the trace opens in its editor at its first problem.
     */
    const refuse = (unread: UnreadTrace) => {
      const current = get().run;
      if (current?.status === 'running') client().cancel(current.id);
      stopPlayer();
      wanted = undefined;
      const first = unread.problems[0];
      const keep = current && current.status === 'done' ? current : get().previous;
      set({
        run: undefined,
        held: undefined,
        ...(keep ? { previous: keep } : {}),
        progress: undefined,
        ...NO_RUN_VIEW,
        error: unreadMessage(unread),
        unread,
        version: get().version + 1,
      });
      get().revealTrace(unread.traceId, first?.line ?? 1, first?.column ?? 1);
    };

    const finish = async (run: RunInfo) => {
      const { previous } = get();
      const sameTrace = previous && previous.status === 'done' && previous.traceIds.join('\u0000') === run.traceIds.join('\u0000');
      const [diff, summary, overview] = await Promise.all([
        sameTrace && run.status === 'done' ? client().diff(previous.id, run.id) : Promise.resolve(undefined),
        client().summary([run.id]),
        client().overview(run.id, OVERVIEW_BINS),
      ]);
      if (get().run?.id === run.id) set({ diff, summary, overview });
    };

    return {
      choice: {},
      form: defaultForm(),
      version: 0,
      diagnostics: [],
      step: -1,
      playing: false,
      speed: 4,
      filter: NO_FILTER,
      presenter: false,

      hold: (held) => set({ held }),
      setChoice: (choice) => set({ choice: { ...get().choice, ...choice } }),
      editTrace: (editingTraceId) => set({ editingTraceId }),
      revealTrace: (traceId, line, column) => set({ editingTraceId: traceId, traceReveal: { traceId, line, column, nonce: (get().traceReveal?.nonce ?? 0) + 1 } }),
      setForm: (form) => set({ form }),
      resetForm: () => set({ form: defaultForm() }),

      warm: () => client().warm?.(),

      async start(project) {
        const read = formToSettings(get().form);
        if (!read.ok) {
          set({ error: `Fix the settings first: ${Object.values(read.errors).join(' ')}` });
          return;
        }
        const built = buildRequest(project, get().choice, read.settings);
        if (!built.ok) {
          set({ error: built.message });
          return;
        }
        // The worker starts loading now, beside the refused-trace check's chunk (on a loaded machine its
        // module took seconds to load and compile, and it used to wait for that chunk first).
        client().warm?.();
        // read when Run is first pressed (it brings the YAML reader); a project opened meanwhile is not run
        const project0 = projectEpoch;
        const { unreadScripted } = await unreadReader();
        if (project0 !== projectEpoch) return;
        const unread = unreadScripted(built.resolved.traces);
        if (unread) {
          refuse(unread);
          return;
        }
        await get().startRequest(read.maxSteps !== undefined ? { ...built, request: { ...built.request, maxSteps: read.maxSteps } } : built, read.settings);
      },

      async startRequest(built, settings) {
        const current = get().run;
        if (current?.status === 'running') client().cancel(current.id);
        stopPlayer();
        let runId = '';
        const log = new DecisionLog((from, to, named) => client().decisions(runId, from, to, named), bump);
        const handle = client().run({ ...withTraceBlobs(built.request, built.resolved), stream: 'steps' }, (chunk) => {
          if (chunk.decisions.length > 0) log.append(chunk.decisions, chunk.steps);
          else if (chunk.steps) log.appendSteps(chunk.steps);
          latest = chunk.progress;
          bump();
        });
        runId = handle.id;
        replayed = { runId, built, settings };
        const run: RunInfo = {
          id: handle.id,
          log,
          status: 'running',
          traceIds: built.resolved.traces.map((t) => t.id),
          traceNames: built.resolved.traces.map((t) => t.name),
          ...(built.resolved.traces.length === 1 ? { traceText: built.resolved.traces[0]?.text } : {}),
          ...(built.resolved.traces.length === 1 && built.resolved.traces[0]?.note !== undefined ? { traceNote: built.resolved.traces[0].note } : {}),
          ...(built.resolved.agentDocId !== undefined ? { agentDocId: built.resolved.agentDocId } : {}),
          ...(built.resolved.workflowDocId !== undefined ? { workflowDocId: built.resolved.workflowDocId } : {}),
          ruleTexts: built.request.ruleFiles.map((f) => f.text),
          settings: settings,
          items: 0,
          events: 0,
          startedAt: performance.now(),
        };
        const keep = current && current.status === 'done' ? current : get().previous;
        set({
          run,
          held: undefined,
          ...(keep ? { previous: keep } : {}),
          progress: { items: 0 },
          ...NO_RUN_VIEW,
        });
        try {
          const result = await handle.result;
          const ended: RunInfo = { ...run, status: result.status, items: result.items ?? log.length, events: result.events, endedAt: performance.now() };
          if (get().run?.id !== run.id) return;
          set({
            run: ended,
            diagnostics: result.diagnostics,
            version: get().version + 1,
            ...(result.status === 'invalid' ? { error: result.message ?? 'The run could not start.' } : {}),
            ...(result.status === 'stopped' ? { error: result.message ?? 'The run stopped early.' } : {}),
          });
          if (result.status !== 'invalid') {
            show(-1, undefined);
            await finish(ended);
          }
        } catch (e) {
          if (get().run?.id === run.id)
            set({ run: { ...run, status: 'failed', items: log.length, endedAt: performance.now() }, error: e instanceof Error ? e.message : String(e), version: get().version + 1 });
        }
      },

      async rerunWithDedupe(dedupeWindowMs) {
        const run = get().run;
        if (!run || replayed?.runId !== run.id || run.status === 'running') return;
        const settings = { ...replayed.settings, dedupeWindowMs };
        const { request, resolved } = replayed.built;
        await get().startRequest({ request: { ...request, settings }, resolved }, settings);
      },
      cancel() {
        const run = get().run;
        if (run?.status === 'running') client().cancel(run.id);
      },

      selectStep(step) {
        const run = get().run;
        if (!run) return;
        show(step, run.log.selectedByStep(step));
      },
      selectDecision(index) {
        const run = get().run;
        if (!run || index < 0 || index >= run.log.length) return;
        show(run.log.stepOf(index), index);
      },
      stepBy(delta) {
        get().selectStep(get().step + delta);
      },
      play() {
        const run = get().run;
        if (!run || run.status === 'running' || run.items === 0) return;
        stopPlayer();
        if (get().step >= run.items - 1) get().selectStep(-1);
        set({ playing: true });
        const tick = () => {
          const r = get().run;
          if (!r || get().step >= r.items - 1) {
            get().pause();
            return;
          }
          get().stepBy(1);
        };
        player = setInterval(tick, 1000 / get().speed);
      },
      pause() {
        stopPlayer();
        set({ playing: false });
      },
      setSpeed(speed) {
        set({ speed: Math.max(0.25, Math.min(60, speed)) });
        if (get().playing) get().play();
      },
      async nextViolation() {
        const run = get().run;
        if (!run || run.status === 'running') return;
        const from = get().selected ?? (get().step >= 0 ? run.log.firstAtOrAfter(get().step + 1) - 1 : -1);
        try {
          // Past the last violation the search wraps to the first, as Find next does in an editor.
          const next = (await client().nextViolation(run.id, from)) ?? (from >= 0 ? await client().nextViolation(run.id, -1) : undefined);
          if (next && get().run?.id === run.id) get().selectDecision(next.seq);
        } catch (e) {
          set({ error: e instanceof Error ? e.message : String(e) });
        }
      },
      setFilter: (filter) => set({ filter }),
      filterRows: (runId, filter, from) => client().filterRows(runId, filter, from),
      refresh: bump,
      setPresenter: (presenter) => set({ presenter }),
      forgetProject() {
        projectEpoch++;
        const current = get().run;
        if (current?.status === 'running') client().cancel(current.id);
        stopPlayer();
        wanted = undefined;
        replayed = undefined;
        set({
          choice: {},
          editingTraceId: undefined,
          run: undefined,
          previous: undefined,
          progress: undefined,
          ...NO_RUN_VIEW,
          filter: NO_FILTER,
          coverage: undefined,
          held: undefined,
          version: get().version + 1,
        });
      },

      async computeCoverage(project) {
        const read = formToSettings(get().form);
        if (!read.ok) return;
        const built = coverageRequest(project, get().choice, read.settings);
        if (!built.ok) {
          set({ coverage: { status: 'invalid', diagnostics: [], message: built.message } });
          return;
        }
        try {
          set({ coverage: await client().coverage(built.request) });
        } catch (e) {
          set({ coverage: { status: 'invalid', diagnostics: [], message: e instanceof Error ? e.message : String(e) } });
        }
      },
      async jsonl() {
        const run = get().run;
        return run ? client().jsonl(run.id) : undefined;
      },
    };
  });
}

function lazyClient(): () => SimulationClient {
  let client: SimulationClient | undefined;
  return () => (client ??= createSimulationClient());
}

export type SimulationStore = ReturnType<typeof createSimulationStore>;

/** The app's one simulation worker client, shared by the simulator and the Tests view. */
export const sharedSimulationClient = lazyClient();

let singleton: SimulationStore | undefined;
/** The app's simulation store, created on first use. */
export function simulationStore(): SimulationStore {
  singleton ??= createSimulationStore(sharedSimulationClient);
  return singleton;
}
