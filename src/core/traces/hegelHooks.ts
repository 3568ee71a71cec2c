/**
 * hegel's `hooks.jsonl` (`traces.md` §3). Two line forms are read, as hegel's own metrics parser
 * does: canonical hook events (`timestamp`, `session_id`, `event_type`, post-tool-use spelled
 * `post_tool_use`) and legacy Claude Code hook lines (`session_id`, `hook_event_name`, spelled
 * `PostToolUse`, `timestamp` optional). Only post-tool-use events are used; each gives a
 * `tool_call` with `tool_input` as args, followed by a `command` (Bash with a string `command`) or a
 * `file_edit` (Edit/Write with a string `file_path`) at the same time. Such a call carries
 * `activity_recorded: true` so the workflow engine counts the command or edit once, from its own
 * event. Lines of neither form are skipped and counted in one error item at the end.
 */
import type { TraceEvent, TraceItem } from './events.ts';
import { createLineReader, readAll, MAX_RECORDED_LINE_CHARS, type LineReader } from './lineReader.ts';
import { describeJsonType, eventItem, isJsonObject, lineError, parseJsonObjectLine } from './lineItems.ts';
import { createTimeOrder } from './timeOrder.ts';
import { checkEventObject, parseTraceTime, withOffset } from './validateEvent.ts';

/** Tools whose `file_path` is an edit in hegel's metrics. */
const EDIT_TOOLS: readonly string[] = ['Edit', 'Write'];

type HookForm = { form: 'canonical' | 'legacy'; postToolUse: boolean };

/** Which form a parsed line has, or `null` for neither. */
function hookForm(obj: Record<string, unknown>): HookForm | null {
  if (typeof obj.session_id !== 'string') return null;
  if (typeof obj.event_type === 'string' && typeof obj.timestamp === 'string') {
    return { form: 'canonical', postToolUse: obj.event_type === 'post_tool_use' };
  }
  if (typeof obj.hook_event_name === 'string') {
    return { form: 'legacy', postToolUse: obj.hook_event_name === 'PostToolUse' };
  }
  return null;
}

/** The events of one post-tool-use line, or the problem that makes it unusable. */
function postToolUseEvents(obj: Record<string, unknown>, time: number, offset: number): TraceEvent[] | string {
  const tool = obj.tool_name;
  if (typeof tool !== 'string') return `post-tool-use event has no tool_name`;
  const input = obj.tool_input ?? {};
  if (!isJsonObject(input)) return `field 'tool_input': expected an object, got ${describeJsonType(input)}`;
  const call: Record<string, unknown> = { type: 'tool_call', time, tool, args: input };
  if (typeof obj.tool_use_id === 'string') call.id = obj.tool_use_id;
  let activity: Record<string, unknown> | null = null;
  if (tool === 'Bash' && typeof input.command === 'string') {
    activity = { type: 'command', time, command: input.command, tool };
  } else if (EDIT_TOOLS.includes(tool) && typeof input.file_path === 'string') {
    activity = { type: 'file_edit', time, path: input.file_path, tool };
  }
  if (activity) call.activity_recorded = true;
  const events: TraceEvent[] = [];
  for (const obj of activity ? [call, activity] : [call]) {
    const checked = withOffset(checkEventObject(obj), offset);
    if (!checked.ok) return checked.problem;
    events.push(checked.event);
  }
  return events;
}

/** A streaming `hooks.jsonl` reader. */
export function createHegelHooksReader(opts: { file?: string } = {}): LineReader {
  const { file } = opts;
  const order = createTimeOrder();
  let skipped = 0;
  let firstSkipped = 0;
  const skip = (line: number) => {
    if (skipped === 0) firstSkipped = line;
    skipped += 1;
  };
  return createLineReader(
    {
      line(text, line, out) {
        if (text !== null && text.trim() === '') return;
        if (text === null) {
          out.push(lineError(line, `line is longer than ${MAX_RECORDED_LINE_CHARS.toLocaleString('en-US')} characters, so it was not read`, file));
          return;
        }
        const json = parseJsonObjectLine(text);
        const form = json?.ok ? hookForm(json.value) : null;
        if (!json?.ok || !form) return skip(line);
        if (!form.postToolUse) return;
        const obj = json.value;
        if (obj.timestamp === undefined || obj.timestamp === '') {
          out.push(lineError(line, 'hook event has no timestamp', file));
          return;
        }
        const time = parseTraceTime(obj.timestamp);
        if (!time.ok) {
          out.push(lineError(line, time.message, file));
          return;
        }
        const events = postToolUseEvents(obj, time.ms, time.offset);
        if (typeof events === 'string') {
          out.push(lineError(line, events, file));
          return;
        }
        const backwards = order.check(time.ms);
        if (backwards) out.push(lineError(line, backwards, file));
        else for (const event of events) out.push(eventItem(event, line));
      },
      finish(out) {
        if (skipped === 0) return;
        const lines = skipped === 1 ? '1 line' : `${skipped} lines`;
        out.push(
          lineError(
            firstSkipped,
            `skipped ${lines} (this is the first) that are neither a hegel hook event (timestamp, session_id, event_type) nor a Claude Code hook line (session_id, hook_event_name)`,
            file,
          ),
        );
      },
    },
    MAX_RECORDED_LINE_CHARS,
  );
}

/** Reads a whole `hooks.jsonl` text. */
export function readHegelHooks(text: string, file?: string): TraceItem[] {
  return readAll(createHegelHooksReader({ file }), text);
}
