/**
 * The tool graph after a small edit, made from the graph before it instead of projecting the
 * whole agent again: projecting 30,000 rules takes a few hundred milliseconds, patching the
 * nodes and edges of one rule a few. The rules an edit replaced (one splice, found by identity:
 * `agentDelta.ts`) lose their badges and edges, the new ones are projected as `toolGraph` does,
 * and the rules after them move to their new numbers. Nodes keep their place; a tool only the
 * removed rules named goes, a tool only the new ones name comes last.
 *
 * What it does not work out: diagnostics and cycles. Nodes and edges it keeps keep their
 * problems and cycle marks; new ones have none. It is the graph the page shows at once, until
 * the check of the edited text (off the main thread) gives the exact one. Pure.
 */
import type { Agent, ToolRule } from '../model/toolRules.ts';
import { spliceOf } from '../model/agentDelta.ts';
import { badgeOf, newToolNode, projectRule, type ToolGraph, type ToolGraphEdge, type ToolGraphNode } from './toolGraph.ts';
import { append } from '../model/append.ts';

/** Edits touching more rules than this are projected afresh. */
export const PATCH_LIMIT = 500;

/** Every tool a rule names: its own, its conditions, the members of its exclusive groups. */
function namesOf(rule: ToolRule): string[] {
  const rt = rule.rule_type;
  return [rule.tool_name, ...rule.conditions, ...(rt.type === 'ExclusiveGroups' ? rt.value.flat() : [])];
}

const byRule = (a: { rule: number }, b: { rule: number }) => a.rule - b.rule;

/**
 * The graph of `after` from `graph`, the graph of `before`, when `after` differs from `before`
 * only by a splice of at most {@link PATCH_LIMIT} rules (same tool declarations, a Pattern agent:
 * Letta's and Claude Code's graphs are drawn from other fields);
 * otherwise undefined (project afresh).
 */
export function patchToolGraph(graph: ToolGraph, before: Agent, after: Agent): ToolGraph | undefined {
  if (before.family !== undefined || after.family !== undefined || before.tools !== after.tools) return undefined;
  const s = spliceOf(before.rules, after.rules);
  if (s.deleteCount + s.items.length > PATCH_LIMIT) return undefined;
  if (s.deleteCount === 0 && s.items.length === 0) return graph;
  const end = s.start + s.deleteCount;
  const shift = s.items.length - s.deleteCount;

  const nodes = new Map<string, ToolGraphNode>();
  for (const n of graph.nodes) nodes.set(n.id, n);
  const copies = new Set<ToolGraphNode>();
  let declared: Set<string> | undefined;
  const isDeclared = (name: string) => after.tools.length === 0 || (declared ??= new Set(after.tools.map((t) => t.name))).has(name);
  /** The node of `name`, copied once so the graph before stays as it was. */
  const own = (name: string): ToolGraphNode => {
    const old = nodes.get(name);
    if (old && copies.has(old)) return old;
    const n = old ? { ...old, rules: [...old.rules], badges: [...old.badges] } : newToolNode(name, isDeclared(name));
    copies.add(n);
    nodes.set(name, n);
    return n;
  };

  // The replaced rules leave their nodes.
  const orphans = new Set<string>();
  for (let i = s.start; i < end; i++) {
    const rule = before.rules[i]!;
    const owner = own(rule.tool_name);
    owner.rules = owner.rules.filter((r) => r !== i);
    owner.badges = owner.badges.filter((b) => b.rule !== i);
    for (const name of namesOf(rule)) orphans.add(name);
  }
  // The nodes whose rules the splice changed (only theirs need sorting again).
  const spliced = new Set(copies);
  // The rules after them take their new numbers (in the same order: no sorting).
  if (shift !== 0) {
    for (const n of nodes.values()) {
      const rules = n.rules;
      const last = rules.length > 0 ? rules[rules.length - 1]! : -1; // rules are in ascending order
      if (last < end) continue;
      const c = own(n.id);
      c.rules = c.rules.map((r) => (r >= end ? r + shift : r));
      c.badges = c.badges.map((b) => (b.rule >= end ? (badgeOf(after.rules[b.rule + shift]!, b.rule + shift) ?? b) : b));
    }
  }
  // The new rules are drawn.
  const added: ToolGraphEdge[] = [];
  s.items.forEach((rule, k) => projectRule(rule, s.start + k, (name) => {
    const n = own(name);
    spliced.add(n);
    return n;
  }, added));
  for (const n of spliced) {
    n.rules.sort((a, b) => a - b);
    n.badges.sort(byRule);
  }
  // A tool that only the replaced rules named is no longer in the graph.
  const gone = [...orphans].filter((name) => !isDeclaredTool(after, name) && nodes.get(name)?.rules.length === 0);
  if (gone.length > 0) {
    const named = new Set<string>();
    for (const rule of after.rules) for (const name of namesOf(rule)) if (orphans.has(name)) named.add(name);
    for (const name of gone) if (!named.has(name)) nodes.delete(name);
  }

  const edges: ToolGraphEdge[] = [];
  for (const e of graph.edges) if (e.rule < s.start) edges.push(e);
  append(edges, added);
  for (const e of graph.edges) {
    if (e.rule < end) continue;
    if (shift === 0) edges.push(e);
    else {
      const rule = e.rule + shift;
      edges.push({ ...e, rule, id: `r${rule}${e.id.slice(e.id.indexOf(':'))}` });
    }
  }
  return { nodes: [...nodes.values()], edges };
}

/** True when `name` is in the agent's tools list (such a node stays without rules). */
function isDeclaredTool(agent: Agent, name: string): boolean {
  return agent.tools.some((t) => t.name === name);
}
