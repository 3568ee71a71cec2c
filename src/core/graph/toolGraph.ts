/**
 * The tool graph of an agent (issue item 2), as a pure projection of the model and its
 * diagnostics: one node per tool with its badges, directed edges for the required order, a
 * distinct edge style for exclusive groups, and the diagnostics mapped onto nodes and edges.
 * Every badge and edge carries the index of the rule it comes from, so a selection on the canvas
 * maps to the inspector and back.
 */
import type { Agent, ToolRule } from '../model/toolRules.ts';
import { WILDCARD } from '../model/toolRules.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { formatDuration } from './format.ts';
import { stronglyConnected } from './scc.ts';
import { lettaGraph } from './lettaGraph.ts';
import { ruleNumber } from '../model/ruleNumber.ts';
import { ruleTypeLabel } from '../describe/ruleNames.ts';

/** The node id of the "All tools" node that holds the `*` rules. */
export const ALL_TOOLS_ID = WILDCARD;

export type BadgeKind =
  | 'start'
  | 'exit'
  | 'continue'
  | 'requiredBeforeExit'
  | 'requiredBeforeExitIf'
  | 'maxCalls'
  | 'cooldown'
  | 'periodic'
  | 'consent'
  | 'operations'
  | 'needed'
  // Claude Code permission rules: the list the rule is in.
  | 'allow'
  | 'ask'
  | 'deny';

export interface ToolBadge {
  kind: BadgeKind;
  /** Short text shown on the node: `start`, `max 3`, `cooldown 2s`, `ops: read, write`. */
  text: string;
  /** Index of the rule in the agent's rule list. */
  rule: number;
  /** The rule as people name it, for the badge's tooltip: `#5 Max calls · MaxCalls`. */
  title?: string;
  /**
   * A rule that never applies: its engine never consults it (Claude Code: an unknown tool, an
   * ignored specifier), or the checker finds it never decides (one of {@link NEVER_APPLIES}).
   */
  inert?: boolean;
}

/**
 * Checker codes that say a rule never applies: an allow a deny or ask evaluated first covers
 * (Claude Code C020, C021), a copy of a rule in another scope (C040), a Codex rule another covers
 * (K030, K031), a Gemini rule one earlier in priority order covers (G101, G102). Its badge is drawn
 * as an ignored rule's (struck through), the finding in its tooltip (review17 #7).
 */
export const NEVER_APPLIES: ReadonlySet<string> = new Set(['C020', 'C021', 'C040', 'K030', 'K031', 'G101', 'G102']);

/** Marks `badge` as never applying when one of `diagnostics` (its rule's) says so, with the finding in its tooltip. */
export function markNeverApplies(badge: ToolBadge, diagnostics: readonly { code: string; message: string }[]): void {
  for (const d of diagnostics) {
    if (!NEVER_APPLIES.has(d.code)) continue;
    badge.inert = true;
    badge.title = `${badge.title === undefined ? '' : `${badge.title}\n`}Never applies (${d.code}): ${d.message}`;
  }
}

export interface ToolGraphNode {
  /** The tool name (or `*` for the "All tools" node); also the key of its layout position. */
  id: string;
  label: string;
  wildcard: boolean;
  /** Declared in the agent's `tools` list (always true when the agent declares none). */
  declared: boolean;
  operations?: readonly string[];
  badges: ToolBadge[];
  /** Indices of every rule whose `tool_name` is this tool. */
  rules: number[];
  /** The tool can never be called (T003, T004, T013); `reason` says why. */
  dimmed: boolean;
  reason?: string;
  /** Part of a cycle of the required order (T001) or the subject of another error. */
  error: boolean;
  /** Messages of the diagnostics about this tool, for the tooltip. */
  problems: string[];
  /** How many of this tool's rules were ignored on reading (an unknown rule type, F002): not drawn, so the node says so. */
  ignored?: number;
  /** A Letta agent's tool: edges drawn from it say "may follow", not "must come before". */
  letta?: boolean;
  /** A tool of Claude Code settings: its rules are permissions, which order nothing (no edges to draw). */
  permissions?: boolean;
  /** The group the node is drawn in: an MCP tool's server (Claude Code settings). */
  group?: string;
}

/**
 * Pattern's ordering edges (`precedes`, `follows`) and exclusive groups; Letta's "may follow"
 * (constrain_child_tools), "only after" (parent_last_tool) and conditional branches.
 */
export type ToolEdgeKind = 'precedes' | 'follows' | 'exclusive' | 'mayFollow' | 'onlyAfter' | 'branch';

export interface ToolGraphEdge {
  id: string;
  kind: ToolEdgeKind;
  source: string;
  target: string;
  /** The rule this edge comes from. */
  rule: number;
  /** The condition (or, for exclusive groups, the group index) that makes the edge. */
  condition: string;
  label: string;
  /** Part of a cycle of the required order: drawn red. */
  cycle: boolean;
}

export interface ToolGraph {
  nodes: ToolGraphNode[];
  edges: ToolGraphEdge[];
}

const DIMMING = new Set(['T003', 'T004', 'T013']);

/** The badge rule `index` puts on its tool, or undefined for rules drawn as edges. */
export function badgeOf(rule: ToolRule, index: number): ToolBadge | undefined {
  const rt = rule.rule_type;
  const b = (kind: BadgeKind, text: string): ToolBadge => ({ kind, text, rule: index, title: `${ruleNumber(index)} ${ruleTypeLabel(rt.type)}` });
  switch (rt.type) {
    case 'StartConstraint':
      return b('start', 'start');
    case 'ExitLoop':
      return b('exit', rule.conditions.length > 0 ? `exit if ${rule.conditions.join(', ')}` : 'exit');
    case 'ContinueLoop':
      return b('continue', 'continue');
    case 'RequiredBeforeExit':
      return b('requiredBeforeExit', 'required before exit');
    case 'RequiredBeforeExitIf':
      return b('requiredBeforeExitIf', `required before exit if ${rule.conditions.join(', ') || '…'}`);
    case 'MaxCalls':
      return b('maxCalls', `max ${rt.value}`);
    case 'Cooldown':
      return b('cooldown', `cooldown ${formatDuration(rt.value)}`);
    case 'Periodic':
      return b('periodic', `every ${formatDuration(rt.value)}`);
    case 'RequiresConsent':
      return b('consent', rt.value.scope !== undefined ? `consent (${rt.value.scope})` : 'consent');
    case 'AllowedOperations':
      return b('operations', `ops: ${rt.value.join(', ') || 'none'}`);
    case 'Needed':
      return b('needed', 'needed');
    default:
      return undefined; // edges: RequiresPrecedingTools, RequiresFollowingTools, ExclusiveGroups
  }
}

/**
 * Projects an agent and its diagnostics onto the tool graph (a Letta agent's by `lettaGraph`).
 * Claude Code settings are projected by `claudeGraph` (`agentToolGraph` picks it), which reads
 * the settings' JSON: an empty graph here.
 */
export function toolGraph(agent: Agent, diagnostics: readonly Diagnostic[] = []): ToolGraph {
  if (agent.family === 'letta') return lettaGraph(agent, diagnostics);
  // Claude Code settings: `claudeGraph` (kept out of this module, which the page's first load holds).
  if (agent.family === 'claude' || agent.family === 'codex' || agent.family === 'gemini') return { nodes: [], edges: [] };
  const nodes = new Map<string, ToolGraphNode>();
  const declaredNames = new Set(agent.tools.map((t) => t.name));
  const declaresAny = agent.tools.length > 0;
  const node = (name: string): ToolGraphNode => {
    let n = nodes.get(name);
    if (!n) {
      n = newToolNode(name, !declaresAny || declaredNames.has(name));
      nodes.set(name, n);
    }
    return n;
  };
  for (const t of agent.tools) {
    const n = node(t.name);
    if (t.operations) n.operations = t.operations;
  }
  const edges: ToolGraphEdge[] = [];
  agent.rules.forEach((rule, i) => projectRule(rule, i, node, edges));
  markCycles([...nodes.values()], edges);
  mapDiagnostics(nodes, diagnostics);
  return { nodes: [...nodes.values()], edges };
}

/**
 * Adds what rule `i` draws: its badge on its tool's node, its edges (to `edges`), and a node for
 * every tool it names (`node` finds or makes one). Shared by {@link toolGraph} and the patch of
 * a graph after a small edit (`toolGraphPatch.ts`).
 */
export function projectRule(rule: ToolRule, i: number, node: (name: string) => ToolGraphNode, edges: ToolGraphEdge[]): void {
  const owner = node(rule.tool_name);
  owner.rules.push(i);
  const badge = badgeOf(rule, i);
  if (badge) owner.badges.push(badge);
  const rt = rule.rule_type;
  if (rt.type === 'RequiresPrecedingTools' || rt.type === 'RequiresFollowingTools') {
    const precedes = rt.type === 'RequiresPrecedingTools';
    for (const c of rule.conditions) {
      node(c);
      const [source, target] = precedes ? [c, rule.tool_name] : [rule.tool_name, c];
      edges.push({
        id: `r${i}:${precedes ? 'p' : 'f'}:${c}`,
        kind: precedes ? 'precedes' : 'follows',
        source,
        target,
        rule: i,
        condition: c,
        label: precedes ? 'before' : 'must precede',
        cycle: false,
      });
    }
  } else {
    for (const c of rule.conditions) node(c);
  }
  if (rt.type === 'ExclusiveGroups') {
    rt.value.forEach((group, g) => {
      for (const m of group) node(m);
      for (let k = 0; k + 1 < group.length; k++) {
        edges.push({
          id: `r${i}:x${g}:${k}`,
          kind: 'exclusive',
          source: group[k]!,
          target: group[k + 1]!,
          rule: i,
          condition: String(g),
          label: 'exclusive',
          cycle: false,
        });
      }
    });
  }
}

/** A fresh node for tool `name` of an agent (no rules, badges or problems yet). */
export function newToolNode(name: string, declared: boolean): ToolGraphNode {
  const wildcard = name === WILDCARD;
  return { id: name, label: wildcard ? 'All tools' : name, wildcard, declared: wildcard || declared, badges: [], rules: [], dimmed: false, error: false, problems: [] };
}

/** Flags the required-order edges inside a cyclic component, and their nodes. */
function markCycles(nodes: ToolGraphNode[], edges: ToolGraphEdge[]): void {
  const ids = new Map(nodes.map((n, i) => [n.id, i]));
  const adjacency: number[][] = nodes.map(() => []);
  const order = edges.filter((e) => e.kind === 'precedes' && e.source !== WILDCARD && e.target !== WILDCARD);
  for (const e of order) adjacency[ids.get(e.source)!]!.push(ids.get(e.target)!);
  const { component, cyclic } = stronglyConnected(adjacency);
  for (const e of order) {
    const c = component[ids.get(e.source)!]!;
    if (c === component[ids.get(e.target)!] && cyclic[c]) {
      e.cycle = true;
      nodes[ids.get(e.source)!]!.error = true;
      nodes[ids.get(e.target)!]!.error = true;
    }
  }
}

function mapDiagnostics(nodes: Map<string, ToolGraphNode>, diagnostics: readonly Diagnostic[]): void {
  for (const d of diagnostics) {
    if (d.target.kind !== 'agent' || d.target.tool === undefined) continue;
    const n = nodes.get(d.target.tool);
    if (!n) continue;
    n.problems.push(`${d.code}: ${d.message}`);
    if (d.code === 'T001') n.error = true;
    if (d.code === 'F002') {
      n.ignored = (n.ignored ?? 0) + 1;
      n.error = true;
    }
    if (DIMMING.has(d.code) && !n.dimmed) {
      n.dimmed = true;
      n.reason = d.message;
    }
  }
}

/** The node ids and edge ids that show rule `index`, for highlighting a selected rule. */
export function elementsOfRule(graph: ToolGraph, agent: Agent, index: number): { nodes: string[]; edges: string[] } {
  const rule = agent.family === 'letta' ? agent.lettaRules?.[index] : agent.rules[index];
  if (!rule) return { nodes: [], edges: [] };
  return { nodes: [rule.tool_name], edges: graph.edges.filter((e) => e.rule === index).map((e) => e.id) };
}
