/** The naive combined replay: per event, tool decisions first, then workflow decisions (`traces.md` §4). */
import type { Agent } from '../../src/core/model/toolRules.ts';
import type { Workflow } from '../../src/core/model/workflow.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import type { Decision, DecisionBody } from '../../src/core/engine/decisions.ts';
import { resolveSettings, type ReplaySettingsInput } from '../../src/core/engine/settings.ts';
import { formatIso } from '../../src/core/time.ts';
import { runNaiveTools } from './naiveTools.ts';
import { runNaiveWorkflow } from './naiveWorkflow.ts';

export interface NaiveReplayConfig {
  agent?: Agent;
  workflow?: Workflow;
  settings?: ReplaySettingsInput;
}

/** Per event, the decisions the reference gives (no seq/event/time). */
export function naiveReplay(
  config: NaiveReplayConfig,
  events: readonly TraceEvent[],
): DecisionBody[][] {
  const settings = resolveSettings(config.settings);
  const tools = config.agent
    ? runNaiveTools(config.agent, settings, events)
    : { decisions: events.map(() => []), executed: events.map(() => true) };
  const workflow = config.workflow
    ? runNaiveWorkflow(config.workflow, settings, events, tools.executed)
    : events.map(() => []);
  return events.map((_, i) => [...(tools.decisions[i] ?? []), ...(workflow[i] ?? [])]);
}

/** The decision stream with seq, event index and time added. */
export function stampDecisions(
  events: readonly TraceEvent[],
  perEvent: readonly DecisionBody[][],
): Decision[] {
  let seq = 0;
  return perEvent.flatMap((bodies, event) =>
    bodies.map(
      (body) =>
        ({ seq: seq++, event, time: formatIso(events[event]?.time ?? 0), ...body }) as Decision,
    ),
  );
}
