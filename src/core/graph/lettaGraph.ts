/**
 * The tool graph of a Letta agent, drawn from its rules like the other families: child rules as
 * "may follow" edges, parent rules as "only after" edges, conditional rules as one labelled
 * branch per output value (the default child as its own branch), and badges for run_first,
 * exit_loop, continue_loop, required_before_exit, max_count_per_step and requires_approval. A tool
 * no sequence of allowed calls reaches (`lettaSteps`) is dimmed; the subject of an L004 (nothing
 * may follow it) is marked as an error. Every badge and edge carries its rule's index in
 * `lettaRules`.
 */
import type { Agent } from '../model/toolRules.ts';
import type { LettaToolRule } from '../model/lettaRules.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { lettaSteps } from '../validate/lettaSteps.ts';
import type { ToolBadge, ToolGraph, ToolGraphEdge, ToolGraphNode } from './toolGraph.ts';

/** The `condition` of a conditional rule's default branch (a mapping key is never this long). */
export const DEFAULT_BRANCH = '';

function badgeOf(rule: LettaToolRule, index: number): ToolBadge | undefined {
  const b = (kind: ToolBadge['kind'], text: string): ToolBadge => ({ kind, text, rule: index });
  switch (rule.type) {
    case 'run_first':
      return b('start', 'run first');
    case 'exit_loop':
      return b('exit', 'exit loop');
    case 'continue_loop':
      return b('continue', 'continue loop');
    case 'required_before_exit':
      return b('requiredBeforeExit', 'required before exit');
    case 'max_count_per_step':
      return b('maxCalls', `max ${rule.max_count_limit} per step`);
    case 'requires_approval':
      return b('consent', 'needs approval');
    default:
      return undefined; // edges: constrain_child_tools, parent_last_tool, conditional
  }
}

/** A conditional branch's label: the output value it matches, quoted as Letta compares it. */
const branchLabel = (key: string): string => `= ${JSON.stringify(key)}`;

/** Projects a Letta agent and its diagnostics onto the tool graph. */
export function lettaGraph(agent: Agent, diagnostics: readonly Diagnostic[] = []): ToolGraph {
  const nodes = new Map<string, ToolGraphNode>();
  const declared = new Set(agent.tools.map((t) => t.name));
  const node = (name: string): ToolGraphNode => {
    let n = nodes.get(name);
    if (!n) {
      n = { id: name, label: name, wildcard: false, declared: declared.size === 0 || declared.has(name), badges: [], rules: [], dimmed: false, error: false, problems: [], letta: true };
      nodes.set(name, n);
    }
    return n;
  };
  for (const t of agent.tools) node(t.name);
  const edges: ToolGraphEdge[] = [];
  const edge = (kind: ToolGraphEdge['kind'], rule: number, source: string, target: string, condition: string, label: string, id: string) => {
    node(target);
    edges.push({ id: `r${rule}:${id}`, kind, source, target, rule, condition, label, cycle: false });
  };
  const rules = agent.lettaRules ?? [];
  rules.forEach((rule, i) => {
    const owner = node(rule.tool_name);
    owner.rules.push(i);
    const badge = badgeOf(rule, i);
    if (badge) owner.badges.push(badge);
    if (rule.type === 'constrain_child_tools') for (const c of new Set(rule.children)) edge('mayFollow', i, rule.tool_name, c, c, 'may follow', `c:${c}`);
    else if (rule.type === 'parent_last_tool') for (const c of new Set(rule.children)) edge('onlyAfter', i, rule.tool_name, c, c, 'only after', `p:${c}`);
    else if (rule.type === 'conditional') {
      for (const [key, target] of Object.entries(rule.child_output_mapping)) edge('branch', i, rule.tool_name, target, key, branchLabel(key), `o:${key}`);
      if (rule.default_child) edge('branch', i, rule.tool_name, rule.default_child, DEFAULT_BRANCH, 'otherwise', 'd');
    }
  });
  const steps = lettaSteps(agent);
  for (const n of nodes.values()) {
    if (steps.available.has(n.id) && !steps.reachable.has(n.id)) {
      n.dimmed = true;
      n.reason = `No sequence of calls the rules allow reaches "${n.id}" from ${steps.init.length > 0 ? 'the run_first tools' : 'the first call'}.`;
    }
  }
  for (const d of diagnostics) {
    if (d.target.kind !== 'agent' || d.target.tool === undefined) continue;
    const n = nodes.get(d.target.tool);
    if (!n) continue;
    n.problems.push(`${d.code}: ${d.message}`);
    if (d.severity === 'error') n.error = true;
  }
  return { nodes: [...nodes.values()], edges };
}
