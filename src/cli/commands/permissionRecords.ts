/**
 * The JSON line `simulate` prints per call of a Codex rollout log or a Gemini CLI session log, and
 * the deciding rule as `file:line:col`: one shape for `simulate` and `follow`.
 */
import { toCodexJson, type CodexCallReplay } from '../../core/permissions/codex/index.ts';
import type { GeminiCallReplay, GeminiEvaluation, GeminiSessionCall } from '../../core/permissions/gemini/index.ts';

/** A Codex call of `trace` decided: its line, argv, Codex's `matchedRules`/`decision`, what the log recorded and the agreement. */
export function codexCallJson(trace: string, r: CodexCallReplay): Record<string, unknown> {
  const c = r.call;
  const result = toCodexJson({ matchedRules: r.matched, ...(r.decision ? { decision: r.decision } : {}) }) as object;
  return { trace, line: c.line, argv: c.argv, ...result, tool: c.tool, commands: c.commands, recorded: c.recorded, agreement: r.agreement, ...(r.why ? { why: r.why } : {}) };
}

/** A Gemini call of `trace` decided: its line and JSON path, tool, the decision and deciding rule, what the log recorded and the agreement. */
export function geminiCallJson(trace: string, c: GeminiSessionCall, r: GeminiCallReplay): Record<string, unknown> {
  const extra = { recorded: c.recorded, status: c.status, asked: c.asked, agreement: r.agreement, ...(r.why ? { why: r.why } : {}) };
  return { trace, line: c.line, path: c.jsonPath, tool: c.name, mode: 'default', decision: r.evaluation.decision, rule: geminiRuleJson(r.evaluation.rule), ...extra };
}

/** The deciding rule of a Gemini decision as `simulate` prints it (null for the default decision). */
export function geminiRuleJson(r: GeminiEvaluation['rule']) {
  return r === undefined ? null : 'toolName' in r ? { file: r.file, line: r.range.start.line, rule: r.table + 1, tier: r.tier, priority: r.rawPriority, toolName: r.toolName, decision: r.decision, source: r.source } : { source: r.source };
}

/** Where the rule that made a Codex call's decision is (the first matched rule with the strictest decision), if any. */
export function codexRuleAt(r: CodexCallReplay): string | undefined {
  const m = r.matched.find((x) => x.decision === r.decision);
  return m ? `${m.rule.file}:${m.rule.pos.line}:${m.rule.pos.col}` : undefined;
}

/** Where the rule that made a Gemini decision is: its `[[rule]]` table, Gemini's own source for an inherent one, none for the default. */
export function geminiRuleAt(e: GeminiEvaluation): string | undefined {
  const r = e.rule;
  if (r === undefined) return undefined;
  return 'toolName' in r ? `${r.file}:${r.range.start.line}:${r.range.start.column}` : r.source;
}
