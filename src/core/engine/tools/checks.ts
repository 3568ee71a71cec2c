/**
 * Checks 1–8 of `tool-rules.md` §4, in order. Each is a pure read of the state: a failed check
 * leaves no trace anywhere. The `rule` each failure carries follows §8.
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
  prerequisitesNotMetMessage,
  startConstraintsNotMetMessage,
} from './messages.ts';
import type { RuleIndex, ToolRuleSet } from './ruleIndex.ts';
import type { EngineState } from './state.ts';

/** One tool call as the engine runs it: from the trace, or synthetic (auto start / auto exit). */
export interface CallRequest {
  tool: string;
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
  message: string;
}

export interface CheckContext {
  index: RuleIndex;
  state: EngineState;
  settings: ReplaySettings;
}

/** What passing the checks gives: the consent used, and the grant to keep if the call executes. */
export interface CheckPass {
  consent: ConsentUsed | undefined;
  /** Time until which a standing grant is to be recorded at step 10 (Infinity = to the end). */
  grantUntil: number | undefined;
}

export type CheckResult = { ok: true; pass: CheckPass } | { ok: false; failure: CallFailure };

const fail = (code: ToolFailureCode, message: string, rule?: number): CallFailure =>
  rule === undefined ? { code, message } : { code, rule, message };

/** Step 1: the agent declares tools and this one is not among them. */
function checkKnown(ctx: CheckContext, call: CallRequest): CallFailure | undefined {
  const { declared, declaredSet } = ctx.index;
  if (declared.length > 0 && !declaredSet.has(call.tool))
    return fail('NotFound', notFoundMessage(call.tool, declared));
  return undefined;
}

/** Step 2: the same call executed less than the window ago (`dedupe` false = not checked). */
function checkDedupe(ctx: CheckContext, call: CallRequest, dedupe: boolean): CallFailure | undefined {
  if (dedupe && ctx.state.persistent.dedupe.isDuplicate(call.tool, call.args, call.time))
    return fail('Deduplicated', deduplicatedMessage(call.tool));
  return undefined;
}

/** Step 3 (mode `gate`): start tools not yet called in this scope, and this is not one of them. */
function checkStartGate(ctx: CheckContext, call: CallRequest, rules: ToolRuleSet): CallFailure | undefined {
  if (ctx.settings.startConstraints !== 'gate' || rules.isStartTool) return undefined;
  const missing = ctx.index.startRules.filter((s) => !ctx.state.ordering.called.has(s.tool));
  const first = missing[0];
  if (!first) return undefined;
  const names = missing.map((s) => s.tool);
  return fail('StartConstraintsNotMet', startConstraintsNotMetMessage(call.tool, names), first.rule);
}

/** Step 4: RequiresPrecedingTools and RequiresFollowingTools, in rule order. */
function checkOrdering(ctx: CheckContext, call: CallRequest, rules: ToolRuleSet): CallFailure | undefined {
  const { called, calledDebug } = ctx.state.ordering;
  for (const r of rules.ordering) {
    if (r.kind === 'RequiresPrecedingTools') {
      const missing = r.conditions.filter((c) => !called.has(c));
      if (missing.length > 0)
        return fail('PrerequisitesNotMet', prerequisitesNotMetMessage(call.tool, missing, calledDebug), r.rule);
    } else {
      const already = r.conditions.filter((c) => called.has(c));
      if (already.length > 0)
        return fail('OrderingViolation', orderingViolationMessage(call.tool, r.conditions, already), r.rule);
    }
  }
  return undefined;
}

/** Step 5: MaxCalls (executions in this batch), then exclusive groups claimed by another tool. */
function checkBatchLimits(ctx: CheckContext, call: CallRequest, rules: ToolRuleSet): CallFailure | undefined {
  const { executions, claims } = ctx.state.batch;
  const current = executions.get(call.tool) ?? 0;
  for (const r of rules.maxCalls)
    if (current >= r.value) return fail('MaxCallsExceeded', maxCallsExceededMessage(call.tool, r.value, current), r.rule);
  for (const g of rules.groups) {
    const holders = claims.get(g.key);
    if (holders && holders.some((h) => h !== call.tool)) {
      const others = holders.filter((h) => h !== call.tool);
      return fail('ExclusiveGroupViolation', exclusiveGroupViolationMessage(call.tool, g.group, others), g.rule);
    }
  }
  return undefined;
}

/** Step 6: an applicable Cooldown and this tool executed less than its duration ago. */
function checkCooldown(ctx: CheckContext, call: CallRequest, rules: ToolRuleSet): CallFailure | undefined {
  const last = ctx.state.persistent.lastExecution.get(call.tool);
  if (last === undefined) return undefined;
  const elapsed = call.time - last;
  for (const r of rules.cooldowns)
    if (elapsed < r.value) return fail('CooldownActive', cooldownActiveMessage(call.tool, r.value - elapsed), r.rule);
  return undefined;
}

/** The call's operation: the operation field's value (missing = empty string). */
export function operationOf(args: Readonly<Record<string, Json>>, field: string): string {
  const v = args[field];
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** Step 7: the operation is outside the intersection of the tool's AllowedOperations rules. */
function checkOperations(_ctx: CheckContext, call: CallRequest, rules: ToolRuleSet): CallFailure | undefined {
  const gate = rules.operations;
  if (!gate) return undefined;
  const op = operationOf(call.args, gate.field);
  if (gate.allowed.has(op)) return undefined;
  const excluding = gate.rules.find((r) => !r.values.has(op)) ?? gate.rules[0];
  return fail('OperationNotAllowed', operationNotAllowedMessage(call.tool, op, gate.allowed), excluding?.rule);
}

/** Step 8: consent — a standing grant, else the call's answer, else the `consentDefault` setting. */
function checkConsent(ctx: CheckContext, call: CallRequest, rules: ToolRuleSet): CheckResult {
  const none: CheckResult = { ok: true, pass: { consent: undefined, grantUntil: undefined } };
  if (!rules.consent || !ctx.settings.requirePermissions) return none;
  const until = ctx.state.persistent.grants.get(call.tool);
  if (until !== undefined && call.time < until) return { ok: true, pass: { consent: 'grant', grantUntil: undefined } };
  const answer = call.consent ?? ctx.settings.consentDefault;
  if (typeof answer === 'object')
    return { ok: true, pass: { consent: 'approve_for', grantUntil: call.time + answer.approve_for * 1000 } };
  if (answer === 'approve_once') return { ok: true, pass: { consent: 'approve_once', grantUntil: undefined } };
  if (answer === 'approve_scope') return { ok: true, pass: { consent: 'approve_scope', grantUntil: Infinity } };
  const { rule, scope } = rules.consent;
  return { ok: false, failure: fail('PermissionDenied', permissionDeniedMessage(call.tool, scope), rule) };
}

/**
 * Runs checks 1–8 on a call; the first failure decides. `dedupe` is false when dedupe does not
 * apply (synthetic calls, window 0).
 */
export function runChecks(ctx: CheckContext, call: CallRequest, dedupe: boolean): CheckResult {
  const rules = ctx.index.forTool(call.tool);
  const failure =
    checkKnown(ctx, call) ??
    checkDedupe(ctx, call, dedupe) ??
    checkStartGate(ctx, call, rules) ??
    checkOrdering(ctx, call, rules) ??
    checkBatchLimits(ctx, call, rules) ??
    checkCooldown(ctx, call, rules) ??
    checkOperations(ctx, call, rules);
  if (failure) return { ok: false, failure };
  return checkConsent(ctx, call, rules);
}
