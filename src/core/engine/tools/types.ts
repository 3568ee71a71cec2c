/**
 * The tool engine's public API: a deterministic step function over canonical trace events, used
 * alike by the combined replay, the CLI and the Web Worker.
 */
import type { TraceEvent } from '../../traces/events.ts';
import type { DecisionBody, Flow } from '../decisions.ts';

export interface ToolStepResult {
  /** In order; seq/event/time are added by the caller. */
  decisions: DecisionBody[];
  /** True when the event was a tool_call that executed (outcome ok or error): the workflow engine counts its command/edit. */
  executed: boolean;
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
}

export interface ToolEngine {
  /** Process one canonical event (any type; non tool events may still give periodic_due, exit etc.). */
  step(event: TraceEvent): ToolStepResult;
  /** A plain-data snapshot of the state for the UI's state inspector. */
  snapshot(): ToolEngineSnapshot;
}
