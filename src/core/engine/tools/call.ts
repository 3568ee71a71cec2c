/**
 * One tool call through `tool-rules.md` §4: checks 1–8, execution (step 9), record (step 10) and
 * its flow (§4.1), giving one decision (`traces.md` §4), written straight into the output with
 * its stamp (no intermediate objects on the path of a call that runs).
 */
import type { Decision, Flow } from '../decisions.ts';
import type { DecisionStamp } from '../stamp.ts';
import { runChecks, type CallFailure, type CallRequest, type CheckContext } from './checks.ts';
import { defineLazyMessage, type LazyText } from '../lazyMessage.ts';
import { timeoutMessage } from './messages.ts';
import type { CompiledTool } from './toolTable.ts';

/** Failure codes whose decision kind is not `blocked`. */
const KIND_OF_CODE: Partial<Record<CallFailure['code'], 'not_found' | 'deduplicated' | 'timeout' | 'denied'>> = {
  NotFound: 'not_found',
  Deduplicated: 'deduplicated',
  Timeout: 'timeout',
  PermissionDenied: 'denied',
};

/** The decision for a failed call: `blocked` for rule checks, else the code's own kind. */
export function failureDecision(call: CallRequest, failure: CallFailure, st: DecisionStamp): Decision {
  const seq = st.seq++;
  const { event, time } = st;
  const tool = call.tool.name;
  const { code, rule } = failure;
  if (typeof failure.message !== 'string') return lazyFailureDecision(call, failure, failure.message, seq, event, time);
  const message = failure.message;
  let d: Decision;
  switch (code) {
    case 'NotFound':
      d = { seq, event, time, kind: 'not_found', tool, code, message };
      break;
    case 'Deduplicated':
      d = { seq, event, time, kind: 'deduplicated', tool, code, message };
      break;
    case 'Timeout':
      d = { seq, event, time, kind: 'timeout', tool, code, message };
      break;
    case 'PermissionDenied':
      d = rule === undefined ? { seq, event, time, kind: 'denied', tool, code, message } : { seq, event, time, kind: 'denied', tool, code, rule, message };
      break;
    default:
      // Every rule-check failure names its rule (§8); -1 would mark a bug, never a real index.
      // Only profile letta refuses a call with no rule: a tool the agent lacks.
      d = rule === undefined && (code === 'ToolConstraintError' || code === 'NoValidTools') ? { seq, event, time, kind: 'blocked', tool, code, message } : { seq, event, time, kind: 'blocked', tool, code, rule: rule ?? -1, message };
  }
  if (call.synthetic) (d as { reason?: string }).reason = call.synthetic;
  return d;
}

/** The same decision with its message built when read: made without `message`, which is then defined in its place. */
function lazyFailureDecision(call: CallRequest, failure: CallFailure, parts: LazyText, seq: number, event: number, time: string): Decision {
  const { code, rule } = failure;
  const tool = call.tool.name;
  const kind = KIND_OF_CODE[code] ?? 'blocked';
  // As above: blocked always names a rule (-1 would mark a bug), denied when it has one, the others never.
  const r = kind === 'blocked' ? (rule ?? -1) : kind === 'denied' ? rule : undefined;
  const d = (r === undefined ? { seq, event, time, kind, tool, code } : { seq, event, time, kind, tool, code, rule: r }) as Decision;
  defineLazyMessage(d, parts);
  if (call.synthetic) (d as { reason?: string }).reason = call.synthetic;
  return d;
}

/** Step 10: counts, last execution, dedupe entry, consent grant; on `ok` also called and group claims. */
function record(ctx: CheckContext, call: CallRequest, dedupe: boolean): void {
  const { state } = ctx;
  const t = call.tool;
  state.recordExecution(t.id, call.time);
  if (dedupe) {
    // The time through the table's clock, not as an argument (see DedupeTable.clock).
    state.dedupe.clock[0] = call.time;
    state.dedupe.recordNow(t.id, call.args);
  }
  const grant = ctx.pass.grantUntil;
  if (!Number.isNaN(grant)) state.recordGrant(t.id, grant);
  // Pattern's engine enters its Cleanup phase when an ExitLoop tool is recorded, even unsuccessful.
  if (t.exitLoops.length > 0) state.enterCleanup();
  if (call.outcome !== 'ok') return;
  state.recordCalled(t.id);
  const groups = t.groups;
  for (let k = 0; k < groups.length; k++) state.claim((groups[k] as CompiledTool['groups'][number]).id, t.id);
}

/**
 * Runs one call (from the trace or synthetic), appends its decision to `out` and returns the flow
 * of the call when it executed (reported; acted on only for calls from the trace), else undefined.
 */
export function runCall(ctx: CheckContext, call: CallRequest, st: DecisionStamp, out: Decision[]): Flow | undefined {
  const dedupe = call.synthetic === undefined && ctx.settings.dedupeWindowMs > 0;
  const failure = runChecks(ctx, call, dedupe);
  if (failure) {
    out.push(failureDecision(call, failure, st));
    return undefined;
  }
  const timeout = ctx.settings.executionTimeoutMs;
  if (call.durationMs > timeout) {
    out.push(failureDecision(call, { code: 'Timeout', message: timeoutMessage(call.tool.name, timeout) }, st));
    return undefined;
  }
  const consent = ctx.pass.consent;
  record(ctx, call, dedupe);
  const flow = ctx.policy.flowOf(ctx, call);
  const tool = call.tool.name;
  const outcome = call.outcome;
  if (call.synthetic) out.push({ seq: st.seq++, event: st.event, time: st.time, kind: 'auto', tool, reason: call.synthetic, outcome, flow });
  else if (consent) out.push({ seq: st.seq++, event: st.event, time: st.time, kind: 'allowed', tool, outcome, flow, consent });
  else out.push({ seq: st.seq++, event: st.event, time: st.time, kind: 'allowed', tool, outcome, flow });
  return flow;
}
