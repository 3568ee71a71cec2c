/**
 * The typed protocol between the page and the simulation Web Worker. Requests are validated with
 * zod on arrival: the worker trusts nothing it is sent.
 */
import { z } from 'zod';
import { SomeSettings } from '../core/engine/settings.ts';
import type { Decision } from '../core/engine/decisions.ts';
import type { Diagnostic } from '../core/diagnostics/types.ts';
import type { ReplaySnapshot } from '../core/engine/replay.ts';
import type { TraceEvent } from '../core/traces/events.ts';
import type { Explanation } from '../core/simulator/explainTypes.ts';
import type { RecordedCall } from '../core/permissions/claude/agreement.ts';
import type { DecisionDiff } from '../core/simulator/diff.ts';
import type { Summary } from '../core/simulator/summary.ts';
import type { OverviewBin } from '../core/simulator/overview.ts';
import type { DecisionFilter } from '../core/simulator/decisionFilter.ts';
import type { TestResult } from '../core/tests/types.ts';
import type { MinimiseProgress } from '../core/verify/minimise.ts';
import type { VerifyDiagnostic } from '../core/verify/explore.ts';
import type { SearchStats } from '../core/verify/findings.ts';
import type { CounterexampleClaim } from '../core/verify/counterexampleClaim.ts';
import type { CorpusReport } from '../core/corpus/summary.ts';

const NamedText = z.object({ name: z.string(), text: z.string() });
/** A trace given as text, or as a Blob/File the worker streams (large recordings). */
const NamedTrace = z.union([NamedText, z.object({ name: z.string(), blob: z.instanceof(Blob) })]);

export const SimulationRequest = z.object({
  ruleFiles: z.array(NamedText),
  traces: z.array(NamedTrace).min(1),
  settings: SomeSettings.default({}),
  /** Decisions per chunk sent back to the page. */
  chunkSize: z.number().int().min(1).max(100_000).default(2_000),
  /** Stop after this many steps (the user's limit; the worker's own budget applies anyway). */
  maxSteps: z.number().int().min(1).optional(),
  /**
   * What the chunks carry: `decisions` (every decision, cloned to the page) or `steps` (only the
   * step of each new decision, as a transferred Int32Array, once per slice of the run: the page
   * asks for the windows of decisions it shows with {@link SimulationApi.decisions}).
   */
  stream: z.enum(['decisions', 'steps']).default('decisions'),
});
export type SimulationRequest = z.input<typeof SimulationRequest>;

export interface SimulationProgress {
  /** Trace items (events and bad lines) processed so far. */
  items: number;
  /** Total items when known (whole-text traces), else undefined. */
  totalItems?: number;
  /** Bytes read so far and in all, for streamed traces. */
  bytes?: number;
  totalBytes?: number;
}

/** A batch of decisions, in order, with progress. */
export interface SimulationChunk {
  decisions: Decision[];
  progress: SimulationProgress;
  /** For each decision, the index of the trace item (the step) that caused it. */
  steps?: number[] | Int32Array;
  /** Decisions of the run so far (with `stream: 'steps'`, where `decisions` is empty). */
  count?: number;
}

/** The decision indices at or after `from` that a filter shows, up to the run's decisions so far. */
export interface FilteredRows {
  rows: Int32Array;
  /** Decisions scanned: the next query starts here. */
  scanned: number;
}

/** An overview bin with the decision a click on it jumps to. */
export interface RunOverviewBin extends OverviewBin {
  /** `seq` of the first decision of the bin's first event (or later), when there is one. */
  firstSeq?: number;
}

/** What the page shows of a finished run without holding its decisions. */
export interface RunOverview {
  bins: RunOverviewBin[];
  /** The tools named in the run's decisions, sorted (at most 500). */
  tools: string[];
}

export interface SimulationResult {
  /**
   * `invalid`: the rule files have errors (see diagnostics) or the request was malformed.
   * `stopped`: the run reached its step limit or the worker's memory budget (see `message`); what
   * was replayed up to there is kept like a finished run.
   */
  status: 'done' | 'cancelled' | 'invalid' | 'stopped';
  diagnostics: Diagnostic[];
  /** A one-line explanation when status is `invalid` or `stopped`. */
  message?: string;
  decisions: number;
  events: number;
  /** Trace items replayed (events and unusable lines): the steps of the step-through. */
  items?: number;
}

/** Decisions one window may hold. */
export const MAX_WINDOW = 10_000;

/**
 * A window of a run's decisions as the timeline draws them: `calls[i]` is the call `decisions[i]`
 * is about, named as the presenter's chips name it (`Bash(npm run build)`, at most
 * `CALL_TEXT_MAX` characters), or undefined when the row names the tool alone.
 */
export interface DecisionWindow {
  decisions: Decision[];
  calls: (string | undefined)[];
}

/** The engine state after one step of a finished run, and what that step decided. */
export interface StepState {
  /** The step shown (clamped to [-1, items − 1]; -1 = before the first item). */
  step: number;
  items: number;
  /** Decisions up to and including this step. */
  decisionCount: number;
  /** The decisions this step's item caused. */
  stepDecisions: Decision[];
  /**
   * The replay's state after the step, as the State panel shows it: `tools.called` holds only the
   * last {@link CALLED_SHOWN} calls of the ordering scope when there were more (see `calledCount`).
   */
  snapshot: ReplaySnapshot;
  /** Calls in the ordering scope in all, when `snapshot.tools.called` lists only the last of them. */
  calledCount?: number;
  /** The step's trace event (absent for an unusable line or step -1). */
  event?: TraceEvent;
  /** The step's unusable line, when it was one. */
  lineError?: { line: number; message: string };
}

/**
 * Calls of the ordering scope a step's state lists (the most recent): a batch of thousands of
 * calls would otherwise be sent and drawn as one paragraph of names at every step.
 */
export const CALLED_SHOWN = 50;

/** A step's state with the explanation of one of its decisions. */
export interface Inspection {
  state: StepState;
  /** Explanation of the decision asked for (by seq), when there is one. */
  explanation?: Explanation;
  seq?: number;
  /** What a Claude Code transcript recorded of the explained decision's call, where it recorded it. */
  recorded?: RecordedCall;
}

/** A what-if diff, its entry list capped (the counts are complete). */
export interface RunDiff extends DecisionDiff {
  /** Entries left out beyond the cap. */
  truncated: number;
  /** For each entry, the `seq` in the later run its link jumps to (its decision, or the first at or after its event). */
  jumps?: (number | undefined)[];
}

/** Coverage over several traces, each replayed on its own. */
export interface CoverageResult {
  status: 'done' | 'invalid';
  summary?: Summary;
  diagnostics: Diagnostic[];
  message?: string;
}

/** The project's rule-set tests with what they may name: its documents and its traces. */
export const TestRunRequest = z.object({
  tests: z.array(z.object({ id: z.string(), name: z.string(), text: z.string() })),
  ruleFiles: z.array(NamedText),
  traces: z.array(NamedText),
});
export type TestRunRequest = z.input<typeof TestRunRequest>;

/** One test's outcome, without its decisions (the page opens a failing test as a run to see them). */
export type TestOutcome = Omit<TestResult, 'decisions' | 'decisionSteps'>;

/** The outcome of one test file of the project. */
export interface TestFileOutcome {
  id: string;
  name: string;
  /** Problems that kept the file from running, `line N: …`. */
  errors: string[];
  tests: TestOutcome[];
  /** Set for a test of Codex `.rules` or Gemini CLI policies: its calls are decided by that dialect (the Policy view shows them). */
  dialect?: 'codex' | 'gemini';
}

/** Minimising a finished run's trace towards one of its decisions (`docs/minimise.md`). */
export const MinimiseRequest = z.object({
  /** The run whose trace and rules are used. */
  runId: z.string(),
  /** The target decision's `seq` in that run. */
  seq: z.number().int().nonnegative(),
  /** Where the trace came from, for the comment at the top of the result. */
  traceName: z.string().default('the trace'),
  /**
   * The verifier finding the run's trace is a counterexample of (`V001`): every candidate must
   * keep what it proves, not only the decision (`minimiseProperty.ts`).
   */
  finding: z.string().regex(/^V\d{3}$/).optional(),
});
export type MinimiseRequest = z.input<typeof MinimiseRequest>;

export type { MinimiseProgress };

export interface MinimiseReply {
  /** `cancelled` still carries the shortest trace found before the cancel (not 1-minimal). */
  status: 'done' | 'cancelled' | 'invalid';
  /** Why there is no result (`invalid`). */
  message?: string;
  /** The minimised trace as scripted YAML; its last step gives the target. */
  scripted?: string;
  /** The closing note, with the time it took. */
  note?: string;
  /** Events of the minimised trace, and of the original up to the target's. */
  events?: number;
  original?: number;
  /** The target in words (`blocked deploy MaxCallsExceeded (rule #2)`). */
  target?: string;
  /** The target's kind, to select it in the replay of the result. */
  kind?: string;
  /** The notice for the studio, whole sentences in the user's words (`note` is the CLI's). */
  summary?: string;
  /** The finding the result still shows (the request's, when the selected step could keep it), with its title. */
  claim?: CounterexampleClaim & { code: string };
}

/** Verifying the agents and workflows of some rule files (`docs/verify.md`); `cancel(id)` stops it. */
export const VerifyRequest = z.object({
  ruleFiles: z.array(NamedText),
  settings: SomeSettings.default({}),
  maxStates: z.number().int().positive().optional(),
});
export type VerifyRequest = z.input<typeof VerifyRequest>;

/** How far a verification has come. */
export interface VerifyProgress {
  states: number;
  depth: number;
}

export interface VerifyReply {
  /** `cancelled`: stopped at the page's request; nothing is reported but how far it got. */
  status: 'done' | 'invalid' | 'cancelled';
  message?: string;
  /** When cancelled: the states explored by then. */
  states?: number;
  /** The V-findings, each with its file, range, proof and counterexample trace. */
  diagnostics: VerifyDiagnostic[];
  /** Per agent: the search figures (exhaustive or the bound). */
  agents: { agent: string; file: string; stats: SearchStats }[];
  /** Per workflow: the search figures. */
  workflows: { workflow: string; file: string; stats: SearchStats }[];
}

/** Sessions one corpus run replays at most (a folder with more is refused, with the count). */
export const MAX_CORPUS_SESSIONS = 10_000;

/** A corpus of sessions, each replayed as its own run against the rule files (`docs/corpus.md`). */
export const CorpusRequest = z.object({
  ruleFiles: z.array(NamedText),
  settings: SomeSettings.default({}),
  sessions: z.array(NamedTrace).min(1).max(MAX_CORPUS_SESSIONS),
});
export type CorpusRequest = z.input<typeof CorpusRequest>;

/** Sessions replayed so far, of all. */
export interface CorpusProgress {
  done: number;
  total: number;
}

export interface CorpusReply {
  /** `cancelled`: stopped at the page's request after `done` sessions; no report. */
  status: 'done' | 'invalid' | 'cancelled';
  message?: string;
  report?: CorpusReport;
  /** The rule files' diagnostics (a corpus replays whatever reads, as `simulate` does). */
  diagnostics: Diagnostic[];
  /** Sessions not replayed, with the reason (too large to read). */
  skipped: { name: string; reason: string }[];
  done: number;
}

/** The API the worker exposes (through comlink). */
export interface SimulationApi {
  run(id: string, request: SimulationRequest, onChunk: (chunk: SimulationChunk) => void | Promise<void>): Promise<SimulationResult>;
  cancel(id: string): void;
  /** The state after `step` of a finished (or cancelled) run; with `seq`, that decision explained. undefined when the run is gone. */
  inspect(id: string, step: number, seq?: number): Promise<Inspection | undefined>;
  /** The step (trace item) of decision `seq` of a run, and where the next violation after it is. */
  nextViolation(id: string, fromSeq: number): Promise<{ seq: number; step: number } | undefined>;
  /** The what-if diff of two runs of the same trace (entries capped at `limit`, default 2,000). */
  diff(beforeId: string, afterId: string, limit?: number): Promise<RunDiff | undefined>;
  /** Summary of the runs given (their rules: those of the last one). */
  summary(ids: string[]): Promise<Summary | undefined>;
  /** Replays each trace of the request on its own and summarises them together (no chunks, nothing kept). */
  coverage(request: SimulationRequest): Promise<CoverageResult>;
  /** Runs every rule-set test of the project (`docs/rule-tests.md`); nothing is kept. */
  runTests(request: TestRunRequest): Promise<TestFileOutcome[]>;
  /**
   * Minimises a finished run's trace towards decision `seq` (streamed progress, cancelled with
   * {@link SimulationApi.cancel} under `id`; the run must still be kept).
   */
  minimise(id: string, request: MinimiseRequest, onProgress: (progress: MinimiseProgress) => void | Promise<void>): Promise<MinimiseReply>;
  /**
   * Decisions [from, to) of a run, finished or still running (at most {@link MAX_WINDOW} at once),
   * with their calls unless `named` is false; undefined when the run is gone.
   */
  decisions(id: string, from: number, to: number, named?: boolean): Promise<DecisionWindow | undefined>;
  /** The decision indices ≥ `from` a filter shows (the timeline's filter, applied where the decisions are). */
  filterRows(id: string, filter: DecisionFilter, from: number): Promise<FilteredRows | undefined>;
  /** The overview strip's bins and the run's tools. */
  overview(id: string, bins: number): Promise<RunOverview | undefined>;
  /** Verifies the agents of the rule files (streamed progress); nothing is kept. */
  verify(id: string, request: VerifyRequest, onProgress: (progress: VerifyProgress) => void | Promise<void>): Promise<VerifyReply>;
  /** Replays every session of a corpus as its own run and sums them up (streamed progress; `cancel(id)` stops it); nothing is kept. */
  corpus(id: string, request: CorpusRequest, onProgress: (progress: CorpusProgress) => void | Promise<void>): Promise<CorpusReply>;
  /** A run's decisions as JSONL (`traces.md` §4). */
  jsonl(id: string): Promise<string | undefined>;
  /** Forgets a run. */
  release(id: string): void;
  /** Answers at once: the page's watch asks it of a run gone quiet (see `watch.ts`). */
  ping(): Promise<true>;
}
