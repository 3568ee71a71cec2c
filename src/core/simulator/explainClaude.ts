/**
 * Explaining a call the `claude` profile let run, in Claude Code's terms: the permission rule (or
 * Claude Code's default) that allowed it, or the prompt it was asked and the answer, never Pattern's
 * loop rules (Claude Code has no ContinueLoop: every call continues the conversation).
 */
import type { Decision } from '../engine/decisions.ts';
import type { Json } from '../model/toolRules.ts';
import { decide, mergeSettings } from '../permissions/claude/index.ts';
import { DEFAULT_HOME, defaultCwd } from '../permissions/claude/replayContext.ts';
import { code, settingsOf } from './explainHelpers.ts';
import type { ExplainContext, Explanation } from './explainTypes.ts';

/** Whether the decision comes from a replay under the `claude` profile of Claude Code settings. */
export function isClaudeReplay(ctx: ExplainContext): boolean {
  return ctx.agent?.family === 'claude' && settingsOf(ctx).profile === 'claude';
}

/** Explains an `allowed` call of a Claude Code replay: what let it run, where that rule is written. */
export function explainClaudeRan(d: Extract<Decision, { kind: 'allowed' }>, ctx: ExplainContext): Explanation {
  const settings = settingsOf(ctx);
  const inputs = ctx.agent?.claudeSettings ?? [];
  const policy = mergeSettings(inputs, settings.cwd ?? defaultCwd(inputs));
  const event = ctx.event;
  const input = event?.type === 'tool_call' && event.args !== null && typeof event.args === 'object' && !Array.isArray(event.args) ? (event.args as Record<string, Json>) : {};
  const p = decide(policy, { name: d.tool, input }, { cwd: settings.cwd ?? defaultCwd(inputs), home: settings.home ?? DEFAULT_HOME, ...(settings.permissionMode ? { mode: settings.permissionMode } : {}) });
  const where = p.rule ? `${p.rule.file}:${p.rule.line}:${p.rule.col} (${p.rule.scope} settings)` : undefined;
  const details: string[] = [];
  let summary: string;
  // The transcript's record wins over the trace's outcome, which a transcript's call lines do not carry (`ok` by default).
  if (ctx.recorded === 'rejected') {
    summary =
      p.decision === 'ask'
        ? `These rules ask before ${code(d.tool)}: ${p.reason}. In the session the user rejected it, so it did not run.`
        : `These rules let ${code(d.tool)} run without a prompt: ${p.reason}. In the session the user rejected it, so it did not run.`;
  } else {
    const outcome = ctx.recorded === 'error' ? 'it returned an error' : ctx.recorded === 'ran' ? 'it ran' : `outcome ${d.outcome}`;
    summary =
      p.decision === 'ask'
        ? `${code(d.tool)} ran after a prompt (${outcome}): ${p.reason}; the answer was yes${d.consent !== undefined ? ` (${d.consent})` : ''}.`
        : `${code(d.tool)} ran without a prompt (${outcome}): ${p.reason}.`;
  }
  if (where) details.push(`the rule is written at ${code(where)}`);
  if (p.parts && p.parts.length > 1) details.push(`the command's parts, each judged: ${p.parts.map(code).join(', ')}`);
  details.push('Claude Code goes on after every call: the conversation continues until the model ends its turn');
  return { title: `Allowed: ${code(d.tool)}`, summary, details };
}
