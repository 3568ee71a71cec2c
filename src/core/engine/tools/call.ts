/**
 * One tool call through `tool-rules.md` §4: checks 1–8, execution (step 9), record (step 10) and
 * its flow (§4.1), giving one decision (`traces.md` §4).
 */
import type { DecisionBody, Flow } from '../decisions.ts';
import { runChecks, type CallFailure, type CallRequest, type CheckContext, type CheckPass } from './checks.ts';
import { flowOf } from './flow.ts';
import { rustDebugName, timeoutMessage } from './messages.ts';
import type { ToolRuleSet } from './ruleIndex.ts';

export interface CallResult {
  decision: DecisionBody;
  /** The call passed every check and ran (outcome ok or error). */
  executed: boolean;
  /** The flow of an executed call (reported; acted on only for calls from the trace). */
  flow: Flow | undefined;
}

/** The decision for a failed call: `blocked` for rule checks, else the code's own kind. */
export function failureDecision(call: CallRequest, failure: CallFailure): DecisionBody {
  const reason = call.synthetic ? { reason: call.synthetic } : {};
  const { code, message, rule } = failure;
  switch (code) {
    case 'NotFound':
      return { kind: 'not_found', tool: call.tool, code, message, ...reason };
    case 'Deduplicated':
      return { kind: 'deduplicated', tool: call.tool, code, message, ...reason };
    case 'Timeout':
      return { kind: 'timeout', tool: call.tool, code, message, ...reason };
    case 'PermissionDenied':
      return { kind: 'denied', tool: call.tool, code, ...(rule === undefined ? {} : { rule }), message, ...reason };
    default:
      // Every rule-check failure names its rule (§8); -1 would mark a bug, never a real index.
      return { kind: 'blocked', tool: call.tool, code, rule: rule ?? -1, message, ...reason };
  }
}

/** Step 10: counts, last execution, dedupe entry, consent grant; on `ok` also called and group claims. */
function record(ctx: CheckContext, call: CallRequest, rules: ToolRuleSet, dedupe: boolean, pass: CheckPass): void {
  const { persistent, batch, ordering } = ctx.state;
  batch.executions.set(call.tool, (batch.executions.get(call.tool) ?? 0) + 1);
  persistent.lastExecution.set(call.tool, call.time);
  if (dedupe) persistent.dedupe.record(call.tool, call.args, call.time);
  if (pass.grantUntil !== undefined) persistent.grants.set(call.tool, pass.grantUntil);
  if (call.outcome !== 'ok') return;
  ordering.called.add(call.tool);
  ordering.calledList.push(call.tool);
  const item = rustDebugName(call.tool);
  ordering.calledDebug = ordering.calledDebug === '' ? item : `${ordering.calledDebug}, ${item}`;
  for (const g of rules.groups) {
    const holders = batch.claims.get(g.key);
    if (!holders) batch.claims.set(g.key, [call.tool]);
    else if (!holders.includes(call.tool)) holders.push(call.tool);
  }
}

/** Runs one call (from the trace or synthetic) and returns its decision. */
export function runCall(ctx: CheckContext, call: CallRequest): CallResult {
  const dedupe = call.synthetic === undefined && ctx.settings.dedupeWindowMs > 0;
  const checked = runChecks(ctx, call, dedupe);
  if (!checked.ok) return { decision: failureDecision(call, checked.failure), executed: false, flow: undefined };
  const timeout = ctx.settings.executionTimeoutMs;
  if (call.durationMs > timeout) {
    const failure: CallFailure = { code: 'Timeout', message: timeoutMessage(call.tool, timeout) };
    return { decision: failureDecision(call, failure), executed: false, flow: undefined };
  }
  const rules = ctx.index.forTool(call.tool);
  record(ctx, call, rules, dedupe, checked.pass);
  const flow = flowOf(rules, call.args, call.outcome, ctx.state.ordering);
  const { tool, outcome } = call;
  const decision: DecisionBody = call.synthetic
    ? { kind: 'auto', tool, reason: call.synthetic, outcome, flow }
    : { kind: 'allowed', tool, outcome, flow, ...(checked.pass.consent ? { consent: checked.pass.consent } : {}) };
  return { decision, executed: true, flow };
}
