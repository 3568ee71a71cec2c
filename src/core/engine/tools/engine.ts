/**
 * The tool-rule engine (Pattern-style tool executor): a pure, deterministic step function over the
 * trace's virtual clock. Per event, in order (`tool-rules.md` §5, §8): periodic reports, the scope
 * marker's reset, automatic start calls at the first event of an ordering scope, then the event's
 * own decisions (a tool call, or the exit wanted at `model_end`).
 */
import type { Agent } from '../../model/toolRules.ts';
import type { TraceEvent } from '../../traces/events.ts';
import type { DecisionBody } from '../decisions.ts';
import type { ReplaySettings } from '../settings.ts';
import { runCall } from './call.ts';
import type { CheckContext } from './checks.ts';
import { requestExit, runAutoStart } from './lifecycle.ts';
import { PeriodicTracker } from './periodic.ts';
import { RuleIndex } from './ruleIndex.ts';
import { buildSnapshot } from './snapshot.ts';
import { newBatchState, newEngineState, newOrderingState, newProcessState } from './state.ts';
import type { ToolEngine, ToolStepResult } from './types.ts';

export type { ToolEngine, ToolEngineSnapshot, ToolStepResult } from './types.ts';

type ToolCallEvent = Extract<TraceEvent, { type: 'tool_call' }>;

/**
 * Creates an engine for one agent. The rule index is built once here; each step then costs O(1)
 * amortised in the length of the trace (maps, sets and counters; no scan of the history).
 */
export function createToolEngine(agent: Agent, settings: ReplaySettings): ToolEngine {
  const index = new RuleIndex(agent);
  const state = newEngineState(settings.dedupeWindowMs);
  const ctx: CheckContext = { index, state, settings };
  const periodic = new PeriodicTracker(index.periodic);
  let firstTime: number | undefined;
  let now: number | undefined;
  /** The ordering scope has not seen an event yet: its auto-start calls are still to run. */
  let freshOrderingScope = true;

  /** A marker first resets its scope's state (§8). A batch is also a new process and ordering scope. */
  function applyMarker(event: TraceEvent): void {
    if (event.type === 'batch_start') {
      state.batch = newBatchState();
      state.process = newProcessState();
      state.ordering = newOrderingState();
      freshOrderingScope = true;
    } else if (event.type === 'process_start') {
      state.process = newProcessState();
      if (settings.orderingScope === 'process') {
        state.ordering = newOrderingState();
        freshOrderingScope = true;
      }
    }
  }

  function toolCall(event: ToolCallEvent, out: DecisionBody[]): boolean {
    if (state.process.exited) {
      out.push({ kind: 'ignored', tool: event.tool });
      return false;
    }
    const result = runCall(ctx, {
      tool: event.tool,
      args: event.args ?? {},
      time: event.time,
      outcome: event.outcome ?? 'ok',
      durationMs: event.duration_ms ?? 0,
      consent: event.consent,
      synthetic: undefined,
    });
    out.push(result.decision);
    if (!result.executed) return false;
    state.process.lastFlow = result.flow;
    if (result.flow === 'exit') state.process.exited = requestExit(ctx, event.time, out);
    return true;
  }

  function step(event: TraceEvent): ToolStepResult {
    const out: DecisionBody[] = [];
    firstTime ??= event.time;
    now = event.time;
    periodic.collect(event.time, firstTime, state.persistent.lastExecution, out);
    applyMarker(event);
    if (freshOrderingScope) {
      freshOrderingScope = false;
      if (settings.startConstraints === 'auto') runAutoStart(ctx, event.time, out);
    }
    let executed = false;
    if (event.type === 'tool_call') executed = toolCall(event, out);
    else if (event.type === 'model_end' && !state.process.exited) state.process.exited = requestExit(ctx, event.time, out);
    return { decisions: out, executed };
  }

  return {
    step,
    snapshot: () => buildSnapshot({ index, state, settings, periodic, firstTime, now }),
  };
}
