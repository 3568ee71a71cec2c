/** Explanations of workflow decisions (`transition`, `interrupt`) and of `error` decisions. */
import { ruleNumber } from '../model/ruleNumber.ts';
import type { Decision } from '../engine/decisions.ts';
import type { RuleStateSnapshot } from '../engine/workflow/snapshot.ts';
import { compactDuration, groupThousands } from '../engine/workflow/texts.ts';
import { code, settingsOf } from './explainHelpers.ts';
import type { ExplainContext, Explanation } from './explainTypes.ts';
import { workflowRuleLine } from './ruleText.ts';
import { countOf } from '../describe/meaning.ts';

/** Why the workflow moved: the matching claim, `restart_cycle`, or a recorded landing. */
function transitionCause(d: Extract<Decision, { kind: 'transition' }>, ctx: ExplainContext): string | undefined {
  const ev = ctx.event;
  if (d.from === 'START') return ev?.type === 'workflow_start' && ev.node !== undefined ? `workflow_start names node ${code(d.to)}` : `${code(d.to)} is the workflow's start_node`;
  if (ev?.type !== 'next') return undefined;
  if (ev.to !== undefined) return `the trace records the landing on ${code(ev.to)} (a recorded log: applied whatever the rules say)`;
  if (ev.claims.includes('restart_cycle')) return 'claim `restart_cycle` goes back to the start node';
  const node = ctx.workflow?.nodes.find((n) => n.name === d.from);
  const t = node?.transitions.find((tr) => ev.claims.includes(tr.when));
  return t ? `claim ${code(t.when)} matches the transition ${code(`${t.when} → ${t.to}`)} of ${code(d.from)}` : undefined;
}

/** Explains a move of the workflow. */
export function explainTransition(d: Extract<Decision, { kind: 'transition' }>, ctx: ExplainContext): Explanation {
  const details: string[] = [];
  const cause = transitionCause(d, ctx);
  if (cause) details.push(cause);
  const profile = settingsOf(ctx).profile;
  const force = ctx.event?.type === 'next' ? ctx.event.force : undefined;
  if (force !== undefined) details.push(`force skipped ${force === true ? 'every rule' : `the rule types ${force.join(', ')}`}`);
  if (d.from !== 'START')
    details.push(
      profile === 'hegel'
        ? `profile hegel: the move is always taken; the rules of ${code(d.to)} are then evaluated`
        : `profile spec: no rule of ${code(d.from)} stopped the move`,
    );
  details.push(`a new phase starts at ${code(d.to)} with empty metrics`);
  return d.from === 'START'
    ? { title: `Workflow start: ${code(d.to)}`, summary: `The workflow started at node ${code(d.to)}.`, details }
    : { title: `Transition: ${code(d.from)} → ${code(d.to)}`, summary: `The workflow moved from ${code(d.from)} to ${code(d.to)}.`, details };
}

/** The diagnostic line of an interrupt text (`Diagnostic: …` in spec, the third line in hegel). */
export function interruptDiagnostic(text: string): string | undefined {
  const lines = text.split('\n');
  const spec = lines.find((l) => l.startsWith('Diagnostic: '));
  if (spec !== undefined) return spec.slice('Diagnostic: '.length);
  return lines[0]?.startsWith('⚠') ? lines[2] || undefined : undefined;
}

/** What the rule measured against its limit, in words. */
function measured(r: RuleStateSnapshot): string {
  switch (r.unit) {
    case 'events':
      return `measured: ${r.value} matching events in the window (threshold ${r.limit})`;
    case 'ms':
      return `measured: phase running for ${compactDuration(r.value / 1000)} (limit ${compactDuration(r.limit / 1000)})`;
    case 'tokens':
      return `measured: ${groupThousands(r.value)} tokens in the phase (limit ${groupThousands(r.limit)})`;
    case 'commits':
      return `measured: ${countOf(r.value, 'commit')} in the last ${countOf(r.limit, 'phase')}`;
  }
}

/** Explains a workflow rule firing; `prompt` is the exact text the agent sees. */
export function explainInterrupt(d: Extract<Decision, { kind: 'interrupt' }>, ctx: ExplainContext): Explanation {
  const profile = settingsOf(ctx).profile;
  const diagnostic = interruptDiagnostic(d.text);
  const details = [workflowRuleLine(ctx.workflow, d.node, d.rule, d.ruleType)];
  // The state is taken after the event: in spec the phase is still the one judged; in hegel it may not be.
  const wf = ctx.state?.workflow;
  const rs = profile === 'spec' && wf?.node === d.node ? wf.rules.find((r) => r.rule === d.rule) : undefined;
  if (rs) details.push(measured(rs));
  if (ctx.event && ctx.event.type !== 'next') details.push('reported by the every_event evaluation after this event');
  details.push(
    profile === 'hegel'
      ? 'profile hegel: the transition is taken anyway; the interrupt replaces the prompt (`hegel repeat` shows it again)'
      : 'profile spec: the transition is not taken; the interrupt replaces the prompt (`hegel continue` shows the normal prompt)',
  );
  return {
    title: `Interrupt: ${d.ruleType} in ${code(d.node)}`,
    summary: `Rule ${ruleNumber(d.rule)} of node ${code(d.node)} (${d.ruleType}) fired${diagnostic ? `: ${diagnostic}` : ''}.`,
    details,
    ruleRef: { kind: 'workflow', index: d.rule, node: d.node },
    prompt: d.text,
  };
}

const WORKFLOW_ERRORS = ['workflow_start ignored', 'next ignored'];

/** Explains an `error`: an unusable trace line, or a workflow event out of context. */
export function explainError(d: Extract<Decision, { kind: 'error' }>): Explanation {
  if (WORKFLOW_ERRORS.some((p) => d.message.startsWith(p)))
    return {
      title: 'Workflow event ignored',
      summary: `The workflow ignored this event: ${d.message}.`,
      details: [...(d.line > 0 ? [`trace line ${d.line}`] : []), 'the workflow state is unchanged; the replay goes on'],
    };
  const prefix = `line ${d.line}: `;
  const problem = d.message.startsWith(prefix) ? d.message.slice(prefix.length) : d.message;
  return {
    title: 'Unusable trace line',
    summary: `Line ${d.line} could not be used and was skipped: ${problem}.`,
    details: ['the replay goes on with the next usable event'],
  };
}
