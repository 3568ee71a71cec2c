/**
 * What the naive tool reference knows: the events so far and the decisions already produced.
 * Every piece of engine state is recomputed from these by a scan, on every question.
 */
import type { Json } from '../../src/core/model/toolRules.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import type { DecisionBody } from '../../src/core/engine/decisions.ts';
import type { ReplaySettings } from '../../src/core/engine/settings.ts';

/** One decision already produced, with the index of the event that caused it. */
export interface LogEntry {
  event: number;
  body: DecisionBody;
}

/** The full history the reference reasons over. */
export interface ToolHistory {
  events: readonly TraceEvent[];
  /** Every decision so far, including those already produced for the current event. */
  log: readonly LogEntry[];
  settings: ReplaySettings;
}

/** A call that passed every check and ran (outcome ok or error). */
export interface Execution {
  event: number;
  time: number;
  tool: string;
  outcome: 'ok' | 'error';
  synthetic: boolean;
  args: Readonly<Record<string, Json>>;
}

/** Every execution so far, derived from `allowed` and `auto` decisions. */
export function executions(h: ToolHistory): Execution[] {
  const out: Execution[] = [];
  for (const { event, body } of h.log) {
    const ev = h.events[event];
    if (!ev) continue;
    if (body.kind === 'allowed' && ev.type === 'tool_call') {
      out.push({
        event,
        time: ev.time,
        tool: body.tool,
        outcome: body.outcome,
        synthetic: false,
        args: ev.args,
      });
    } else if (body.kind === 'auto') {
      out.push({
        event,
        time: ev.time,
        tool: body.tool,
        outcome: body.outcome,
        synthetic: true,
        args: {},
      });
    }
  }
  return out;
}

/** Index of the event that opened the batch holding event `i` (0 for the implicit batch). */
export function batchStart(events: readonly TraceEvent[], i: number): number {
  for (let j = i; j >= 0; j--) if (events[j]?.type === 'batch_start') return j;
  return 0;
}

/** Index of the event that opened the process holding event `i`. */
export function processStart(events: readonly TraceEvent[], i: number): number {
  for (let j = i; j >= 0; j--) {
    const t = events[j]?.type;
    if (t === 'batch_start' || t === 'process_start') return j;
  }
  return 0;
}

/** Index of the event that opened the ordering scope holding event `i`. */
export function orderingStart(h: ToolHistory, i: number): number {
  return h.settings.orderingScope === 'batch' ? batchStart(h.events, i) : processStart(h.events, i);
}

/** True when event `i` opens an ordering scope (the first event, or the scope's marker). */
export function opensOrderingScope(h: ToolHistory, i: number): boolean {
  return i === 0 || orderingStart(h, i) === i;
}

/** Tools called (executed with outcome ok) in the ordering scope of event `i`, in order, repeats kept. */
export function calledInScope(h: ToolHistory, i: number): string[] {
  const from = orderingStart(h, i);
  return executions(h)
    .filter((e) => e.event >= from && e.outcome === 'ok')
    .map((e) => e.tool);
}

/** Executions in the batch of event `i`. */
export function batchExecutions(h: ToolHistory, i: number): Execution[] {
  const from = batchStart(h.events, i);
  return executions(h).filter((e) => e.event >= from);
}

/** True when the loop has exited in the process of event `i`. */
export function hasExited(h: ToolHistory, i: number): boolean {
  const from = processStart(h.events, i);
  return h.log.some((d) => d.event >= from && d.body.kind === 'exit');
}
