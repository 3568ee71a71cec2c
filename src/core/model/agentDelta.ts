/**
 * What a graph or Inspector edit changed in an agent, as a small message: the agent's other
 * fields and one splice of its rules (and one of its tools) found by object identity. Edits keep
 * the rules they do not touch as the same objects, so a one-rule edit of a 30,000-rule agent is a
 * splice of one rule, cheap to find and to send to another thread; the receiver applies it to its
 * own copy of the agent. Pure.
 */
import type { Agent, ToolDecl, ToolRule } from './toolRules.ts';

/** Items `start … start + deleteCount` of a list replaced by `items`. */
export interface Splice<T> {
  start: number;
  deleteCount: number;
  items: T[];
}

export interface AgentDelta {
  /** The agent without its rules and tools (name, family, extra keys, Letta rules). */
  head: Omit<Agent, 'rules' | 'tools'>;
  /** Lengths of the agent the delta applies to, to refuse a delta meant for another. */
  from: { rules: number; tools: number };
  rules: Splice<ToolRule>;
  tools: Splice<ToolDecl>;
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

/** The delta from `before` to `after`. */
export function agentDelta(before: Agent, after: Agent): AgentDelta {
  const { rules, tools, ...head } = after;
  return {
    head,
    from: { rules: before.rules.length, tools: before.tools.length },
    rules: spliceOf(before.rules, rules),
    tools: spliceOf(before.tools, tools),
  };
}

/** How many items a delta touches (removed plus inserted, rules and tools). */
export function deltaSize(delta: AgentDelta): number {
  return delta.rules.deleteCount + delta.rules.items.length + delta.tools.deleteCount + delta.tools.items.length;
}

/**
 * `before` with `delta` applied, or undefined when the delta was made from an agent of other
 * lengths (the receiver's copy is not the sender's).
 */
export function applyAgentDelta(before: Agent, delta: AgentDelta): Agent | undefined {
  if (before.rules.length !== delta.from.rules || before.tools.length !== delta.from.tools) return undefined;
  return { ...delta.head, tools: applySplice(before.tools, delta.tools), rules: applySplice(before.rules, delta.rules) };
}
