/**
 * The replay: one deterministic step per trace item, combining the tool-rule engine and the
 * workflow evaluator into the decision stream of `traces.md` §4. Per event, tool decisions come
 * first (periodic, auto, the call, exit), then workflow decisions (transition, interrupt).
 */
import type { Agent } from '../model/toolRules.ts';
import type { Workflow } from '../model/workflow.ts';
import type { TraceItem } from '../traces/events.ts';
import { formatIso } from '../time.ts';
import type { Decision, DecisionBody } from './decisions.ts';
import { resolveSettings, type ReplaySettings, type ReplaySettingsInput } from './settings.ts';
import { createToolEngine, type ToolEngine } from './tools/engine.ts';
import { createWorkflowEngine, type WorkflowEngine } from './workflow/engine.ts';

export interface ReplayConfig {
  /** The agent whose tool rules decide tool calls; none = tool calls give no tool decisions. */
  agent?: Agent;
  /** The workflow driven by workflow events; none = workflow events give no decisions. */
  workflow?: Workflow;
  settings?: ReplaySettingsInput;
}

export interface ReplaySnapshot {
  /** Index the next usable event gets. */
  events: number;
  /** Decisions written so far. */
  decisions: number;
  tools?: ReturnType<ToolEngine['snapshot']>;
  workflow?: ReturnType<WorkflowEngine['snapshot']>;
}

/** A running replay. */
export interface Replay {
  readonly settings: ReplaySettings;
  /** Feeds one trace item (an event or an unusable line) and returns the decisions it caused. */
  push(item: TraceItem): Decision[];
  snapshot(): ReplaySnapshot;
}

/** Starts a replay. The engines never read the wall clock: time comes from the events. */
export function createReplay(config: ReplayConfig): Replay {
  const settings = resolveSettings(config.settings);
  const tools = config.agent ? createToolEngine(config.agent, settings) : undefined;
  const workflow = config.workflow ? createWorkflowEngine(config.workflow, settings) : undefined;
  let events = 0;
  let seq = 0;
  let lastTime = 0;

  const stamp = (bodies: readonly DecisionBody[], event: number, time: number, line?: number): Decision[] => {
    if (bodies.length === 0) return [];
    const iso = formatIso(time);
    return bodies.map((b) => {
      const body = b.kind === 'error' && line !== undefined && b.line <= 0 ? { ...b, line } : b;
      return { seq: seq++, event, time: iso, ...body } as Decision;
    });
  };

  return {
    settings,
    push(item) {
      if (item.kind === 'error') {
        return stamp([{ kind: 'error', line: item.line, message: item.message }], events, lastTime);
      }
      const ev = item.event;
      const index = events++;
      lastTime = ev.time;
      const toolOut = tools ? tools.step(ev) : { decisions: [], executed: true };
      const wfOut = workflow ? workflow.step(ev, { executed: toolOut.executed }) : [];
      return stamp([...toolOut.decisions, ...wfOut], index, ev.time, item.line);
    },
    snapshot() {
      return {
        events,
        decisions: seq,
        ...(tools ? { tools: tools.snapshot() } : {}),
        ...(workflow ? { workflow: workflow.snapshot() } : {}),
      };
    },
  };
}

/** Replays a whole trace and returns every decision. */
export function replayItems(items: Iterable<TraceItem>, config: ReplayConfig): Decision[] {
  const r = createReplay(config);
  const out: Decision[] = [];
  for (const item of items) for (const d of r.push(item)) out.push(d);
  return out;
}
