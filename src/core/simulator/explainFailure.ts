/**
 * Explanations of failed tool calls (`tool-rules.md` §4): `blocked` per code, `denied`,
 * `deduplicated`, `timeout` and `not_found`, for calls from the trace and synthetic ones.
 */
import type { Decision } from '../engine/decisions.ts';
import { operationOf } from '../engine/tools/checks.ts';
import { allowedOperations } from '../describe/gating.ts';
import { DEFAULT_OPERATION_FIELD } from '../model/toolRules.ts';
import { sortedStrings } from '../engine/tools/messages.ts';
import { code, codeList, duration, scopeWord, settingsOf, timeOf, times, toolState } from './explainHelpers.ts';
import type { ExplainContext, Explanation } from './explainTypes.ts';
import { lettaRefusal } from './explainLetta.ts';
import { explainClaudeDenied, isClaudeReplay } from './explainClaude.ts';
import { countOf } from '../describe/meaning.ts';
import { toolRuleAt, toolRuleLine } from './ruleText.ts';
import { ruleNumber } from '../model/ruleNumber.ts';

type Failure = Extract<Decision, { kind: 'blocked' | 'denied' | 'deduplicated' | 'timeout' | 'not_found' }>;

const TITLES: Record<Failure['kind'], string> = {
  blocked: 'Blocked',
  denied: 'Denied',
  deduplicated: 'Deduplicated',
  timeout: 'Timed out',
  not_found: 'Not found',
};

const VERBS: Record<Failure['kind'], string> = {
  blocked: 'was blocked',
  denied: 'was denied',
  deduplicated: 'was not run again',
  timeout: 'timed out',
  not_found: 'was rejected',
};

interface Cause {
  /** Completes "`tool` was blocked: …". */
  cause: string;
  details: string[];
}

/** The tools the ordering scope has called, from the state (undefined without state). */
function calledSet(ctx: ExplainContext): Set<string> | undefined {
  const s = toolState(ctx);
  return s ? new Set(s.called) : undefined;
}

function prerequisites(d: Failure, ctx: ExplainContext): Cause {
  const scope = scopeWord(ctx);
  const rule = toolRuleAt(ctx.agent, d.rule);
  const called = calledSet(ctx);
  const missing = rule && called ? rule.conditions.filter((c) => !called.has(c)) : rule?.conditions ?? [];
  const details = missing.map((m) => `prerequisite ${code(m)} has not been called in this ${scope}`);
  if (called) details.push(`called so far in this ${scope}: ${codeList([...called])}`);
  return { cause: `it needs ${codeList(missing)} to be called first in this ${scope}`, details };
}

function ordering(d: Failure, ctx: ExplainContext): Cause {
  const scope = scopeWord(ctx);
  const rule = toolRuleAt(ctx.agent, d.rule);
  const called = calledSet(ctx);
  const conditions = rule?.conditions ?? [];
  const already = called ? conditions.filter((c) => called.has(c)) : [];
  return {
    cause: `it must be called before ${codeList(conditions)}, but ${already.length > 0 ? codeList(already) : 'one of them'} already ran in this ${scope}`,
    details: already.map((a) => `${code(a)} was already called in this ${scope}`),
  };
}

function maxCalls(d: Failure, ctx: ExplainContext): Cause {
  const rule = toolRuleAt(ctx.agent, d.rule);
  const limit = rule?.rule_type.type === 'MaxCalls' ? rule.rule_type.value : undefined;
  const executions = toolState(ctx)?.calls.find((c) => c.tool === d.tool)?.executions;
  const details =
    executions !== undefined && limit !== undefined
      ? [`${code(d.tool)} has run ${times(executions)} in this batch; MaxCalls allows ${limit}`]
      : [];
  return { cause: `it has reached its limit${limit !== undefined ? ` of ${countOf(limit, 'call')}` : ' of calls'} in this batch`, details };
}

function exclusiveGroup(d: Failure, ctx: ExplainContext): Cause {
  const claim = toolState(ctx)?.groupClaims.find((g) => g.rule === d.rule && g.group.includes(d.tool) && g.holders.some((h) => h !== d.tool));
  const holders = claim ? claim.holders.filter((h) => h !== d.tool) : [];
  const details = claim ? [`group [${claim.group.join(', ')}] is already claimed in this batch by ${codeList(holders)}`] : [];
  return { cause: `it shares an exclusive group with ${holders.length > 0 ? codeList(holders) : 'a tool'} already called in this batch`, details };
}

function cooldown(d: Failure, ctx: ExplainContext): Cause {
  const rule = toolRuleAt(ctx.agent, d.rule);
  const ms = rule?.rule_type.type === 'Cooldown' ? rule.rule_type.value : undefined;
  const last = toolState(ctx)?.cooldowns.find((c) => c.tool === d.tool)?.lastExecution;
  const details: string[] = [];
  if (ms !== undefined && last !== undefined) {
    const elapsed = timeOf(d.time) - last;
    details.push(`last execution ${duration(elapsed)} ago; cooldown ${duration(ms)} (${duration(ms - elapsed)} remaining)`);
  }
  return { cause: `it is still in its${ms !== undefined ? ` ${duration(ms)}` : ''} cooldown`, details };
}

function startGate(_d: Failure, ctx: ExplainContext): Cause {
  const pending = toolState(ctx)?.pendingStart;
  const details = ['setting startConstraints = gate: other tools wait until every start tool has been called'];
  if (pending) details.unshift(`start tools not yet called in this ${scopeWord(ctx)}: ${codeList(pending)}`);
  return { cause: 'the start tools must be called first', details };
}

function operation(d: Failure, ctx: ExplainContext): Cause {
  const allowed = ctx.agent ? allowedOperations(ctx.agent, d.tool) : undefined;
  const field = ctx.agent?.tools.find((t) => t.name === d.tool)?.operation_field ?? DEFAULT_OPERATION_FIELD;
  const op = ctx.event?.type === 'tool_call' ? operationOf(ctx.event.args, field) : undefined;
  const details = allowed ? [`allowed operations: ${sortedStrings(allowed).join(', ') || 'none'} (argument ${code(field)})`] : [];
  return { cause: `operation ${op !== undefined ? code(op) : 'of the call'} is not among its allowed operations`, details };
}

function consent(d: Failure, ctx: ExplainContext): Cause {
  const recorded = ctx.event?.type === 'tool_call' ? ctx.event.consent : undefined;
  const answer = recorded ?? settingsOf(ctx).consentDefault;
  const shown = typeof answer === 'object' ? `approve_for ${answer.approve_for} s` : answer;
  const source = recorded !== undefined ? 'recorded in the trace' : 'no answer in the trace: setting consentDefault';
  const details = [`consent answer: ${shown} (${source})`, `no standing grant for ${code(d.tool)}`];
  return { cause: `it needs user approval and the answer was ${shown}`, details };
}

function dedupe(d: Failure, ctx: ExplainContext): Cause {
  const window = settingsOf(ctx).dedupeWindowMs;
  return {
    cause: `an identical call ran less than ${duration(window)} ago`,
    details: [`same tool and arguments (\`request_heartbeat\` aside) executed within the dedupe window of ${duration(window)} (setting dedupeWindowMs)`],
  };
}

function timeout(_d: Failure, ctx: ExplainContext): Cause {
  const limit = settingsOf(ctx).executionTimeoutMs;
  const took = ctx.event?.type === 'tool_call' ? ctx.event.duration_ms : undefined;
  return {
    cause: `it ran longer than the execution timeout of ${duration(limit)}`,
    details: [
      `${took !== undefined ? `the call took ${took} ms; ` : ''}timeout ${duration(limit)} (setting executionTimeoutMs)`,
      'nothing was recorded: no count, timestamp, dedupe key or grant',
    ],
  };
}

function notFound(_d: Failure, ctx: ExplainContext): Cause {
  const declared = ctx.agent?.tools.map((t) => t.name) ?? [];
  return { cause: "it is not among the agent's declared tools", details: declared.length > 0 ? [`declared tools: ${codeList(declared)}`] : [] };
}

function causeOf(d: Failure, ctx: ExplainContext): Cause {
  switch (d.code) {
    case 'PrerequisitesNotMet':
      return prerequisites(d, ctx);
    case 'OrderingViolation':
      return ordering(d, ctx);
    case 'MaxCallsExceeded':
      return maxCalls(d, ctx);
    case 'ExclusiveGroupViolation':
      return exclusiveGroup(d, ctx);
    case 'CooldownActive':
      return cooldown(d, ctx);
    case 'StartConstraintsNotMet':
      return startGate(d, ctx);
    case 'OperationNotAllowed':
      return operation(d, ctx);
    case 'PermissionDenied':
      return consent(d, ctx);
    case 'Deduplicated':
      return dedupe(d, ctx);
    case 'Timeout':
      return timeout(d, ctx);
    case 'NotFound':
      return notFound(d, ctx);
    case 'ToolConstraintError':
    case 'NoValidTools':
      return d.kind === 'blocked' ? lettaRefusal(d, ctx) : { cause: 'a Letta tool rule removed it from the allowed set', details: [] };
  }
}

/**
 * Explains a failed call: what was refused, by which rule (its number and what it says) and which
 * state made it fail, in plain words. The engine's own code and message go to `engine`, for
 * surfaces that show them on request.
 */
export function explainFailure(d: Failure, ctx: ExplainContext): Explanation {
  if (d.kind === 'denied' && isClaudeReplay(ctx)) return explainClaudeDenied(d, ctx);
  const { cause, details } = causeOf(d, ctx);
  const subject = d.reason
    ? `The automatic ${d.reason === 'start_constraint' ? 'start' : 'exit'} call of ${code(d.tool)}`
    : code(d.tool);
  const rule = d.rule !== undefined && d.rule >= 0 ? d.rule : undefined;
  const head = rule !== undefined ? [toolRuleLine(ctx.agent, rule)] : [];
  const by = rule !== undefined && BY_RULE.has(d.kind) ? ` by rule ${ruleNumber(rule)}` : '';
  return {
    title: `${TITLES[d.kind]}: ${code(d.tool)}`,
    summary: `${subject} ${VERBS[d.kind]}${by}: ${cause}.`,
    details: [...head, ...details],
    engine: { code: d.code, message: d.message },
    ...(rule !== undefined ? { ruleRef: { kind: 'tool' as const, index: rule } } : {}),
  };
}

/** The kinds a rule refuses (a deduplicated, timed-out or unknown call is refused by a setting or the tool list). */
const BY_RULE: ReadonlySet<Failure['kind']> = new Set(['blocked', 'denied']);
