/**
 * T001 (cycles), T003 (a tool that can never be called) and T004 (a start or exit tool that can
 * never be called), worded from the chains found by {@link findDeadTools}.
 */
import type { AgentFacts } from './agentFacts.ts';
import { exactRules, firstInRuleOrder, ruleLabel } from './agentFacts.ts';
import type { RequiredCycle } from './cycles.ts';
import type { DeadTools, DeathCause } from './deadTools.ts';
import type { AgentEmit } from './emit.ts';
import type { RequiredOrderGraph } from './requiredOrder.ts';
import { arrowPath, quote, quoteList } from './text.ts';

/** Tool hops spelled out in a chain before the rest is counted. */
const CHAIN_SHOWN = 4;

interface Wording {
  facts: AgentFacts;
  graph: RequiredOrderGraph;
  dead: DeadTools;
  /** Rendered cycle paths, so a big cycle is spelled once however many tools need it. */
  paths: Map<RequiredCycle, string>;
}

function name(w: Wording, tool: number): string {
  return w.facts.tools.names[tool]!;
}

function cyclePath(w: Wording, cycle: RequiredCycle): string {
  const known = w.paths.get(cycle);
  if (known !== undefined) return known;
  const through = cycle.wildcardRules.length > 0 ? `, through the \`*\` ${ruleLabel(w.facts, cycle.wildcardRules[0]!)}` : '';
  const path = `${arrowPath(cycle.path.map((t) => name(w, t)))}${through}`;
  w.paths.set(cycle, path);
  return path;
}

/** What is wrong with a root, as a predicate: "is in a cycle …", "is limited by MaxCalls(0) …". */
function rootPredicate(w: Wording, cause: DeathCause): string {
  switch (cause.kind) {
    case 'cycle':
      return `is in a cycle of the required order (${cyclePath(w, cause.cycle)})`;
    case 'conflict':
      return `both needs ${quote(name(w, cause.conflict.partner))} before it and must precede it`;
    case 'undeclared':
      return 'is not among the agent’s declared tools';
    case 'maxCalls':
      return `is limited by MaxCalls(0) (${ruleLabel(w.facts, cause.rule)})`;
    case 'exclusive':
      return `needs ${quote(name(w, cause.partner))} before it but shares an exclusive group with it (${ruleLabel(w.facts, cause.groupRule)}), and calling ${quote(name(w, cause.partner))} claims the group for the batch`;
  }
}

/** Why `tool` can never be called, starting with "it": "it needs `b`, which is in a cycle …". */
function why(w: Wording, tool: number): string {
  const { dead, graph } = w;
  const root = dead.root[tool]!;
  if (root === tool) return `it ${rootPredicate(w, dead.cause[tool]!)}`;
  const parts: string[] = [];
  let at = tool;
  for (let shown = 0; at !== root && shown < CHAIN_SHOWN; shown++) {
    let next = dead.via[at]!;
    let wildcard = '';
    if (graph.isVirtual(next)) {
      wildcard = ` (by the \`*\` ${ruleLabel(w.facts, dead.viaRule[at]!)})`;
      next = dead.via[next]!;
    }
    parts.push(`${shown === 0 ? 'it needs' : 'which needs'} ${quote(name(w, next))}${wildcard}`);
    at = next;
  }
  if (at !== root) {
    const skipped = dead.depth[at]! - 1;
    parts.push(`which needs … (${skipped} more) … ${quote(name(w, root))}`);
  }
  const cause = dead.cause[root];
  if (cause) parts.push(`which ${rootPredicate(w, cause)}`);
  return parts.join(', ');
}

/** The rule a T003 finding points at: the edge leading towards the root, or the root's own rule. */
function ruleOfDeadTool(w: Wording, tool: number): number | undefined {
  const cause = w.dead.cause[tool];
  if (cause?.kind === 'maxCalls') return cause.rule;
  if (cause?.kind === 'exclusive') return cause.rule;
  const rule = w.dead.viaRule[tool]!;
  return rule >= 0 ? rule : undefined;
}

/** Emits T001 for each cycle, then T004 / T003 for each tool that can never be called. */
export function reportNeverCalled(
  facts: AgentFacts,
  graph: RequiredOrderGraph,
  cycles: readonly RequiredCycle[],
  dead: DeadTools,
  emit: AgentEmit,
): void {
  const w: Wording = { facts, graph, dead, paths: new Map() };
  for (const cycle of cycles) {
    const members = cycle.tools.map((t) => name(w, t));
    const none = members.length === 1 ? `${quote(members[0]!)} can never` : `none of ${quoteList(members)} can ever`;
    emit(
      'T001',
      'error',
      `Cycle in the required order: ${cyclePath(w, cycle)} (each tool needs the next one called before it), so ${none} be called.`,
      { rule: cycle.closingRule, tool: members[0]!, field: 'conditions' },
    );
  }
  const roles = new Map<string, ('start' | 'exit')[]>();
  for (const t of facts.startTools) roles.set(t, ['start']);
  for (const t of facts.exitTools) roles.set(t, [...(roles.get(t) ?? []), 'exit']);
  for (let t = 0; t < graph.toolCount; t++) {
    if (!dead.dead[t]) continue;
    const tool = name(w, t);
    const required = roles.get(tool);
    if (required) {
      const reason = why(w, t);
      for (const role of required) {
        const rule = firstInRuleOrder(facts, exactRules(facts, role === 'start' ? 'StartConstraint' : 'RequiredBeforeExit', tool));
        const message =
          role === 'start'
            ? `Start tool ${quote(tool)} can never be called (${reason}), so the agent can never start.`
            : `${quote(tool)} is required before exit but can never be called (${reason}), so the agent can never exit cleanly.`;
        emit('T004', 'error', message, { rule, tool });
      }
      continue;
    }
    const kind = dead.cause[t]?.kind;
    if (kind === 'cycle' || kind === 'conflict' || kind === 'undeclared') continue;
    emit('T003', 'error', `${quote(tool)} can never be called: ${why(w, t)}.`, {
      rule: ruleOfDeadTool(w, t),
      tool,
      field: kind === 'maxCalls' ? undefined : 'conditions',
    });
  }
}
