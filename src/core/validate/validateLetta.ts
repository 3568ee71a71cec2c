/**
 * The checks of a Letta agent's tool rules (codes L001–L007, `docs/letta.md`), on the step model
 * of `lettaSteps.ts`: tools the agent lacks, rules Letta's own schema refuses, and what the rules
 * together make impossible (an empty allowed set, an exit or a required tool no sequence reaches).
 */
import { sortDiagnostics, type Diagnostic } from '../diagnostics/index.ts';
import type { Agent } from '../model/toolRules.ts';
import type { LettaToolRule } from '../model/lettaRules.ts';
import { agentEmitter, type AgentEmit } from './emit.ts';
import type { AgentContext } from './validateAgent.ts';
import { lettaSteps, type LettaSteps } from './lettaSteps.ts';

const list = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(', ');

/** L001: names in a rule that are not tools of the agent (only when the agent has tools). */
function reportMissingTools(agent: Agent, rules: readonly LettaToolRule[], emit: AgentEmit): void {
  if (agent.tools.length === 0) return;
  const has = new Set(agent.tools.map((t) => t.name));
  rules.forEach((r, i) => {
    const fields: [string, string[]][] = [['tool_name', [r.tool_name]]];
    if (r.type === 'constrain_child_tools' || r.type === 'parent_last_tool') fields.push(['children', r.children]);
    if (r.type === 'conditional') {
      fields.push(['child_output_mapping', Object.values(r.child_output_mapping)]);
      if (r.default_child) fields.push(['default_child', [r.default_child]]);
    }
    for (const [field, names] of fields) {
      const missing = [...new Set(names.filter((n) => !has.has(n)))];
      if (missing.length === 0) continue;
      const effect =
        field === 'tool_name'
          ? 'the rule can never apply'
          : 'Letta intersects the allowed set with the agent’s tools, so the missing tool is never allowed';
      emit('L001', 'warning', `${r.type} rule of "${r.tool_name}" names ${list(missing)}, which ${missing.length === 1 ? 'is not a tool' : 'are not tools'} of agent "${agent.name}": ${effect}.`, { rule: i, tool: missing[0], field });
    }
  });
}

/** L002 and L007: rules Letta's schema refuses when the agent is created. */
function reportRefusedRules(rules: readonly LettaToolRule[], emit: AgentEmit): void {
  rules.forEach((r, i) => {
    if (r.type === 'conditional' && Object.keys(r.child_output_mapping).length === 0)
      emit('L002', 'error', `conditional rule of "${r.tool_name}" has no children (child_output_mapping is empty): Letta refuses it ("Conditional tool rule must have at least one child tool").`, { rule: i, tool: r.tool_name, field: 'child_output_mapping' });
    if (r.type === 'constrain_child_tools')
      for (const node of r.child_arg_nodes ?? [])
        if (!r.children.includes(node.name))
          emit('L007', 'error', `constrain_child_tools rule of "${r.tool_name}" prefills arguments for "${node.name}", which is not one of its children (${list(r.children)}): Letta refuses the rule.`, { rule: i, tool: r.tool_name, field: 'child_arg_nodes' });
  });
}

/** L003: a run_first tool that a parent rule allows only straight after its parent. */
function reportInitParentConflicts(rules: readonly LettaToolRule[], emit: AgentEmit): void {
  rules.forEach((r, i) => {
    if (r.type !== 'run_first') return;
    for (const p of rules)
      if (p.type === 'parent_last_tool' && p.children.includes(r.tool_name) && p.tool_name !== r.tool_name)
        emit('L003', 'warning', `"${r.tool_name}" must run first (run_first), but a parent_last_tool rule allows it only straight after "${p.tool_name}": at the start Letta allows just the run_first tools, so "${r.tool_name}" runs before "${p.tool_name}" ever has.`, { rule: i, tool: r.tool_name, field: 'tool_name' });
  });
}

/** The rule that narrows the step after `tool` (its first child or conditional rule, else a parent rule). */
function narrowingRule(rules: readonly LettaToolRule[], tool: string): number | undefined {
  const own = rules.findIndex((r) => r.tool_name === tool && (r.type === 'constrain_child_tools' || r.type === 'conditional'));
  if (own >= 0) return own;
  const parent = rules.findIndex((r) => r.type === 'parent_last_tool');
  return parent >= 0 ? parent : undefined;
}

/**
 * What Letta does with an empty allowed set: its v2 and v3 agent loops call the solver with
 * `error_on_empty=False` and offer every tool; the solver alone (its default) raises.
 */
const emptyStepOutcome = (errorOnEmpty: boolean): string =>
  errorOnEmpty
    ? 'with error_on_empty (--error-on-empty true), Letta\'s solver raises "No valid tools found based on tool rules." and the call is refused'
    : 'Letta\'s agent loops (v2 and v3, error_on_empty=False) then offer every tool of the agent, so the rules no longer constrain that call (with --error-on-empty true the solver raises "No valid tools found based on tool rules." instead)';

/** L004: a step whose allowed set is empty whatever the outputs. */
function reportEmptySteps(agent: Agent, rules: readonly LettaToolRule[], steps: LettaSteps, emit: AgentEmit, errorOnEmpty: boolean): void {
  const severity = errorOnEmpty ? 'error' : 'warning';
  const outcome = emptyStepOutcome(errorOnEmpty);
  if (steps.start.size === 0 && steps.available.size > 0) {
    const rule = rules.findIndex((r) => r.type === 'parent_last_tool' || r.type === 'max_count_per_step');
    emit('L004', severity, `No tool is allowed for the first call of agent "${agent.name}" (parent_last_tool and max_count_per_step rules leave nothing): ${outcome}.`, rule >= 0 ? { rule } : {});
  }
  for (const tool of [...steps.reachable].sort()) {
    if (steps.terminal.has(tool)) continue;
    const outcomes = steps.after(tool);
    if (!outcomes.every((s) => s.size === 0)) continue;
    const rule = narrowingRule(rules, tool);
    emit('L004', severity, `After "${tool}" no tool is allowed (its child, conditional and parent rules intersect to nothing among the agent's tools): ${outcome}. Add a child "${tool}" may be followed by, or make it an exit_loop tool.`, { ...(rule !== undefined ? { rule } : {}), tool });
  }
}

/** L005 and L006: exit and required tools no sequence of allowed calls reaches. */
function reportUnreachable(rules: readonly LettaToolRule[], steps: LettaSteps, emit: AgentEmit): void {
  const from = steps.init.length > 0 ? `the run_first tools (${list([...new Set(steps.init)])})` : 'the first call';
  const seen = new Set<string>();
  rules.forEach((r, i) => {
    if (r.type !== 'exit_loop' && r.type !== 'required_before_exit') return;
    const key = `${r.type}:${r.tool_name}`;
    if (seen.has(key) || !steps.available.has(r.tool_name) || steps.reachable.has(r.tool_name)) return;
    seen.add(key);
    if (r.type === 'exit_loop')
      emit('L005', 'warning', `The exit tool "${r.tool_name}" cannot be reached from ${from}: no sequence of allowed calls leads to it, so the loop never ends by it.`, { rule: i, tool: r.tool_name, field: 'tool_name' });
    else
      emit('L006', 'warning', `"${r.tool_name}" must be called before exit (required_before_exit), but no sequence of allowed calls from ${from} reaches it: the agent can never exit cleanly.`, { rule: i, tool: r.tool_name, field: 'tool_name' });
  });
}

/** Validates one Letta agent's rules: every L check, sorted by position then code. */
export function validateLetta(agent: Agent, ctx: AgentContext & { errorOnEmpty?: boolean }): Diagnostic[] {
  const out: Diagnostic[] = [];
  const emit = agentEmitter(out, agent.name, ctx);
  const rules = agent.lettaRules ?? [];
  const steps = lettaSteps(agent);
  reportMissingTools(agent, rules, emit);
  reportRefusedRules(rules, emit);
  reportInitParentConflicts(rules, emit);
  reportEmptySteps(agent, rules, steps, emit, ctx.errorOnEmpty === true);
  reportUnreachable(rules, steps, emit);
  return sortDiagnostics(out);
}
