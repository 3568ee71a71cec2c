/**
 * hegel's `states.jsonl` (`traces.md` §3): one line per transition, as hegel's storage writes it
 * (`timestamp`, `workflow_id?`, `from_node`, `to_node`, `phase`, `mode`). `from_node` = `START` is
 * the start of a workflow (`workflow_start` at `to_node`); any other line is a `next` that lands
 * on `to_node` (a recorded fact: `to`, no claims). A bad line is an error naming it.
 */
import type { TraceItem } from './events.ts';
import { createJsonObjectLineReader, readAll, MAX_LINE_CHARS, type LineReader } from './lineReader.ts';
import { describeJsonType, eventItem, lineError } from './lineItems.ts';
import { createTimeOrder } from './timeOrder.ts';
import { checkEventObject, parseTraceTime, withOffset } from './validateEvent.ts';

/** The string fields hegel requires on every line, in its struct's order. */
const REQUIRED = ['timestamp', 'from_node', 'to_node', 'phase', 'mode'] as const;

/** The problem with a line's fields, or `null`. */
function fieldProblem(obj: Record<string, unknown>): string | null {
  for (const key of REQUIRED) {
    const value = obj[key];
    if (value === undefined) return `missing field '${key}'`;
    if (typeof value !== 'string') return `field '${key}': expected a string, got ${describeJsonType(value)}`;
  }
  return null;
}

/** A streaming `states.jsonl` reader. */
export function createHegelStatesReader(opts: { file?: string } = {}): LineReader {
  const { file } = opts;
  const order = createTimeOrder();
  return createJsonObjectLineReader(
    {
      object(obj, line, out) {
        const problem = fieldProblem(obj);
        if (problem) {
          out.push(lineError(line, problem, file));
          return;
        }
        const time = parseTraceTime(obj.timestamp);
        if (!time.ok) {
          out.push(lineError(line, time.message, file));
          return;
        }
        const event =
          obj.from_node === 'START'
            ? { type: 'workflow_start', time: time.ms, node: obj.to_node }
            : { type: 'next', time: time.ms, claims: [], to: obj.to_node };
        const checked = withOffset(checkEventObject(event), time.offset);
        if (!checked.ok) {
          out.push(lineError(line, checked.problem, file));
          return;
        }
        const backwards = order.check(time.ms);
        out.push(backwards ? lineError(line, backwards, file) : eventItem(checked.event, line));
      },
    },
    { ...(file !== undefined ? { file } : {}), maxLineChars: MAX_LINE_CHARS },
  );
}

/** Reads a whole `states.jsonl` text. */
export function readHegelStates(text: string, file?: string): TraceItem[] {
  return readAll(createHegelStatesReader({ file }), text);
}
