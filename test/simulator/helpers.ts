/** Builders for the simulator tests: hand-built agents, workflows and traces run through createReplay. */
import type { Decision } from '../../src/core/engine/decisions.ts';
import { createReplay, type ReplayConfig, type ReplaySnapshot } from '../../src/core/engine/replay.ts';
import { Agent, type ToolRule } from '../../src/core/model/toolRules.ts';
import type { Transition, Workflow, WorkflowRule } from '../../src/core/model/workflow.ts';
import { parseTime } from '../../src/core/time.ts';
import { TraceEvent, type TraceItem } from '../../src/core/traces/events.ts';

const BASE = (() => {
  const t = parseTime('2025-01-01T10:00:00Z');
  if (!t.ok) throw new Error(t.message);
  return t.ms;
})();

type RuleInput = Omit<ToolRule, 'conditions' | 'priority'> & { conditions?: string[]; priority?: number };

/** An agent from rules and declared tool names. */
export function agent(rules: RuleInput[], tools: string[] = []): Agent {
  return Agent.parse({ name: 'test', tools: tools.map((name) => ({ name })), rules });
}

/** A workflow from nodes in order. */
export function workflow(startNode: string, nodes: Record<string, { transitions?: [string, string][]; rules?: WorkflowRule[] }>): Workflow {
  return {
    name: 'wf',
    mode: 'execution',
    start_node: startNode,
    nodes: Object.entries(nodes).map(([name, n]) => ({
      name,
      transitions: (n.transitions ?? []).map(([when, to]): Transition => ({ when, to })),
      rules: n.rules ?? [],
    })),
  };
}

/** A trace item: an event `secs` seconds after 2025-01-01T10:00:00Z. */
export function ev(secs: number, type: TraceEvent['type'], fields: Record<string, unknown> = {}): TraceItem {
  return { kind: 'event', event: TraceEvent.parse({ type, time: BASE + Math.round(secs * 1000), ...fields }) };
}

export const call = (secs: number, tool: string, fields: Record<string, unknown> = {}) => ev(secs, 'tool_call', { tool, ...fields });

/** A replay of every item, with the snapshot after each item and the event behind each decision. */
export interface Run {
  decisions: Decision[];
  /** Snapshot after item i. */
  snapshots: ReplaySnapshot[];
  /** For each decision (by seq): the item index that caused it. */
  itemOf: number[];
}

export function run(items: TraceItem[], config: ReplayConfig): Run {
  const r = createReplay(config);
  const out: Run = { decisions: [], snapshots: [], itemOf: [] };
  items.forEach((item, i) => {
    for (const d of r.push(item)) {
      out.decisions.push(d);
      out.itemOf.push(i);
    }
    out.snapshots.push(r.snapshot());
  });
  return out;
}

/** The explanation context of decision `seq` of a run: the state after its item, and its event. */
export function contextOf(runResult: Run, items: TraceItem[], seq: number, config: ReplayConfig) {
  const i = runResult.itemOf[seq] as number;
  const item = items[i] as TraceItem;
  return {
    ...config,
    state: runResult.snapshots[i],
    ...(item.kind === 'event' ? { event: item.event } : {}),
  };
}
