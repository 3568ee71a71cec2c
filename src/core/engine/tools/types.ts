/**
 * The tool engine's public API: a deterministic step function over canonical trace events, used
 * alike by the combined replay, the CLI, the Web Worker and anything that explores the engine
 * (it can save its state, branch, and restore it).
 */
import type { TraceEvent } from '../../traces/events.ts';
import type { Decision, DecisionBody, Flow } from '../decisions.ts';
import type { DecisionStamp } from '../stamp.ts';
import type { ToolStateData } from './state.ts';
import type { StateKeyOptions } from './stateKey.ts';
import type { KeyTable } from '../keyTable.ts';

export interface ToolStepResult {
  /** In order; seq/event/time are added by the caller. */
  decisions: DecisionBody[];
  /** True when the event was a tool_call that executed (outcome ok or error): the workflow engine counts its command/edit. */
  executed: boolean;
}

/**
 * The engine's complete mutable state as structured plain data (typed arrays, arrays, numbers,
 * strings and the calls' argument objects): what {@link ToolEngine.save} returns and
 * {@link ToolEngine.restore} takes. It shares nothing mutable with the engine, can be restored
 * any number of times, and survives `structuredClone` / `postMessage`. Its size is bounded by
 * the tools, the groups, the dedupe window's contents and one small id per call in the ordering
 * scope. The layout is internal: read the engine through {@link ToolEngine.snapshot}.
 */
export interface ToolEngineState extends ToolStateData {
  version: 1;
  /** Tool names by id, as interned by the engine that saved the state. */
  toolNames: string[];
}

/** Plain data for the UI's state inspector; times are epoch ms on the trace clock. */
export interface ToolEngineSnapshot {
  /** Time of the last event stepped, or null before the first. */
  time: number | null;
  orderingScope: 'batch' | 'process';
  /** The loop has exited in this process (further calls are ignored until a marker). */
  exited: boolean;
  /** Flow of the last executed call from the trace in this process. */
  lastFlow: Flow | null;
  /** Executions per tool in this batch against its tightest MaxCalls limit (null = none). */
  calls: { tool: string; executions: number; limit: number | null }[];
  /** Tools with a Cooldown that have executed: last execution and what is left of the longest cooldown. */
  cooldowns: { tool: string; lastExecution: number; cooldownMs: number; remainingMs: number }[];
  /** Every exclusive group with the tools holding it in this batch. */
  groupClaims: { group: string[]; rule: number; holders: string[] }[];
  /** Tools called (outcome ok) in the ordering scope, in order, repeats kept. */
  called: string[];
  /** Start tools not yet called in the ordering scope (rule order). */
  pendingStart: string[];
  /** Exit requirements pending now (rule order). */
  pendingExit: string[];
  /** Standing consent grants per tool; `until` null = to the end of the replay. */
  consentGrants: { tool: string; until: number | null; active: boolean }[];
  /** Periodic rules and when each next falls due. */
  periodic: { tool: string; rule: number; dueAt: number }[];
  /** Keys held by the dedupe cache. */
  dedupeEntries: number;
  /** Profile `letta` only: the allowed set Letta's `ToolRulesSolver` gives the next call. */
  letta?: LettaSnapshot;
}

/** The allowed set of profile `letta` before the next call (`docs/letta-profile.md`). */
export interface LettaSnapshot {
  /**
   * `init`: no call yet in this step (batch) and run_first rules exist; `rules`: the intersection
   * of the child, conditional, max-count and parent rules; `fallback`: that intersection is empty
   * and Letta's loop offers every tool (`errorOnEmpty` false); `empty`: it is empty and the next
   * call is refused (`errorOnEmpty` true).
   */
  phase: 'init' | 'rules' | 'fallback' | 'empty';
  /** The tools offered to the model, in the agent's tool order. */
  allowed: string[];
  /** The agent's tools the rules removed, each with the first rule (index in the rule list) that removed it. */
  removed: { tool: string; rule: number }[];
  /** The last tool that ran in this step (Letta's `tool_call_history[-1]`), or null. */
  lastTool: string | null;
  /** The `message` of the last tool response, or null before any call. */
  lastOutput: string | null;
  /** required_before_exit tools not yet called in this step. */
  uncalledRequired: string[];
}

export interface ToolEngine {
  /**
   * Processes one canonical event (any type; non tool events may still give periodic_due, exit
   * etc.), appending its decisions to `out`, stamped from `stamp` (which numbers them and gives
   * the event index and time the caller set with `stamp.at`). Returns true when the event was a
   * tool call that executed. This is the engine's one step function; {@link step} wraps it.
   */
  stepInto(event: TraceEvent, stamp: DecisionStamp, out: Decision[]): boolean;
  /** Processes one event and returns its decision bodies (no seq/event/time). */
  step(event: TraceEvent): ToolStepResult;
  /**
   * The canonical key of the state (`stateKey.ts`): equal keys of two engines of the same agent and
   * settings mean equal decisions (messages aside) for the same future events at the same offsets
   * from each engine's last event. Counts are capped at the limits that read them and times are
   * relative, so the key stays small however long the trace. The verifier hashes states with it.
   */
  stateKey(options?: StateKeyOptions): string;
  /**
   * The id in `table` of the state's {@link stateKey}, kept as code units (no string made): the id
   * it has when the table holds it, else it is added with the next one (`table.size` before). The
   * same partition of states as the key, for this engine: a table takes one engine's keys only.
   */
  stateId(table: KeyTable, options?: StateKeyOptions): number;
  /** A plain-data view of the state for the UI's state inspector (built on demand). */
  snapshot(): ToolEngineSnapshot;
  /**
   * The engine's whole state, copied (cost proportional to the state, not to the trace so far).
   * Stepping on after a save does not change the saved data.
   */
  save(): ToolEngineState;
  /**
   * Puts the engine back into a saved state: the engine that saved it, or a fresh engine built
   * from the same agent and settings. Stepping on then gives exactly the decisions the saving
   * engine gave from that point. Throws when the state comes from other rules.
   */
  restore(state: ToolEngineState): void;
}
