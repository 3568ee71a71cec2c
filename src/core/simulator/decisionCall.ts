/**
 * The call a decision is about, named as the presenter's chips name it (`Bash(npm run build)`), for
 * a timeline row: the worker makes it for the rows the page asks for, so a run's call arguments
 * never cross to the page. Pure: no DOM, no engine state.
 */
import type { Decision, DecisionKind } from '../engine/decisions.ts';
import type { TraceItem } from '../traces/events.ts';
import { callText } from '../traces/callText.ts';

/** A row's call text is at most this long (the argument is cut with an ellipsis to fit). */
export const CALL_TEXT_MAX = 80;

/** The argument keeps at least this many characters, however long the tool's name. */
const MIN_ARGUMENT = 24;

/** Decisions about the trace's own call (not an automatic call, nor a reminder that a tool is due). */
const ABOUT_THE_CALL: ReadonlySet<DecisionKind> = new Set(['allowed', 'blocked', 'denied', 'timeout', 'not_found', 'deduplicated', 'ignored']);

/**
 * `Bash(npm run build)` for a decision about the tool call of its step `item`, with the call's
 * telling argument (`callText`, the chips' function) so the whole is at most `max` characters
 * (the tool's name is never cut); undefined when the decision is about something else or the call
 * has no telling argument (its row names the tool alone, as its chip does).
 */
export function decisionCallText(d: Decision, item: TraceItem | undefined, max = CALL_TEXT_MAX): string | undefined {
  if (!ABOUT_THE_CALL.has(d.kind) || !('tool' in d) || item?.kind !== 'event' || item.event.type !== 'tool_call' || item.event.tool !== d.tool) return undefined;
  const text = callText(d.tool, item.event.args, Math.max(MIN_ARGUMENT, max - d.tool.length - 2));
  return text === d.tool ? undefined : text;
}
