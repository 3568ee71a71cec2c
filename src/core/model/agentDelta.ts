/**
 * What a graph or Inspector edit changed in an agent, as a small message: the agent's other
 * fields and one splice of each of its lists (rules, tools, a Letta agent's rules) found by object
 * identity. Edits keep the items they do not touch as the same objects, so a one-rule edit of a
 * 30,000-rule agent is a splice of one rule, cheap to find and to send to another thread; the
 * receiver applies it to its own copy of the agent. Pure.
 */
import type { Agent, ToolDecl, ToolRule } from './toolRules.ts';
import type { LettaToolRule } from './lettaRules.ts';

/** Items `start … start + deleteCount` of a list replaced by `items`. */
export interface Splice<T> {
  start: number;
  deleteCount: number;
  items: T[];
}

export interface AgentDelta {
  /** The agent without its lists (name, family, extra keys). */
  head: Omit<Agent, 'rules' | 'tools' | 'lettaRules'>;
  /** Lengths of the agent the delta applies to, to refuse a delta meant for another (`lettaRules` absent: the agent has none). */
  from: { rules: number; tools: number; lettaRules?: number };
  rules: Splice<ToolRule>;
  tools: Splice<ToolDecl>;
  /** A Letta agent's rules (absent: the edited agent has none). */
  lettaRules?: Splice<LettaToolRule>;
}

/** The one splice turning `before` into `after`: their common prefix and suffix (by identity) are kept. */
export function spliceOf<T>(before: readonly T[], after: readonly T[]): Splice<T> {
  let start = 0;
  const shortest = Math.min(before.length, after.length);
  while (start < shortest && before[start] === after[start]) start++;
  let tail = 0;
  while (tail < shortest - start && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { start, deleteCount: before.length - tail - start, items: after.slice(start, after.length - tail) };
}

/** `list` with `splice` applied (a new list). */
export function applySplice<T>(list: readonly T[], splice: Splice<T>): T[] {
  return [...list.slice(0, splice.start), ...splice.items, ...list.slice(splice.start + splice.deleteCount)];
}

/** How many items a splice touches (removed plus inserted). */
export const spliceSize = (s: Splice<unknown> | undefined): number => (s ? s.deleteCount + s.items.length : 0);

/** The delta from `before` to `after`. */
export function agentDelta(before: Agent, after: Agent): AgentDelta {
  const { rules, tools, lettaRules, ...head } = after;
  return {
    head,
    from: { rules: before.rules.length, tools: before.tools.length, ...(before.lettaRules ? { lettaRules: before.lettaRules.length } : {}) },
    rules: spliceOf(before.rules, rules),
    tools: spliceOf(before.tools, tools),
    ...(lettaRules ? { lettaRules: spliceOf(before.lettaRules ?? [], lettaRules) } : {}),
  };
}

/** How many items a delta touches (removed plus inserted, in every list). */
export function deltaSize(delta: AgentDelta): number {
  return spliceSize(delta.rules) + spliceSize(delta.tools) + spliceSize(delta.lettaRules);
}

/**
 * `before` with `delta` applied, or undefined when the delta was made from an agent of other
 * lengths (the receiver's copy is not the sender's).
 */
export function applyAgentDelta(before: Agent, delta: AgentDelta): Agent | undefined {
  if (before.rules.length !== delta.from.rules || before.tools.length !== delta.from.tools || before.lettaRules?.length !== delta.from.lettaRules) return undefined;
  const agent: Agent = { ...delta.head, tools: applySplice(before.tools, delta.tools), rules: applySplice(before.rules, delta.rules) };
  if (delta.lettaRules) agent.lettaRules = applySplice(before.lettaRules ?? [], delta.lettaRules);
  return agent;
}
