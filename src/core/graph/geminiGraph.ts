/**
 * The tool graph of Gemini CLI policies (issue 24): one node per tool name a `[[rule]]` names
 * (`run_shell_command`, `mcp_github_*`, `*`), with each rule as a badge on its tool's node — its
 * decision (allow, deny, ask_user), what it narrows to (command prefix, regex, args pattern,
 * modes) and its priority — in Gemini's order (highest effective priority first). A table with a
 * list of tool names sits on each of them. Policies order nothing, so there are no edges. Badge
 * kinds reuse the permission colours: ask_user as `ask`.
 */
import type { Agent } from '../model/toolRules.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import type { GeminiDecision } from '../permissions/gemini/policy.ts';
import { geminiRuleRows } from '../permissions/gemini/policyReport.ts';
import { isGeminiWildcard } from '../permissions/gemini/engine.ts';
import { markNeverApplies, type BadgeKind, type ToolBadge, type ToolGraph, type ToolGraphNode } from './toolGraph.ts';

const KIND: Record<GeminiDecision, BadgeKind> = { allow: 'allow', ask_user: 'ask', deny: 'deny' };

/** Projects a Gemini policy agent and its diagnostics onto the tool graph. */
export function geminiGraph(agent: Agent, diagnostics: readonly Diagnostic[] = []): ToolGraph {
  const nodes = new Map<string, ToolGraphNode>();
  const rows = geminiRuleRows(agent.geminiPolicies ?? []);
  const order = rows.map((_, i) => i).sort((a, b) => (rows[b]?.effective ?? 0) - (rows[a]?.effective ?? 0) || a - b);
  for (const i of order) {
    const r = rows[i];
    if (!r) continue;
    for (const tool of r.tools) {
      let n = nodes.get(tool);
      if (!n) {
        n = { id: tool, label: tool, wildcard: isGeminiWildcard(tool), declared: true, badges: [], rules: [], dimmed: false, error: false, problems: [], permissions: true };
        nodes.set(tool, n);
      }
      const badge: ToolBadge = {
        kind: KIND[r.decision],
        text: `${r.decision}${r.narrow ? ` ${r.narrow}` : ''} · ${r.priority}`,
        rule: i,
        title: `Rule ${r.table + 1}: ${r.decision} ${tool}${r.narrow ? ` ${r.narrow}` : ''}, priority ${r.priority} in the ${r.tier} tier (${r.file}:${r.line}:${r.col})`,
      };
      n.badges.push(badge);
      if (!n.rules.includes(i)) n.rules.push(i);
      const here = diagnostics.filter((d) => d.file === r.file && d.range.start.line === r.line);
      for (const d of here) n.problems.push(`${d.code}: ${d.message}`);
      markNeverApplies(badge, here);
    }
  }
  return { nodes: [...nodes.values()], edges: [] };
}
