/**
 * Start and exit (`tool-rules.md` §5, §8): automatic start calls at the first event of an ordering
 * scope, and what happens when the loop wants to end (exit requirements, `exit`, `exit_blocked`).
 */
import type { AutoReason, Decision } from '../decisions.ts';
import type { DecisionStamp } from '../stamp.ts';
import type { CallRequest, CheckContext } from './checks.ts';
import { runCall } from './call.ts';
import { requiredBeforeExitMessage } from './messages.ts';
import { WILDCARD_ID } from './policy.ts';
import type { ToolState } from './state.ts';
import type { ToolTable } from './toolTable.ts';

const NO_ARGS = Object.freeze({});

/** A synthetic call: args `{}`, outcome `ok`, no duration, no consent answer, no dedupe. */
function syntheticCall(ctx: CheckContext, toolId: number, time: number, reason: AutoReason): CallRequest {
  const tool = ctx.table.tool(toolId);
  // Compiling the tool on first use may intern the tools its rules name: make room for them.
  ctx.state.ensureTools(ctx.table.size);
  return { tool, args: NO_ARGS, time, outcome: 'ok', durationMs: 0, consent: undefined, synthetic: reason };
}

/**
 * Mode `auto`: a synthetic call of every start tool, in rule order, through §4. Their flow is
 * reported, never acted on.
 */
export function runAutoStart(ctx: CheckContext, time: number, st: DecisionStamp, out: Decision[]): void {
  for (const { toolId } of ctx.table.startRules) runCall(ctx, syntheticCall(ctx, toolId, time, 'start_constraint'), st, out);
}

/**
 * Pending exit requirements (rule order, once each): RequiredBeforeExit tools not called in this
 * scope, and RequiredBeforeExitIf tools, not yet called, whose conditions have all been called.
 */
export function pendingExitTools(table: ToolTable, state: ToolState): number[] {
  return table.exitSet.pending(state);
}

function exitBlocked(ctx: CheckContext, pending: readonly number[], st: DecisionStamp, afterCall: boolean): Decision {
  const names = pending.map((id) => (id === WILDCARD_ID ? '*' : ctx.table.nameOf(id)));
  const message = ctx.policy.exitBlockedMessage?.(names, afterCall) ?? requiredBeforeExitMessage(names);
  return { seq: st.seq++, event: st.event, time: st.time, kind: 'exit_blocked', pending: names, code: 'RequiredBeforeExit', message };
}

/** The `exit` decision. */
export function exitDecision(st: DecisionStamp): Decision {
  return { seq: st.seq++, event: st.event, time: st.time, kind: 'exit' };
}

/**
 * The loop wants to end (a call's flow is `exit`, or `model_end`). With nothing pending: `exit`.
 * Mode `block`: `exit_blocked` and the loop goes on. Mode `auto`: one synthetic call of each
 * pending tool (rule order), then `exit`, or `exit_blocked` listing what is still missing (a call
 * that failed, or a RequiredBeforeExitIf that only became pending through these calls).
 * Returns true when the loop exited. `afterCall`: the end is asked by a call (its flow `exit`),
 * not by the model ending its turn.
 */
export function requestExit(ctx: CheckContext, time: number, st: DecisionStamp, out: Decision[], afterCall = false): boolean {
  const { policy } = ctx;
  const pending = policy.pendingExit(ctx);
  if (pending.length > 0 && ctx.settings.exitRequirements === 'block') {
    out.push(exitBlocked(ctx, pending, st, afterCall));
    return false;
  }
  // One synthetic call per tool (a Pattern list may repeat a tool or name "*", which is no tool).
  pending.forEach((id, k) => {
    if (id !== WILDCARD_ID && pending.indexOf(id) === k) runCall(ctx, syntheticCall(ctx, id, time, 'exit_requirement'), st, out);
  });
  const missing = pending.length > 0 ? policy.pendingExit(ctx) : pending;
  if (missing.length > 0) {
    out.push(exitBlocked(ctx, missing, st, afterCall));
    return false;
  }
  out.push(exitDecision(st));
  return true;
}
