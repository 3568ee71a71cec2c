/**
 * A plain model of Letta's `ToolRulesSolver` and agent loop, written straight from the Python
 * (letta-ai/letta @ 56ba9c25: `letta/helpers/tool_rule_solver.py`, `letta/schemas/tool_rule.py`,
 * `letta/agents/letta_agent_v3.py` `_decide_continuation` and `_get_valid_tools`) with lists and
 * sets and no caching, to check the engine's `letta` profile against. Conditional keys are
 * strings (as read from JSON), so a key matches only the identical output.
 */
import type { LettaToolRule } from '../../src/core/model/lettaRules.ts';

export type RefEvent =
  | { type: 'call'; tool: string; output: string; outcome: 'ok' | 'error' }
  | { type: 'model_end' }
  | { type: 'batch_start' };

export type RefDecision =
  | { kind: 'allowed'; tool: string; flow: 'exit' | 'continue' }
  | { kind: 'blocked'; tool: string; code: 'ToolConstraintError' | 'NoValidTools'; rule?: number }
  | { kind: 'ignored'; tool: string }
  | { kind: 'exit' }
  | { kind: 'exit_blocked'; pending: string[] };

/** `get_valid_tools` of one rule: a set of tool names, given the available ones. */
function validTools(rule: LettaToolRule, history: string[], available: Set<string>, lastMessage: string | undefined): Set<string> | undefined {
  const last = history[history.length - 1];
  switch (rule.type) {
    case 'constrain_child_tools':
      return last === rule.tool_name ? new Set(rule.children) : available;
    case 'parent_last_tool':
      return last === rule.tool_name ? new Set(rule.children) : new Set([...available].filter((t) => !rule.children.includes(t)));
    case 'max_count_per_step':
      return history.filter((t) => t === rule.tool_name).length >= rule.max_count_limit ? new Set([...available].filter((t) => t !== rule.tool_name)) : available;
    case 'conditional': {
      if (last !== rule.tool_name) return available;
      for (const [key, tool] of Object.entries(rule.child_output_mapping)) if (lastMessage === key) return new Set([tool]);
      if (rule.require_output_mapping) return new Set();
      return rule.default_child ? new Set([rule.default_child]) : available;
    }
    default:
      return undefined;
  }
}

/** Replays events as Letta would; also returns the allowed set offered before each call. */
export function lettaReference(tools: readonly string[], rules: readonly LettaToolRule[], events: readonly RefEvent[], errorOnEmpty: boolean): { decisions: RefDecision[]; offered: string[][] } {
  const available = new Set(tools);
  const isInit = (r: LettaToolRule) => r.type === 'run_first';
  const childBased = rules.map((r, i) => ({ r, i })).filter(({ r }) => ['constrain_child_tools', 'conditional', 'max_count_per_step'].includes(r.type));
  const parents = rules.map((r, i) => ({ r, i })).filter(({ r }) => r.type === 'parent_last_tool');
  const order = [...childBased, ...parents];
  let history: string[] = [];
  let lastMessage: string | undefined;
  let exited = false;
  const decisions: RefDecision[] = [];
  const offered: string[][] = [];
  const uncalled = () => [...new Set(rules.filter((r) => r.type === 'required_before_exit').map((r) => r.tool_name))].filter((t) => available.has(t) && !history.includes(t));
  const wantExit = () => {
    const pending = uncalled();
    if (pending.length > 0) decisions.push({ kind: 'exit_blocked', pending });
    else {
      decisions.push({ kind: 'exit' });
      exited = true;
    }
  };
  for (const e of events) {
    if (e.type === 'batch_start') {
      history = [];
      exited = false;
      continue;
    }
    if (e.type === 'model_end') {
      if (!exited) wantExit();
      continue;
    }
    if (exited) {
      decisions.push({ kind: 'ignored', tool: e.tool });
      continue;
    }
    // The allowed set before the call (`_get_valid_tools`).
    const inits = rules.filter(isInit);
    let allowed: Set<string>;
    let empty = false;
    if (history.length === 0 && inits.length > 0) allowed = new Set(inits.map((r) => r.tool_name).filter((t) => available.has(t)));
    else {
      allowed = new Set(available);
      for (const { r } of order) {
        const v = validTools(r, history, available, lastMessage) as Set<string>;
        allowed = new Set([...allowed].filter((t) => v.has(t)));
      }
      if (allowed.size === 0) {
        empty = true;
        if (!errorOnEmpty) allowed = new Set(available);
      }
    }
    offered.push(tools.filter((t) => allowed.has(t)));
    // a tool the agent lacks is never in valid_tool_names: a violation naming no rule
    if (!available.has(e.tool)) {
      decisions.push({ kind: 'blocked', tool: e.tool, code: empty && errorOnEmpty ? 'NoValidTools' : 'ToolConstraintError' });
      lastMessage = '<refused>';
      continue;
    }
    const approval = rules.some((r) => r.type === 'requires_approval' && r.tool_name === e.tool);
    // the approval (every call here is approved) comes back as a new request: a new solver
    if (approval) history = [];
    if (!approval && !allowed.has(e.tool)) {
      let rule: number;
      if (history.length === 0 && inits.length > 0) rule = rules.findIndex(isInit);
      else rule = (order.find(({ r }) => !(validTools(r, history, available, lastMessage) as Set<string>).has(e.tool)) as { i: number }).i;
      decisions.push({ kind: 'blocked', tool: e.tool, code: empty ? 'NoValidTools' : 'ToolConstraintError', rule });
      lastMessage = '<refused>';
      continue;
    }
    history.push(e.tool);
    lastMessage = e.output;
    const terminal = rules.some((r) => r.type === 'exit_loop' && r.tool_name === e.tool);
    decisions.push({ kind: 'allowed', tool: e.tool, flow: terminal ? 'exit' : 'continue' });
    if (terminal) wantExit();
  }
  return { decisions, offered };
}
