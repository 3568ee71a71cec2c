/**
 * The `pattern` profile of the naive reference: the trace replayed as Rule Studio's harness does
 * it (scopes, unknown tools, dedupe, consent, timeouts, periodic, markers), with every question
 * about the rules answered by the model of Pattern's `ToolRuleEngine` (`patternRuleEngine.ts`).
 * Its state is derived from the decisions so far: the history is the ordering scope's
 * executions, call counts the batch's, last executions the whole replay's.
 */
import type { Agent } from '../../src/core/model/toolRules.ts';
import type { Flow } from '../../src/core/engine/decisions.ts';
import type { DecisionBody } from '../../src/core/engine/decisions.ts';
import {
  checkConsentAndTimeout,
  checkUnknownAndDedupe,
  executedDecision,
  failure,
  operationOf,
  type NaiveCall,
} from './naiveToolCall.ts';
import type { NaiveSemantics } from './naiveTools.ts';
import { PatternRuleEngine, type PatternExecution } from './patternRuleEngine.ts';
import { batchStart, executions, orderingStart, type ToolHistory } from './toolHistory.ts';

/** The engine as it stands at event `i`, optionally with one more execution recorded. */
function engineAt(agent: Agent, h: ToolHistory, i: number, recorded?: { tool: string; outcome: 'ok' | 'error'; time: number }): PatternRuleEngine {
  const all = executions(h).map((e) => ({ tool: e.tool, outcome: e.outcome, time: e.time, event: e.event }));
  if (recorded) all.push({ ...recorded, event: i });
  const scope = all.filter((e) => e.event >= orderingStart(h, i));
  const batch = all.filter((e) => e.event >= batchStart(h.events, i));
  const history: PatternExecution[] = scope.map((e) => ({ tool: e.tool, success: e.outcome === 'ok' }));
  const callCounts = new Map<string, number>();
  for (const e of batch) callCounts.set(e.tool, (callCounts.get(e.tool) ?? 0) + 1);
  const lastExecution = new Map(all.map((e) => [e.tool, e.time] as const));
  const cleanup = scope.some((e) => PatternRuleEngine.entersCleanup(agent, e.tool));
  return new PatternRuleEngine(agent, { history, callCounts, lastExecution, cleanup });
}

function patternCall(agent: Agent, h: ToolHistory, i: number, call: NaiveCall): DecisionBody {
  const before = checkUnknownAndDedupe(agent, h, i, call);
  if (before) return before;
  const now = h.events[i]?.time ?? 0;
  const engine = engineAt(agent, h, i);
  const violation = engine.canExecuteTool(call.tool, now) ?? engine.checkOperationAllowed(call.tool, operationOf(agent, call.tool, call.args));
  if (violation) return failure(call, { kind: 'blocked', tool: call.tool, ...violation });
  const after = checkConsentAndTimeout(agent, h, i, call);
  if ('failure' in after) return after.failure;
  const recorded = engineAt(agent, h, i, { tool: call.tool, outcome: call.outcome, time: now });
  const heartbeat = recorded.requiresHeartbeat(call.tool);
  let flow: Flow = heartbeat ? 'end' : 'continue';
  if (recorded.shouldExitLoop()) flow = 'exit';
  if (call.args['request_heartbeat'] === true && heartbeat) flow = 'heartbeat';
  return executedDecision(call, flow, after.consent);
}

/** The `pattern` profile: Pattern's `ToolRuleEngine` answers every rule question. */
export const PATTERN_SEMANTICS: NaiveSemantics = {
  call: patternCall,
  pendingExit: (agent, h, i) => engineAt(agent, h, i).requiredBeforeExitTools(),
  exitFlowSkipsRequirements: true,
  ignoresCallsAfterExit: false,
};
