/**
 * The tool graph of Claude Code permission settings (issue 23, item 6), drawn from the merged
 * policy like the other families: one node per tool the rules name, with each rule as a badge on
 * its tool (`allow`, `ask` or `deny`, and what it matches), in the order Claude Code evaluates them
 * (deny → ask → allow; within a list, scope precedence and file order — the policy view's order).
 * A rule's number is its place in the merged settings (scope precedence, then file order: in one
 * file, the order a user counts in it), 1-based, as the simulator, the inspector and `rule #12` in
 * explanations say it; a badge's `rule` is that place, 0-based, as a decision's. An MCP tool's node
 * carries its server as its `group` (`mcp__github__create_issue` in `github`); a rule for a whole
 * server (`mcp__github`) is a node of its own in that group. Permission rules order nothing, so
 * there are no edges. A rule Claude Code never consults (unknown tool, a specifier its tool
 * ignores, malformed) dims its badge's node when it is the node's only rule, with the reason.
 */
import type { Agent } from '../model/toolRules.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { mergeSettings } from '../permissions/claude/settings.ts';
import { defaultCwd } from '../permissions/claude/replayContext.ts';
import { LIST_ORDER, type ParsedRule, type PermissionRule } from '../permissions/claude/types.ts';
import { markNeverApplies, type ToolBadge, type ToolGraph, type ToolGraphNode } from './toolGraph.ts';

/** What a rule matches, as its badge says it after the list's name: `npm test *`, `any call`. */
function matchText(p: ParsedRule, written: string): string {
  switch (p.kind) {
    case 'tool':
      return 'any call';
    case 'bash':
      // The legacy prefix form keeps its `:*` as written (`npm run test:*`), as `git diff *` keeps its star.
      return p.form === 'prefix' ? `${p.pattern}:*` : p.pattern;
    case 'path':
      // Its anchor as written: `/x` (the project root), `//x` (the filesystem's) and `~/x` mean
      // other files than `x`; only `./`, the same as none, is dropped.
      return p.anchor === 'root' ? `/${p.pattern}` : p.anchor === 'absolute' ? `//${p.pattern}` : p.anchor === 'home' ? (p.pattern === '' ? '~' : `~/${p.pattern}`) : p.pattern;
    case 'domain':
      return `domain:${p.domain}`;
    case 'mcp':
      return p.name === undefined ? 'every tool' : 'any call';
    case 'agent':
    case 'skill':
      return p.name;
    case 'inert':
      return p.specifier ?? written;
    case 'invalid':
      return written;
  }
}

/** The node a rule's badge sits on (its tool, or its MCP server's node), and the node's group. */
function nodeOf(p: ParsedRule): { id: string; label: string; group?: string } {
  if (p.kind === 'mcp') return p.name === undefined ? { id: `mcp__${p.server}`, label: 'all tools', group: p.server } : { id: `mcp__${p.server}__${p.name}`, label: p.name, group: p.server };
  return { id: p.tool, label: p.tool };
}

/** A rule with its place in the merged settings (0-based; its number is `index + 1`, as a decision's `rule`). */
export type NumberedRule = PermissionRule & { index: number };

/** The rules of a Claude Code settings agent in the order Claude Code evaluates them (the graph's and the policy view's order), each with its place in the merged settings. */
export function claudeRulesInOrder(agent: Agent): NumberedRule[] {
  const settings = agent.claudeSettings ?? [];
  // A file that is not strict JSON (a rule being typed) gives the rules before its error, not none.
  const policy = mergeSettings(settings, defaultCwd(settings), { recover: true });
  const numbered = policy.rules.map((r, index) => ({ ...r, index }));
  return LIST_ORDER.flatMap((list) => numbered.filter((r) => r.source.list === list));
}

/** Projects Claude Code settings and their diagnostics onto the tool graph. */
export function claudeGraph(agent: Agent, diagnostics: readonly Diagnostic[] = []): ToolGraph {
  const nodes = new Map<string, ToolGraphNode>();
  const inertRules = new Map<string, number>();
  claudeRulesInOrder(agent).forEach((rule) => {
    const i = rule.index;
    const at = nodeOf(rule.parsed);
    let n = nodes.get(at.id);
    if (!n) {
      n = { id: at.id, label: at.label, wildcard: false, declared: true, badges: [], rules: [], dimmed: false, error: false, problems: [], permissions: true, ...(at.group !== undefined ? { group: at.group } : {}) };
      nodes.set(at.id, n);
    }
    const { source } = rule;
    const where = `${source.scope} · ${source.file}:${source.line}:${source.col}`;
    const badge: ToolBadge = { kind: source.list, text: `${source.list} ${matchText(rule.parsed, source.text)}`, rule: i, title: `Rule ${i + 1}: ${source.list} \`${source.text}\` (${where})` };
    n.badges.push(badge);
    n.rules.push(i);
    const here = diagnostics.filter((d) => d.file === source.file && d.range?.start.line === source.line);
    for (const d of here) n.problems.push(`${d.code}: ${d.message}`);
    // its own findings: rules share a line in a settings file written on one
    markNeverApplies(badge, here.filter((d) => d.range?.start.column === source.col));
    if (rule.parsed.kind === 'inert' || rule.parsed.kind === 'invalid') {
      badge.inert = true;
      inertRules.set(at.id, (inertRules.get(at.id) ?? 0) + 1);
      const why = rule.parsed.kind === 'invalid' ? `\`${source.text}\` is not a rule Claude Code can read.` : rule.parsed.why === 'unknown-tool' ? `Claude Code has no tool named \`${rule.parsed.tool}\`: the rule never matches.` : `\`${rule.parsed.tool}\` rules ignore their specifier: \`${source.text}\` never matches.`;
      n.reason = n.reason === undefined ? why : `${n.reason}\n${why}`;
    }
  });
  for (const n of nodes.values()) if ((inertRules.get(n.id) ?? 0) === n.rules.length) n.dimmed = true;
  // Built-in tools first, in the order of their first rule; then each MCP server's nodes together.
  const all = [...nodes.values()];
  const servers = [...new Set(all.flatMap((n) => (n.group === undefined ? [] : [n.group])))];
  return { nodes: [...all.filter((n) => n.group === undefined), ...servers.flatMap((g) => all.filter((n) => n.group === g))], edges: [] };
}
