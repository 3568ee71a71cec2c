/**
 * Explanations of calls refused under profile `letta` (`docs/letta-profile.md`): which Letta rule
 * took the tool out of the allowed set, and why it applied at that point of the step.
 */
import type { Decision } from '../engine/decisions.ts';
import { LETTA_RULE_VIOLATION_HEARTBEAT } from '../engine/letta/heartbeats.ts';
import type { LettaToolRule } from '../model/lettaRules.ts';
import { code, codeList, settingsOf, toolState } from './explainHelpers.ts';
import type { ExplainContext, Explanation } from './explainTypes.ts';
import { lettaRuleLine } from './ruleText.ts';

type Refused = Extract<Decision, { kind: 'blocked' }>;

/** What follows a refusal in Letta's loop, in its own words. */
const NOT_RUN = `Letta does not run the call: the model gets the error below, and the loop continues with Letta's heartbeat ${JSON.stringify(LETTA_RULE_VIOLATION_HEARTBEAT)}`;

/** Completes "`tool` was blocked: …" for a refused Letta call, with its details. */
export interface LettaCause {
  cause: string;
  details: string[];
}

function why(rule: LettaToolRule | undefined, tool: string, ctx: ExplainContext): string {
  if (!rule) return 'a Letta tool rule removed it from the allowed set';
  const t = code(rule.tool_name);
  switch (rule.type) {
    case 'run_first': {
      const firsts = (ctx.agent?.lettaRules ?? []).filter((r) => r.type === 'run_first').map((r) => r.tool_name);
      return `nothing has run yet in this step, and run_first rules allow only ${codeList([...new Set(firsts)])} first`;
    }
    case 'constrain_child_tools':
      return `the last tool was ${t}, after which only ${codeList(rule.children)} may be called`;
    case 'parent_last_tool':
      return rule.children.includes(tool)
        ? `${code(tool)} may only be called straight after ${t}, which was not the last tool`
        : `the last tool was ${t}, after which only ${codeList(rule.children)} may be called`;
    case 'max_count_per_step':
      return `${t} already ran ${rule.max_count_limit} ${rule.max_count_limit === 1 ? 'time' : 'times'} in this step, its max_count_per_step`;
    case 'conditional': {
      const strict = rule.require_output_mapping === true;
      const fallback = strict ? 'no tool (require_output_mapping)' : rule.default_child ? `its default child ${code(rule.default_child)}` : 'any tool';
      return `the last tool was ${t}, whose output picks the next tool: a value of child_output_mapping picks its tool, any other output ${fallback}`;
    }
    default:
      return `rule ${rule.type} on ${t} removed it`;
  }
}

/** The cause of a `ToolConstraintError` or `NoValidTools` decision. */
export function lettaRefusal(d: Refused, ctx: ExplainContext): LettaCause {
  if (d.rule === undefined) {
    // no rule removed it: the agent lacks the tool, which Letta refuses as it refuses any other
    const details = [NOT_RUN];
    return { cause: `the agent has no tool ${code(d.tool)}, so it is never in the allowed set`, details };
  }
  const rule = ctx.agent?.lettaRules?.[d.rule];
  const details: string[] = [];
  const output = toolState(ctx)?.letta?.lastOutput;
  if (rule?.type === 'conditional') {
    const cases = Object.entries(rule.child_output_mapping).map(([k, v]) => `${JSON.stringify(k)} → ${code(v)}`);
    details.push(`child_output_mapping: ${cases.join(', ')} (Letta compares the keys read from JSON as exact strings)`);
    if (output !== undefined && output !== null) details.push(`the response now recorded for the next call: ${JSON.stringify(output)}`);
  }
  if (d.code === 'NoValidTools') {
    details.push('the rules leave no tool at all in this step; setting errorOnEmpty = true refuses the call (Letta raises "No valid tools found based on tool rules.")');
    return { cause: `no tool is allowed in this step: ${why(rule, d.tool, ctx)}`, details };
  }
  details.push(NOT_RUN);
  return { cause: why(rule, d.tool, ctx), details };
}

/** True when the explanation is about a Letta agent replayed under profile `letta`. */
export function isLettaReplay(ctx: ExplainContext): boolean {
  return ctx.agent?.family === 'letta' && settingsOf(ctx).profile === 'letta';
}

const firstRule = (agent: ExplainContext['agent'], tool: string, types: readonly LettaToolRule['type'][]): number | undefined => {
  const i = (agent?.lettaRules ?? []).findIndex((r) => r.tool_name === tool && types.includes(r.type));
  return i >= 0 ? i : undefined;
};

/** The required_before_exit rule of a tool. */
export function lettaRequiredRuleOf(agent: ExplainContext['agent'], tool: string): number | undefined {
  return firstRule(agent, tool, ['required_before_exit']);
}

/** Explains a call that ran under profile `letta`: why it was allowed, its flow, and what may follow it. */
export function explainLettaRan(d: Extract<Decision, { kind: 'allowed' }>, ctx: ExplainContext): Explanation {
  const agent = ctx.agent;
  const details: string[] = [];
  const approval = d.consent !== undefined ? firstRule(agent, d.tool, ['requires_approval']) : undefined;
  const terminal = firstRule(agent, d.tool, ['exit_loop']);
  const follow = firstRule(agent, d.tool, ['constrain_child_tools', 'conditional', 'max_count_per_step']);
  const cont = firstRule(agent, d.tool, ['continue_loop']);
  let summary: string;
  if (d.flow === 'exit') summary = `${code(d.tool)} was in the allowed set and ran (outcome ${d.outcome}); it is an exit_loop tool, so the loop ends after it.`;
  else summary = `${code(d.tool)} was in the allowed set and ran (outcome ${d.outcome}); Letta's loop goes on after every call but an exit_loop tool's.`;
  for (const r of [approval, terminal, follow ?? cont]) if (r !== undefined) details.push(lettaRuleLine(agent, r));
  if (approval !== undefined) details.push(`approved (${d.consent}): Letta asks before it checks the rules, so an approved call runs whatever they say`);
  const next = toolState(ctx)?.letta;
  if (next && d.flow !== 'exit') {
    const phase = next.phase === 'fallback' ? ' (the rules leave none, so Letta offers every tool)' : next.phase === 'empty' ? ' (the rules leave none: setting errorOnEmpty refuses the next call)' : '';
    details.push(`may follow now: ${next.allowed.length > 0 ? codeList(next.allowed) : 'no tool'}${phase}`);
    if (next.lastOutput !== null && ctx.event?.type === 'tool_call' && ctx.event.output !== undefined) {
      const shown = next.lastOutput.length > 120 ? `${next.lastOutput.slice(0, 120)}…` : next.lastOutput;
      details.push(`its output, which conditional rules read: ${code(shown.replace(/`/g, "'").replace(/\n/g, ' '))}`);
    }
  }
  return { title: `Allowed: ${code(d.tool)}`, summary, details, ...(details.length > 0 && (terminal ?? follow ?? approval) !== undefined ? { ruleRef: { kind: 'tool' as const, index: (approval ?? terminal ?? follow) as number } } : {}) };
}
