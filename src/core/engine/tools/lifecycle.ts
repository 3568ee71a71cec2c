/**
 * Start and exit (`tool-rules.md` §5, §8): automatic start calls at the first event of an ordering
 * scope, and what happens when the loop wants to end (exit requirements, `exit`, `exit_blocked`).
 */
import type { AutoReason, DecisionBody } from '../decisions.ts';
import type { CallRequest, CheckContext } from './checks.ts';
import { runCall } from './call.ts';
import { requiredBeforeExitMessage } from './messages.ts';
import type { RuleIndex } from './ruleIndex.ts';
import { allCalled, type OrderingState } from './state.ts';

/** A synthetic call: args `{}`, outcome `ok`, no duration, no consent answer, no dedupe. */
function syntheticCall(tool: string, time: number, reason: AutoReason): CallRequest {
  return { tool, args: {}, time, outcome: 'ok', durationMs: 0, consent: undefined, synthetic: reason };
}

/**
 * Mode `auto`: a synthetic call of every start tool, in rule order, through §4. Their flow is
 * reported, never acted on.
 */
export function runAutoStart(ctx: CheckContext, time: number, out: DecisionBody[]): void {
  for (const { tool } of ctx.index.startRules) out.push(runCall(ctx, syntheticCall(tool, time, 'start_constraint')).decision);
}

/**
 * Pending exit requirements (rule order, once each): RequiredBeforeExit tools not called in this
 * scope, and RequiredBeforeExitIf tools, not yet called, whose conditions have all been called.
 */
export function pendingExitTools(index: RuleIndex, ordering: OrderingState): string[] {
  const pending: string[] = [];
  for (const r of index.exitRequirements) {
    if (ordering.called.has(r.tool) || pending.includes(r.tool)) continue;
    if (!r.conditional || allCalled(ordering, r.conditions)) pending.push(r.tool);
  }
  return pending;
}

function exitBlocked(pending: string[]): DecisionBody {
  return { kind: 'exit_blocked', pending, code: 'RequiredBeforeExit', message: requiredBeforeExitMessage(pending) };
}

/**
 * The loop wants to end (a call's flow is `exit`, or `model_end`). With nothing pending: `exit`.
 * Mode `block`: `exit_blocked` and the loop goes on. Mode `auto`: one synthetic call of each
 * pending tool (rule order), then `exit`, or `exit_blocked` listing what is still missing (a call
 * that failed, or a RequiredBeforeExitIf that only became pending through these calls).
 * Returns true when the loop exited.
 */
export function requestExit(ctx: CheckContext, time: number, out: DecisionBody[]): boolean {
  const { index, state } = ctx;
  const pending = pendingExitTools(index, state.ordering);
  if (pending.length > 0 && ctx.settings.exitRequirements === 'block') {
    out.push(exitBlocked(pending));
    return false;
  }
  for (const tool of pending) out.push(runCall(ctx, syntheticCall(tool, time, 'exit_requirement')).decision);
  const missing = pending.length > 0 ? pendingExitTools(index, state.ordering) : pending;
  if (missing.length > 0) {
    out.push(exitBlocked(missing));
    return false;
  }
  out.push({ kind: 'exit' });
  return true;
}
