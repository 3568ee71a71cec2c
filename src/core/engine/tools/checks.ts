/**
 * Checks 1–8 of `tool-rules.md` §4, in order. Each is a pure read of the state: a failed check
 * leaves no trace anywhere. The `rule` each failure carries follows §8. Passing allocates
 * nothing: a failure is an object (its message is built only then), a pass writes the consent
 * used into the context's reusable {@link CheckPass}.
 */
import type { Json } from '../../model/toolRules.ts';
import type { ConsentAnswer } from '../../traces/events.ts';
import type { AutoReason, ConsentUsed, ToolFailureCode } from '../decisions.ts';
import type { ReplaySettings } from '../settings.ts';
import {
  cooldownActiveMessage,
  deduplicatedMessage,
  exclusiveGroupViolationMessage,
  maxCallsExceededMessage,
  notFoundMessage,
  operationNotAllowedMessage,
  orderingViolationMessage,
  permissionDeniedMessage,
  prerequisitesNotMetHead,
  startConstraintsNotMetMessage,
} from './messages.ts';
import type { LazyText } from '../lazyMessage.ts';
import { HistoryListMessage } from './historyMessage.ts';
import type { ToolPolicy } from './policy.ts';
import type { ToolState } from './state.ts';
import type { CompiledGroup, CompiledOrdering, CompiledTool, ToolTable } from './toolTable.ts';

/** One tool call as the engine runs it: from the trace, or synthetic (auto start / auto exit). */
export interface CallRequest {
  tool: CompiledTool;
  args: Readonly<Record<string, Json>>;
  time: number;
  outcome: 'ok' | 'error';
  durationMs: number;
  consent: ConsentAnswer | undefined;
  /** Set for synthetic calls, which skip dedupe. */
  synthetic: AutoReason | undefined;
}

export interface CallFailure {
  code: ToolFailureCode;
  rule?: number;
  /**
   * The message, or its parts: a message that prints the scope's history is built only when the
   * decision's `message` is read (see `lazyMessage.ts`), so failures cost O(1).
   */
  message: string | LazyText;
}

/** What passing the checks gives: the consent used, and the grant to keep if the call executes. */
export interface CheckPass {
  consent: ConsentUsed | undefined;
  /** Time until which a standing grant is to be recorded at step 10 (Infinity = to the end); NaN = none. */
  grantUntil: number;
}

export interface CheckContext {
  table: ToolTable;
  state: ToolState;
  settings: ReplaySettings;
  /** The profile's policy points (`policy.ts`). */
  policy: ToolPolicy;
  /** Written by {@link runChecks} when the call passes. */
  pass: CheckPass;
}

export const fail = (code: ToolFailureCode, message: string | LazyText, rule?: number): CallFailure =>
  rule === undefined ? { code, message } : { code, rule, message };

/*
 * The checks on the path of every call hold no closure: a function whose locals an arrow function
 * captures allocates a context for them on every call, whether the arrow is made or not (≈ 150
 * bytes a call on the engine bench, and the scavenges they bring). Failures are built by the
 * separate functions below.
 */

/** Step 3 (mode `gate`): start tools not yet called in this scope, and this is not one of them. */
function checkStartGate(ctx: CheckContext, call: CallRequest): CallFailure | undefined {
  if (ctx.settings.startConstraints !== 'gate' || call.tool.rules.isStartTool) return undefined;
  const { state, table } = ctx;
  for (const s of table.startRules) if (!state.isCalled(s.toolId)) return startGateFailure(ctx, call, s.rule);
  return undefined;
}

function startGateFailure(ctx: CheckContext, call: CallRequest, rule: number): CallFailure {
  const { state, table } = ctx;
  const names = table.startRules.filter((s) => !state.isCalled(s.toolId)).map((s) => s.tool);
  return fail('StartConstraintsNotMet', startConstraintsNotMetMessage(call.tool.name, names), rule);
}

/** The PrerequisitesNotMet message of the history as it is now, built when read. */
export function prerequisitesNotMet(ctx: CheckContext, tool: string, missing: readonly string[]): LazyText {
  return new HistoryListMessage(prerequisitesNotMetHead(tool, missing), ctx.state.called.view(), ctx.table.debugNameOf, ']');
}

/** Step 4: RequiresPrecedingTools and RequiresFollowingTools, in rule order. */
function checkOrdering(ctx: CheckContext, call: CallRequest): CallFailure | undefined {
  const { state } = ctx;
  const ordering = call.tool.ordering;
  // Indexed loops on the path of every call: a for-of here ran the iterator protocol per call.
  for (let k = 0; k < ordering.length; k++) {
    const r = ordering[k] as CompiledOrdering;
    const ids = r.conditionIds;
    let hit = false;
    for (let i = 0; i < ids.length; i++)
      if (state.isCalled(ids[i] as number) !== r.preceding) {
        hit = true;
        break;
      }
    if (hit) return orderingFailure(ctx, call, r);
  }
  return undefined;
}

function orderingFailure(ctx: CheckContext, call: CallRequest, r: CompiledOrdering): CallFailure {
  const { state } = ctx;
  const ids = r.conditionIds;
  if (r.preceding) {
    const missing = r.conditions.filter((_, i) => !state.isCalled(ids[i] as number));
    return fail('PrerequisitesNotMet', prerequisitesNotMet(ctx, call.tool.name, missing), r.rule);
  }
  const already = r.conditions.filter((_, i) => state.isCalled(ids[i] as number));
  return fail('OrderingViolation', orderingViolationMessage(call.tool.name, r.conditions, already), r.rule);
}

/** Step 5: MaxCalls (executions in this batch), then exclusive groups claimed by another tool. */
function checkBatchLimits(ctx: CheckContext, call: CallRequest): CallFailure | undefined {
  const { state } = ctx;
  const t = call.tool;
  const current = state.executionsOf(t.id);
  if (current >= t.maxCallsFloor) {
    for (const r of t.rules.maxCalls)
      if (current >= r.value) return fail('MaxCallsExceeded', maxCallsExceededMessage(t.name, r.value, current), r.rule);
  }
  const groups = t.groups;
  for (let k = 0; k < groups.length; k++) {
    const g = groups[k] as CompiledGroup;
    const holders = state.holdersOf(g.id);
    if (holders.length === 0 || (holders.length === 1 && holders[0] === t.id)) continue;
    const v = g.violation;
    if (v !== undefined && v.batch === state.batchEpoch && v.holders === holders.length && v.restores === state.restores) return v.failure;
    const others: string[] = [];
    for (let i = 0; i < holders.length; i++) {
      const h = holders[i] as number;
      if (h !== t.id) others.push(ctx.table.nameOf(h));
    }
    const failure = fail('ExclusiveGroupViolation', exclusiveGroupViolationMessage(t.name, g.group, others), g.rule);
    g.violation = { failure, batch: state.batchEpoch, holders: holders.length, restores: state.restores };
    return failure;
  }
  return undefined;
}

/** Step 6: an applicable Cooldown and this tool executed less than its duration ago. */
function checkCooldown(ctx: CheckContext, call: CallRequest): CallFailure | undefined {
  const last = ctx.state.lastExecution[call.tool.id] as number;
  // No earlier execution (NaN), or longer ago than the longest cooldown (none = -Infinity): passes.
  if (!(call.time - last < call.tool.cooldownCeiling)) return undefined;
  const elapsed = call.time - last;
  for (const r of call.tool.rules.cooldowns)
    if (elapsed < r.value) return fail('CooldownActive', cooldownActiveMessage(call.tool.name, r.value - elapsed), r.rule);
  return undefined;
}

/** The call's operation: the operation field's value (missing = empty string). */
export function operationOf(args: Readonly<Record<string, Json>>, field: string): string {
  const v = args[field];
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** Steps 3–7 in the `spec` profile: each check in its own step, each step's rules in rule order. */
export function specRuleChecks(ctx: CheckContext, call: CallRequest): CallFailure | undefined {
  return checkStartGate(ctx, call) ?? checkOrdering(ctx, call) ?? checkBatchLimits(ctx, call) ?? checkCooldown(ctx, call) ?? checkOperations(call);
}

/** Step 7: the operation is outside the intersection of the tool's AllowedOperations rules. */
function checkOperations(call: CallRequest): CallFailure | undefined {
  const gate = call.tool.rules.operations;
  if (!gate) return undefined;
  const op = operationOf(call.args, gate.field);
  return gate.allowed.has(op) ? undefined : operationFailure(call, gate, op);
}

function operationFailure(call: CallRequest, gate: NonNullable<CompiledTool['rules']['operations']>, op: string): CallFailure {
  const excluding = gate.rules.find((r) => !r.values.has(op)) ?? gate.rules[0];
  return fail('OperationNotAllowed', operationNotAllowedMessage(call.tool.name, op, gate.allowed), excluding?.rule);
}

/**
 * Step 8's answer for a call that needs consent: a standing grant, else the call's recorded answer,
 * else the `consentDefault` setting. True when it approves, writing the consent used (and a grant
 * to record) into `ctx.pass`; false when it refuses (the caller makes the failure: a callback
 * here would make its caller allocate a context on every call).
 */
export function answerConsent(ctx: CheckContext, call: CallRequest): boolean {
  const pass = ctx.pass;
  const until = ctx.state.grantUntil[call.tool.id] as number;
  if (call.time < until) {
    pass.consent = 'grant';
    return true;
  }
  const answer = call.consent ?? ctx.settings.consentDefault;
  if (typeof answer === 'object') {
    pass.consent = 'approve_for';
    pass.grantUntil = call.time + answer.approve_for * 1000;
    return true;
  }
  if (answer === 'approve_once' || answer === 'approve_scope') {
    pass.consent = answer;
    if (answer === 'approve_scope') pass.grantUntil = Number.POSITIVE_INFINITY;
    return true;
  }
  return false;
}

/** Step 8: consent — for a tool with a RequiresConsent rule, when permissions are required. */
export function checkConsent(ctx: CheckContext, call: CallRequest): CallFailure | undefined {
  const pass = ctx.pass;
  pass.consent = undefined;
  pass.grantUntil = Number.NaN;
  const consent = call.tool.rules.consent;
  if (!consent || !ctx.settings.requirePermissions) return undefined;
  return answerConsent(ctx, call) ? undefined : fail('PermissionDenied', permissionDeniedMessage(call.tool.name, consent.scope), consent.rule);
}

/**
 * Whether the call's consent is asked for now and answered, approved or denied (not `timeout`, not
 * a standing grant): the question {@link checkConsent} puts to the call's answer.
 */
export function consentAnswered(ctx: CheckContext, call: CallRequest): boolean {
  if (!call.tool.rules.consent || !ctx.settings.requirePermissions) return false;
  if (call.time < (ctx.state.grantUntil[call.tool.id] as number)) return false;
  return (call.consent ?? ctx.settings.consentDefault) !== 'timeout';
}

/** Sets the dedupe table's clock to the call's time (read by `isDuplicateNow`, then by `recordNow` in step 10). */
function dedupeAt(table: ToolState['dedupe'], call: CallRequest): ToolState['dedupe'] {
  table.clock[0] = call.time;
  return table;
}

/**
 * Runs checks 1–8 on a call; the first failure decides. `dedupe` is false when dedupe does not
 * apply (synthetic calls, window 0). On a pass, `ctx.pass` holds the consent used.
 */
export function runChecks(ctx: CheckContext, call: CallRequest, dedupe: boolean): CallFailure | undefined {
  const t = call.tool;
  if (!t.known) return ctx.policy.unknownTool?.(ctx, call) ?? fail('NotFound', notFoundMessage(t.name, ctx.table.index.declared));
  // One failure per tool, made once: its text then repeats as the same string (the writer's cache).
  if (dedupe && dedupeAt(ctx.state.dedupe, call).isDuplicateNow(t.id, call.args)) return (t.deduplicated ??= fail('Deduplicated', deduplicatedMessage(t.name)));
  return ctx.policy.checkRules(ctx, call) ?? (ctx.policy.checkConsent ?? checkConsent)(ctx, call);
}
