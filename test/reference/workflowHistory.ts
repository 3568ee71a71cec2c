/**
 * What the naive workflow reference knows: the events, whether each tool call executed, and the
 * workflow decisions already produced. Phases and metrics are recomputed from these on demand.
 */
import type { Workflow } from '../../src/core/model/workflow.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import type { ReplaySettings } from '../../src/core/engine/settings.ts';
import type { LogEntry } from './toolHistory.ts';

export interface WorkflowHistory {
  workflow: Workflow;
  settings: ReplaySettings;
  events: readonly TraceEvent[];
  /** Per event: did its tool call execute (true when no agent is loaded). */
  executed: readonly boolean[];
  /** Workflow decisions so far, including those already produced for the current event. */
  log: readonly LogEntry[];
}

/** A phase: a node entered by a `transition` decision at event `startEvent`. */
export interface Phase {
  node: string;
  startEvent: number;
  startTime: number;
}

/** One piece of activity an event contributes to workflow metrics (`workflow-rules.md` §1, §5). */
export interface Act {
  event: number;
  time: number;
  kind: 'command' | 'edit' | 'tokens' | 'commit';
  /** The command or the edited path. */
  text: string;
  tool: string;
  input: number;
  output: number;
}

/** Every phase entered so far, in order. */
export function phases(h: WorkflowHistory): Phase[] {
  return h.log.flatMap(({ event, body }) =>
    body.kind === 'transition'
      ? [{ node: body.to, startEvent: event, startTime: h.events[event]?.time ?? 0 }]
      : [],
  );
}

const EDIT_TOOLS = { spec: ['Edit', 'Write', 'MultiEdit'], hegel: ['Edit', 'Write'] };

/** The activity of event `j`. */
export function activityOf(h: WorkflowHistory, j: number): Act[] {
  const ev = h.events[j];
  if (!ev) return [];
  const base = { event: j, time: ev.time, text: '', tool: '', input: 0, output: 0 };
  const out: Act[] = [];
  if (ev.type === 'command')
    out.push({ ...base, kind: 'command', text: ev.command, tool: ev.tool });
  // hegel records Edit and Write only, file_edit events included
  if (ev.type === 'file_edit' && (h.settings.profile !== 'hegel' || EDIT_TOOLS.hegel.includes(ev.tool))) out.push({ ...base, kind: 'edit', text: ev.path, tool: ev.tool });
  if (ev.type === 'commit') out.push({ ...base, kind: 'commit' });
  if (ev.type === 'tokens')
    out.push({ ...base, kind: 'tokens', input: ev.input, output: ev.output });
  if ((ev.type === 'tool_call' || ev.type === 'model_end') && ev.tokens)
    out.push({ ...base, kind: 'tokens', input: ev.tokens.input, output: ev.tokens.output });
  if (ev.type === 'tool_call' && h.executed[j] && !ev.activity_recorded) {
    const command = ev.args['command'];
    const path = ev.args['file_path'];
    if (ev.tool === 'Bash' && typeof command === 'string')
      out.push({ ...base, kind: 'command', text: command, tool: ev.tool });
    if (EDIT_TOOLS[h.settings.profile === 'hegel' ? 'hegel' : 'spec'].includes(ev.tool) && typeof path === 'string')
      out.push({ ...base, kind: 'edit', text: path, tool: ev.tool });
  }
  return out;
}

/** Activity of every event in `(from, to]` (by event index). */
export function activityBetween(h: WorkflowHistory, from: number, to: number): Act[] {
  const out: Act[] = [];
  for (let j = from + 1; j <= to; j++) out.push(...activityOf(h, j));
  return out;
}

/**
 * hegel's token buckets: the tokens of events up to `now` whose time lies in phase `k`'s
 * [start, start of the next phase) — an event at the instant of a transition counts in the new
 * phase even when it came before it (hegel-cli src/metrics/aggregation.rs `is_in_range`).
 */
export function phaseTokensByTime(h: WorkflowHistory, list: readonly Phase[], k: number, now: number): Act[] {
  const p = list[k];
  if (!p) return [];
  const end = list[k + 1]?.startTime ?? Infinity;
  return activityBetween(h, -1, now).filter((a) => a.kind === 'tokens' && a.time >= p.startTime && a.time < end);
}

/**
 * The events of phase `k` of `list` as seen at event `now`: from its start (exclusive: the entering
 * event carries no activity) to the start of the next phase, or to `now` for the active phase.
 */
export function phaseActivity(
  h: WorkflowHistory,
  list: readonly Phase[],
  k: number,
  now: number,
): Act[] {
  const p = list[k];
  if (!p) return [];
  const end = list[k + 1]?.startEvent ?? now;
  return activityBetween(h, p.startEvent, end);
}
