/**
 * What can follow what under a Letta agent's rules, computed from the rules alone the way Letta's
 * `ToolRulesSolver.get_allowed_tool_names` narrows the allowed set (`letta/helpers/
 * tool_rule_solver.py` at 56ba9c25): at the start the `run_first` tools (when there are any);
 * after a tool, the intersection of every child, conditional and parent rule's set with the
 * available tools. A conditional rule's set depends on the tool's output, so each possible output
 * gives one outcome. `max_count_per_step` only removes a tool once it has run its count; a limit
 * of 0 or less removes it from every step.
 */
import type { Agent } from '../model/toolRules.ts';
import type { LettaRuleOf, LettaToolRule } from '../model/lettaRules.ts';

/** The static step model of one Letta agent. */
export interface LettaSteps {
  /** The tools Letta intersects with: the agent's tools, or every tool the rules name when it declares none. */
  available: ReadonlySet<string>;
  /** The `run_first` tools, in rule order (empty: no init rules). */
  init: readonly string[];
  /** Tools no step allows (a `max_count_per_step` of 0 or less). */
  blocked: ReadonlySet<string>;
  /** The allowed set of the first call. */
  start: ReadonlySet<string>;
  /** Each possible allowed set after `tool` (one per conditional outcome; one when no conditional rule applies). */
  after(tool: string): ReadonlySet<string>[];
  /** Tools with an `exit_loop` rule: calling one ends the loop, so nothing follows it. */
  terminal: ReadonlySet<string>;
  /** Tools some sequence of allowed calls reaches from the start (never passing a terminal tool). */
  reachable: ReadonlySet<string>;
}

/** Every tool a rule names: its subject, its children, its conditional targets. */
export function toolsNamedBy(rule: LettaToolRule): string[] {
  switch (rule.type) {
    case 'constrain_child_tools':
      return [rule.tool_name, ...rule.children, ...(rule.child_arg_nodes ?? []).map((n) => n.name)];
    case 'parent_last_tool':
      return [rule.tool_name, ...rule.children];
    case 'conditional':
      return [rule.tool_name, ...Object.values(rule.child_output_mapping), ...(rule.default_child ? [rule.default_child] : [])];
    default:
      return [rule.tool_name];
  }
}

/** `a ∩ b`, walking the smaller set. */
function intersect(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  const out = new Set<string>();
  for (const x of small) if (large.has(x)) out.add(x);
  return out;
}

/** The sets a conditional rule may allow after its tool: one per mapped output, plus the no-match case. */
export function conditionalOutcomes(rule: LettaRuleOf<'conditional'>, available: ReadonlySet<string>): Set<string>[] {
  const out = Object.values(rule.child_output_mapping).map((t) => new Set([t]));
  if (rule.require_output_mapping === true) out.push(new Set());
  else out.push(rule.default_child ? new Set([rule.default_child]) : new Set(available));
  return out;
}

/** Builds the step model of a Letta agent. */
export function lettaSteps(agent: Agent): LettaSteps {
  const rules = agent.lettaRules ?? [];
  const declared = agent.tools.map((t) => t.name);
  const available = new Set(declared.length > 0 ? declared : rules.flatMap(toolsNamedBy));
  const init = rules.filter((r) => r.type === 'run_first').map((r) => r.tool_name);
  const blocked = new Set(rules.filter((r) => r.type === 'max_count_per_step' && r.max_count_limit <= 0).map((r) => r.tool_name));
  const parents = rules.filter((r): r is LettaRuleOf<'parent_last_tool'> => r.type === 'parent_last_tool');
  const usable = (s: Iterable<string>): Set<string> => {
    const out = new Set<string>();
    for (const t of s) if (available.has(t) && !blocked.has(t)) out.add(t);
    return out;
  };
  const byTool = new Map<string, LettaToolRule[]>();
  for (const r of rules) {
    const list = byTool.get(r.tool_name);
    if (list) list.push(r);
    else byTool.set(r.tool_name, [r]);
  }

  /** Parent rules' sets for a step whose last tool is `last` (undefined: the first call). */
  const parentSet = (last: string | undefined): ReadonlySet<string> => {
    let s: ReadonlySet<string> = available;
    for (const p of parents) {
      if (p.tool_name === last) s = intersect(s, new Set(p.children));
      else {
        const next = new Set(s);
        for (const c of p.children) next.delete(c);
        s = next;
      }
    }
    return s;
  };
  const start = init.length > 0 ? new Set(init) : usable(parentSet(undefined));

  const cache = new Map<string, ReadonlySet<string>[]>();
  const after = (tool: string): ReadonlySet<string>[] => {
    const hit = cache.get(tool);
    if (hit) return hit;
    let fixed = parentSet(tool);
    let outcomes: ReadonlySet<string>[] = [available];
    for (const r of byTool.get(tool) ?? []) {
      if (r.type === 'constrain_child_tools') fixed = intersect(fixed, new Set(r.children));
      else if (r.type === 'conditional') {
        const sets = conditionalOutcomes(r, available);
        outcomes = outcomes.flatMap((o) => sets.map((s) => intersect(o, s)));
      }
    }
    const result = outcomes.map((o) => usable(intersect(o, fixed)));
    cache.set(tool, result);
    return result;
  };

  const terminal = new Set(rules.filter((r) => r.type === 'exit_loop').map((r) => r.tool_name));
  const reachable = new Set<string>();
  const queue = [...start].filter((t) => !blocked.has(t));
  for (const t of queue) reachable.add(t);
  while (queue.length > 0) {
    const t = queue.pop()!;
    if (terminal.has(t)) continue;
    for (const s of after(t))
      for (const n of s)
        if (!reachable.has(n)) {
          reachable.add(n);
          queue.push(n);
        }
  }
  return { available, init, blocked, start, after, terminal, reachable };
}
