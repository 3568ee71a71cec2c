/**
 * Explaining a call of a Claude Code replay in Claude Code's terms: the permission rule (or Claude
 * Code's default) that allowed, asked about or denied it, numbered as everywhere else (its place in
 * the merged settings, `#12`), where it is written, and the prompt's answer; never Pattern's loop
 * rules (Claude Code has no ContinueLoop: every call continues the conversation).
 */
import type { Decision } from '../engine/decisions.ts';
import type { Json } from '../model/toolRules.ts';
import { ruleNumber } from '../model/ruleNumber.ts';
import { decide, mergeSettings } from '../permissions/claude/index.ts';
import type { Decision as PermissionDecision } from '../permissions/claude/types.ts';
import { DEFAULT_HOME, defaultCwd } from '../permissions/claude/replayContext.ts';
import { code, settingsOf } from './explainHelpers.ts';
import type { ExplainContext, Explanation } from './explainTypes.ts';

/**
 * Whether the decision comes from a replay of Claude Code settings. The engine judges them as Claude
 * Code does under every profile (`createToolEngine`), so the family alone says it.
 */
export function isClaudeReplay(ctx: ExplainContext): boolean {
  return ctx.agent?.family === 'claude';
}

/** Claude Code's decision on the context's call, and the deciding rule's place in the merged policy. */
function permissionOf(tool: string, ctx: ExplainContext): { p: PermissionDecision; index: number | undefined } {
  const settings = settingsOf(ctx);
  const inputs = ctx.agent?.claudeSettings ?? [];
  const cwd = settings.cwd ?? defaultCwd(inputs);
  const policy = mergeSettings(inputs, cwd);
  const event = ctx.event;
  const input = event?.type === 'tool_call' && event.args !== null && typeof event.args === 'object' && !Array.isArray(event.args) ? (event.args as Record<string, Json>) : {};
  const p = decide(policy, { name: tool, input }, { cwd, home: settings.home ?? DEFAULT_HOME, ...(settings.permissionMode ? { mode: settings.permissionMode } : {}) });
  const r = p.rule;
  const found = r ? policy.rules.findIndex((x) => x.source.list === r.list && x.source.file === r.file && x.source.line === r.line && x.source.col === r.col) : -1;
  return { p, index: found >= 0 ? found : undefined };
}

/** `rule #12: deny `Bash(rm -rf *)`, written at `settings.json:20:7` (project settings)`. */
function ruleDetail(p: PermissionDecision, index: number | undefined): string[] {
  const r = p.rule;
  if (!r) return [];
  const where = `${r.file}:${r.line}:${r.col} (${r.scope} settings)`;
  return [`${index !== undefined ? `rule ${ruleNumber(index)}: ` : ''}${r.list} ${code(r.text)}; the rule is written at ${code(where)}`];
}

/** Where a prompt's answer came from: the trace, or the setting that answers for it. */
function answerOf(d: { consent?: unknown }, ctx: ExplainContext): string {
  const recorded = ctx.event?.type === 'tool_call' ? ctx.event.consent : undefined;
  const answer = recorded ?? d.consent ?? settingsOf(ctx).consentDefault;
  const shown = typeof answer === 'object' && answer !== null && 'approve_for' in answer ? `approve_for ${String((answer as { approve_for: number }).approve_for)} s` : String(answer);
  return `${shown} (${recorded !== undefined ? 'recorded in the trace' : 'no answer in the trace: setting consentDefault'})`;
}

const ref = (index: number | undefined) => (index !== undefined ? { ruleRef: { kind: 'tool' as const, index } } : {});

/** Explains an `allowed` call of a Claude Code replay: what let it run, where that rule is written. */
export function explainClaudeRan(d: Extract<Decision, { kind: 'allowed' }>, ctx: ExplainContext): Explanation {
  const { p, index } = permissionOf(d.tool, ctx);
  const by = index !== undefined ? ` (rule ${ruleNumber(index)})` : '';
  const details: string[] = ruleDetail(p, index);
  let summary: string;
  // The transcript's record wins over the trace's outcome, which a transcript's call lines do not carry (`ok` by default).
  if (ctx.recorded === 'rejected') {
    summary =
      p.decision === 'ask'
        ? `These rules ask before ${code(d.tool)}: ${p.reason}${by}. In the session the user rejected it, so it did not run.`
        : `These rules let ${code(d.tool)} run without a prompt: ${p.reason}${by}. In the session the user rejected it, so it did not run.`;
  } else {
    const outcome = ctx.recorded === 'error' ? 'it returned an error' : ctx.recorded === 'ran' ? 'it ran' : `outcome ${d.outcome}`;
    summary =
      p.decision === 'ask'
        ? `${code(d.tool)} ran after a prompt (${outcome}): Claude Code asks, as ${p.reason}${by}; the answer was yes${d.consent !== undefined ? ` (${d.consent})` : ''}.`
        : `${code(d.tool)} ran without a prompt (${outcome}): ${p.reason}${by}.`;
  }
  if (p.decision === 'ask' && ctx.recorded !== 'rejected') details.push(`the prompt's answer: ${answerOf(d, ctx)}`);
  if (p.parts && p.parts.length > 1) details.push(`the command's parts, each judged: ${p.parts.map(code).join(', ')}`);
  details.push('Claude Code goes on after every call: the conversation continues until the model ends its turn');
  return { title: `Allowed: ${code(d.tool)}`, summary, details, ...ref(index) };
}

/** Explains a `denied` call of a Claude Code replay: a deny rule (or mode) refused it, or its prompt was answered no. */
export function explainClaudeDenied(d: Extract<Decision, { kind: 'blocked' | 'denied' | 'deduplicated' | 'timeout' | 'not_found' }>, ctx: ExplainContext): Explanation {
  const { p, index } = permissionOf(d.tool, ctx);
  const by = index !== undefined ? ` (rule ${ruleNumber(index)})` : '';
  const asked = p.decision === 'ask';
  const summary = asked
    ? `${code(d.tool)} did not run: Claude Code asks, as ${p.reason}${by}, and the answer was no.`
    : `Claude Code denies ${code(d.tool)} without asking: ${p.reason}${by}.`;
  const details = [...ruleDetail(p, index), ...(asked ? [`the prompt's answer: ${answerOf({}, ctx)}`] : [])];
  return { title: `Denied: ${code(d.tool)}`, summary, details, engine: { code: d.code, message: d.message }, ...ref(index ?? d.rule) };
}
