/**
 * Explanations of calls that ran (`allowed`, `auto`) and of the loop's own decisions (`ignored`,
 * `exit`, `exit_blocked`, `periodic_due`).
 */
import type { Decision, Flow } from '../engine/decisions.ts';
import { formatClock } from '../time.ts';
import { ToolRuleAttribution } from './attribution.ts';
import { code, codeList, duration, scopeWord, settingsOf, times, toolState } from './explainHelpers.ts';
import type { ExplainContext, Explanation, RuleRef } from './explainTypes.ts';
import { explainLettaRan, isLettaReplay, lettaRequiredRuleOf } from './explainLetta.ts';
import { explainClaudeRan, isClaudeReplay } from './explainClaude.ts';
import { toolRuleLine } from './ruleText.ts';
import { append } from '../model/append.ts';

type Ran = Extract<Decision, { kind: 'allowed' | 'auto' }>;

const FLOW_PHRASES: Record<Flow, string> = {
  continue: 'a ContinueLoop rule keeps the loop going',
  heartbeat: 'it asked for a heartbeat, so the loop continues in a new process',
  exit: 'an ExitLoop rule ends the loop after it',
  end: 'no rule continues the loop after it (flow end)',
};

const attributionOf = (ctx: ExplainContext) => (ctx.agent ? new ToolRuleAttribution(ctx.agent) : undefined);
const toolRef = (index: number | undefined): { ruleRef?: RuleRef } => (index === undefined ? {} : { ruleRef: { kind: 'tool', index } });

/** The consent sentence of an `allowed` decision of a consent-gated tool. */
function consentDetail(d: Extract<Decision, { kind: 'allowed' }>, ctx: ExplainContext): string | undefined {
  const grant = toolState(ctx)?.consentGrants.find((g) => g.tool === d.tool);
  const until = grant ? (grant.until === null ? 'the end of the replay' : formatClock(grant.until)) : undefined;
  const recorded = ctx.event?.type === 'tool_call' && ctx.event.consent !== undefined;
  const source = recorded ? '' : ' (no answer in the trace: setting consentDefault)';
  const answer = ctx.event?.type === 'tool_call' && ctx.event.consent !== undefined ? ctx.event.consent : settingsOf(ctx).consentDefault;
  const forSecs = typeof answer === 'object' ? `${answer.approve_for} s` : 'a while';
  switch (d.consent) {
    case 'grant':
      return `consent: standing grant${until ? ` until ${until}` : ''}`;
    case 'approve_once':
      return `consent: approved once by the user, not kept${source}`;
    case 'approve_for':
      return `consent: approved for ${forSecs}${until ? `; standing grant until ${until}` : ''}${source}`;
    case 'approve_scope':
      return `consent: approved to the end of the replay (standing grant)${source}`;
    default:
      return undefined;
  }
}

/** Calls vs limits and cooldown timers for a tool that just ran. */
function usageDetails(tool: string, ctx: ExplainContext): string[] {
  const s = toolState(ctx);
  if (!s) return [];
  const out: string[] = [];
  const calls = s.calls.find((c) => c.tool === tool);
  if (calls && calls.limit !== null) out.push(`${code(tool)} has now run ${times(calls.executions)} in this batch; MaxCalls allows ${calls.limit}`);
  const cd = s.cooldowns.find((c) => c.tool === tool);
  if (cd) out.push(`cooldown ${duration(cd.cooldownMs)}: the next call is allowed from ${formatClock(cd.lastExecution + cd.cooldownMs)}`);
  return out;
}

/** Explains a call that passed every check and ran, from the trace (`allowed`) or synthetic (`auto`). */
export function explainRan(d: Ran, ctx: ExplainContext): Explanation {
  if (d.kind === 'allowed' && isLettaReplay(ctx)) return explainLettaRan(d, ctx);
  if (d.kind === 'allowed' && isClaudeReplay(ctx)) return explainClaudeRan(d, ctx);
  const at = attributionOf(ctx);
  const details: string[] = [];
  let summary: string;
  let rule: number | undefined;
  if (d.kind === 'auto') {
    const start = d.reason === 'start_constraint';
    rule = start ? at?.startRuleOf(d.tool) : at?.exitRuleOf(d.tool);
    summary = start
      ? `${code(d.tool)} was called automatically at the start of the ${scopeWord(ctx)}: a StartConstraint rule requires it before any other tool.`
      : `${code(d.tool)} was called automatically before the loop ended: an exit requirement asks for it.`;
    if (rule !== undefined) details.push(toolRuleLine(ctx.agent, rule));
    details.push(start ? 'setting startConstraints = auto: the engine issues the start calls itself' : 'setting exitRequirements = auto: the engine issues the pending calls itself');
    details.push(`synthetic call: args {}, outcome ${d.outcome}; its flow (${d.flow}) is reported, never acted on`);
  } else {
    const consent = d.consent !== undefined ? at?.consentOf(d.tool) : undefined;
    const flowRule = d.flow === 'exit' ? at?.exitLoopOf(d.tool) : d.flow === 'continue' ? at?.continueLoopOf(d.tool) : undefined;
    rule = consent ?? flowRule;
    summary = `${code(d.tool)} passed every check and ran (outcome ${d.outcome}); ${FLOW_PHRASES[d.flow]}.`;
    for (const r of [consent, flowRule]) if (r !== undefined) details.push(toolRuleLine(ctx.agent, r));
    const c = consentDetail(d, ctx);
    if (c) details.push(c);
    if (d.outcome === 'error') details.push('the call returned an error: it counts as executed (limits, cooldown) but not as called (ordering, groups)');
  }
  append(details, usageDetails(d.tool, ctx));
  return { title: `${d.kind === 'auto' ? 'Automatic call' : 'Allowed'}: ${code(d.tool)}`, summary, details, ...toolRef(rule) };
}

/** Explains a call that came after the loop exited. */
export function explainIgnored(d: Extract<Decision, { kind: 'ignored' }>): Explanation {
  return {
    title: `Ignored: ${code(d.tool)}`,
    summary: `${code(d.tool)} was ignored: the loop had already exited in this process.`,
    details: ['calls are ignored until the next process_start or batch_start'],
  };
}

/** Explains the loop ending. */
export function explainExit(_d: Extract<Decision, { kind: 'exit' }>, ctx: ExplainContext): Explanation {
  const details: string[] = [];
  if (ctx.event?.type === 'model_end') details.push('the model answered without a tool call (model_end)');
  if (ctx.event?.type === 'tool_call') details.push(`the call to ${code(ctx.event.tool)} had flow exit (ExitLoop)`);
  details.push('no exit requirement was pending');
  return { title: 'Exit', summary: 'The loop ended: nothing was left to call before ending.', details };
}

/** Explains an exit held back by exit requirements. */
export function explainExitBlocked(d: Extract<Decision, { kind: 'exit_blocked' }>, ctx: ExplainContext): Explanation {
  const at = attributionOf(ctx);
  const letta = isLettaReplay(ctx);
  const rules = d.pending.map((t) => (letta ? lettaRequiredRuleOf(ctx.agent, t) : at?.exitRuleOf(t)));
  const details = rules.flatMap((r) => (r === undefined ? [] : [toolRuleLine(ctx.agent, r)]));
  details.push(
    letta
      ? 'Letta never calls a tool itself: the model is told to call them, and the loop goes on'
      : settingsOf(ctx).exitRequirements === 'block'
      ? 'setting exitRequirements = block: the engine does not call them itself, and the loop goes on'
      : 'the automatic exit calls did not satisfy every requirement, so the loop goes on',
  );
  return {
    title: 'Exit blocked',
    summary: `The loop could not end: ${codeList(d.pending)} must be called first.`,
    details,
    engine: { code: d.code, message: d.message },
    ...toolRef(rules.find((r) => r !== undefined)),
  };
}

/** Explains a Periodic rule falling due. */
export function explainPeriodic(d: Extract<Decision, { kind: 'periodic_due' }>, ctx: ExplainContext): Explanation {
  const rule = ctx.agent?.rules[d.rule];
  const period = rule?.rule_type.type === 'Periodic' ? rule.rule_type.value : undefined;
  const details = [toolRuleLine(ctx.agent, d.rule)];
  const next = toolState(ctx)?.periodic.find((p) => p.rule === d.rule);
  if (next) details.push(`next due at ${formatClock(next.dueAt)}`);
  return {
    title: `Periodic due: ${code(d.tool)}`,
    summary: `${code(d.tool)} is due: a Periodic rule asks for it every ${period !== undefined ? duration(period) : 'period'}, and that long has passed since its last execution (or the start of the replay).`,
    details,
    ruleRef: { kind: 'tool', index: d.rule },
  };
}
