/**
 * The engine's state in its three lifetimes (`tool-rules.md` §3): persistent (whole replay),
 * batch (one user message) and process (one model loop); the ordering history and the start gate
 * live in the ordering scope, which is the batch or the process (setting `orderingScope`).
 * Every lookup is a map or set access; nothing scans the history.
 */
import type { Flow } from '../decisions.ts';
import { DedupeCache } from './dedupeCache.ts';

/** Spans the replay: dedupe cache, last execution per tool, standing consent grants. */
export interface PersistentState {
  dedupe: DedupeCache;
  lastExecution: Map<string, number>;
  /** Tool → time until which its grant is valid (exclusive); Infinity = to the end of the replay. */
  grants: Map<string, number>;
}

/** One batch: executions per tool (MaxCalls) and exclusive-group claims (group key → holders). */
export interface BatchState {
  executions: Map<string, number>;
  claims: Map<string, string[]>;
}

/**
 * The ordering scope: tools called (outcome ok), as a set and in order with repeats. The ordered
 * list is also kept pre-formatted (`calledDebug`: the Rust debug items joined by `, `, built by
 * appending) so a PrerequisitesNotMet message costs O(1) however long the scope has run.
 */
export interface OrderingState {
  called: Set<string>;
  calledList: string[];
  calledDebug: string;
}

/** One process: whether the loop has exited, and the flow of the last executed call. */
export interface ProcessState {
  exited: boolean;
  lastFlow: Flow | undefined;
}

export interface EngineState {
  persistent: PersistentState;
  batch: BatchState;
  ordering: OrderingState;
  process: ProcessState;
}

/** A fresh batch scope. */
export function newBatchState(): BatchState {
  return { executions: new Map(), claims: new Map() };
}

/** A fresh ordering scope. */
export function newOrderingState(): OrderingState {
  return { called: new Set(), calledList: [], calledDebug: '' };
}

/** A fresh process scope. */
export function newProcessState(): ProcessState {
  return { exited: false, lastFlow: undefined };
}

/** The state at the start of a replay. */
export function newEngineState(dedupeWindowMs: number): EngineState {
  return {
    persistent: { dedupe: new DedupeCache(dedupeWindowMs), lastExecution: new Map(), grants: new Map() },
    batch: newBatchState(),
    ordering: newOrderingState(),
    process: newProcessState(),
  };
}

/** True when every tool of `tools` has been called in the ordering scope. */
export function allCalled(ordering: OrderingState, tools: readonly string[]): boolean {
  return tools.every((t) => ordering.called.has(t));
}
