/**
 * Summary and coverage of one or several decision streams: counts per decision kind, per tool and
 * per rule, and the rules that never fired (see `attribution.ts` for what "fired" means; for a
 * Letta agent's rules, `lettaAttribution.ts`).
 */
import type { Decision, DecisionKind } from '../engine/decisions.ts';
import type { LettaRuleTypeName } from '../model/lettaRules.ts';
import type { Agent, ToolRuleTypeName } from '../model/toolRules.ts';
import type { Workflow, WorkflowRuleTypeName } from '../model/workflow.ts';
import { ToolRuleAttribution } from './attribution.ts';
import { LettaRuleAttribution } from './lettaAttribution.ts';

/** Every decision kind, in the order of `traces.md` §4. */
export const DECISION_KINDS: readonly DecisionKind[] = [
  'allowed', 'auto', 'blocked', 'deduplicated', 'denied', 'timeout', 'not_found', 'ignored',
  'exit', 'exit_blocked', 'periodic_due', 'transition', 'interrupt', 'error',
];

export type KindCounts = Partial<Record<DecisionKind, number>>;

export interface ToolCount {
  tool: string;
  total: number;
  byKind: KindCounts;
}

export interface ToolRuleCount {
  /** 0-based index in the agent's rule list. */
  rule: number;
  tool: string;
  type: ToolRuleTypeName;
  /** Decisions this rule shaped (see `attribution.ts`). */
  fired: number;
  /** Of those, failures it decided (blocked, denied, exit_blocked). */
  failures: number;
  byKind: KindCounts;
}

/** A Letta agent's rule (profile `letta`): counted like a tool rule. */
export interface LettaRuleCount {
  /** 0-based index in the agent's `lettaRules`. */
  rule: number;
  tool: string;
  type: LettaRuleTypeName;
  /** Decisions this rule shaped (see `lettaAttribution.ts`). */
  fired: number;
  /** Of those, failures it decided (blocked, denied, exit_blocked). */
  failures: number;
  byKind: KindCounts;
}

export interface WorkflowRuleCount {
  node: string;
  rule: number;
  type: WorkflowRuleTypeName;
  /** Interrupts it gave. */
  fired: number;
}

export interface Summary {
  /** Decision streams summarised. */
  traces: number;
  decisions: number;
  /** Every kind, zeros included. */
  byKind: Record<DecisionKind, number>;
  /** Tools that appear in decisions, by name. */
  byTool: ToolCount[];
  /** Every rule of the agent, in file order. */
  toolRules: ToolRuleCount[];
  /** Every rule of a Letta agent, in file order (empty for other agents). */
  lettaRules: LettaRuleCount[];
  /** Every rule of every node, in file order. */
  workflowRules: WorkflowRuleCount[];
  /** Rules that fired in none of the streams (Needed and continue_loop rules, which never fire, are left out). */
  neverFired: { tool: ToolRuleCount[]; letta: LettaRuleCount[]; workflow: WorkflowRuleCount[] };
  /** Decisions naming a rule that is not in the loaded agent or workflow (rules edited since the run). */
  unknownRuleRefs: number;
}

export interface SummaryContext {
  agent?: Agent;
  workflow?: Workflow;
}

const FAILURE_KINDS: ReadonlySet<DecisionKind> = new Set<DecisionKind>(['blocked', 'denied', 'exit_blocked']);

const bump = (counts: KindCounts, kind: DecisionKind) => {
  counts[kind] = (counts[kind] ?? 0) + 1;
};

function isStreamList(input: readonly Decision[] | readonly (readonly Decision[])[]): input is readonly (readonly Decision[])[] {
  return input.length > 0 && Array.isArray(input[0]);
}

/**
 * Summarises one decision stream, or several (one per trace of the project): `neverFired` then
 * lists the rules that fired in none of them. An empty array counts as one empty stream.
 * Linear in the decisions.
 */
export function summarize(input: readonly Decision[] | readonly (readonly Decision[])[], ctx: SummaryContext = {}): Summary {
  const streams: readonly (readonly Decision[])[] = isStreamList(input) ? input : [input as readonly Decision[]];
  const byKind = Object.fromEntries(DECISION_KINDS.map((k) => [k, 0])) as Record<DecisionKind, number>;
  const tools = new Map<string, ToolCount>();
  const toolRules: ToolRuleCount[] = (ctx.agent?.rules ?? []).map((r, rule) => ({
    rule, tool: r.tool_name, type: r.rule_type.type, fired: 0, failures: 0, byKind: {},
  }));
  const lettaRules: LettaRuleCount[] = (ctx.agent?.lettaRules ?? []).map((r, rule) => ({
    rule, tool: r.tool_name, type: r.type, fired: 0, failures: 0, byKind: {},
  }));
  // A Letta agent's decisions name its Letta rules (Pattern's `rules` stay empty for it).
  const counted: (ToolRuleCount | LettaRuleCount)[] = lettaRules.length > 0 ? lettaRules : toolRules;
  const workflowRules: WorkflowRuleCount[] = [];
  const wfIndex = new Map<string, WorkflowRuleCount>();
  for (const node of ctx.workflow?.nodes ?? [])
    node.rules.forEach((r, rule) => {
      const c: WorkflowRuleCount = { node: node.name, rule, type: r.type, fired: 0 };
      workflowRules.push(c);
      wfIndex.set(`${node.name}\u0000${rule}`, c);
    });
  const attribution = !ctx.agent ? undefined : lettaRules.length > 0 ? new LettaRuleAttribution(ctx.agent) : new ToolRuleAttribution(ctx.agent);
  let total = 0;
  let unknownRuleRefs = 0;
  let current: Decision;
  const fire = (rule: number) => {
    const c = counted[rule];
    if (!c) {
      unknownRuleRefs++;
      return;
    }
    c.fired++;
    bump(c.byKind, current.kind);
    if (FAILURE_KINDS.has(current.kind)) c.failures++;
  };
  for (const stream of streams)
    for (const d of stream) {
      total++;
      current = d;
      byKind[d.kind]++;
      if ('tool' in d) {
        let t = tools.get(d.tool);
        if (!t) tools.set(d.tool, (t = { tool: d.tool, total: 0, byKind: {} }));
        t.total++;
        bump(t.byKind, d.kind);
      }
      if (d.kind === 'interrupt') {
        const c = wfIndex.get(`${d.node}\u0000${d.rule}`);
        if (c) c.fired++;
        else unknownRuleRefs++;
      } else if (attribution) attribution.forEachFired(d, fire);
      else if ('rule' in d && d.rule !== undefined) unknownRuleRefs++;
    }
  return {
    traces: streams.length,
    decisions: total,
    byKind,
    byTool: [...tools.values()].sort((a, b) => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0)),
    toolRules,
    lettaRules,
    workflowRules,
    neverFired: {
      tool: toolRules.filter((r) => r.fired === 0 && r.type !== 'Needed'),
      letta: lettaRules.filter((r) => r.fired === 0 && r.type !== 'continue_loop'),
      workflow: workflowRules.filter((r) => r.fired === 0),
    },
    unknownRuleRefs,
  };
}
