/**
 * The tool graph of Codex execpolicy rules (issue 24): one node per program (a rule's first
 * token), with each `prefix_rule` as a badge on its program's node (`allow`, `prompt` or
 * `forbidden` and the rest of its pattern), in load order (rule N is the policy view's row N). A
 * rule whose first token has alternatives sits on each of its programs. Prefix rules order
 * nothing, so there are no edges. Badge kinds reuse the permission colours: prompt as `ask`,
 * forbidden as `deny`.
 */
import type { Agent } from '../model/toolRules.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { loadCodexRules, type CodexDecision } from '../permissions/codex/policy.ts';
import { markNeverApplies, type BadgeKind, type ToolBadge, type ToolGraph, type ToolGraphNode } from './toolGraph.ts';

const KIND: Record<CodexDecision, BadgeKind> = { allow: 'allow', prompt: 'ask', forbidden: 'deny' };

/** Projects a Codex rules agent and its diagnostics onto the tool graph. */
export function codexGraph(agent: Agent, diagnostics: readonly Diagnostic[] = []): ToolGraph {
  // A file Codex refuses (a rule being typed) is drawn with the rules that read, not as no rules.
  const { policy } = loadCodexRules(agent.codexRules ?? [], { recover: true });
  const nodes = new Map<string, ToolGraphNode>();
  for (const r of policy.rules) {
    let n = nodes.get(r.program);
    if (!n) {
      n = { id: r.program, label: r.program, wildcard: false, declared: true, badges: [], rules: [], dimmed: false, error: false, problems: [], permissions: true };
      nodes.set(r.program, n);
    }
    const rest = r.rest.map((alts) => (alts.length === 1 ? alts[0] : `[${alts.join('|')}]`)).join(' ');
    const badge: ToolBadge = {
      kind: KIND[r.decision],
      // A bare program matches every command of it: said as Claude Code's badges say a bare tool.
      text: rest === '' ? `${r.decision} any call` : `${r.decision} ${rest}`,
      rule: r.call,
      title: `Rule ${r.call + 1}: ${r.decision} \`${[r.program, rest].filter(Boolean).join(' ')}\` (${r.file}:${r.pos.line}:${r.pos.col})${r.justification ? ` — ${r.justification}` : ''}`,
    };
    n.badges.push(badge);
    if (!n.rules.includes(r.call)) n.rules.push(r.call);
    const here = diagnostics.filter((d) => d.file === r.file && d.range?.start.line === r.pos.line);
    for (const d of here) n.problems.push(`${d.code}: ${d.message}`);
    markNeverApplies(badge, here.filter((d) => d.range?.start.column === r.pos.col));
  }
  return { nodes: [...nodes.values()], edges: [] };
}
