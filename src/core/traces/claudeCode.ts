/**
 * Claude Code session transcripts (`traces.md` §3): JSON Lines where `type: "assistant"` lines
 * with a `timestamp` carry the model's usage (`message.usage`, or top-level `usage` in older
 * versions, as hegel reads them) and `tool_use` content blocks. Usage becomes a `tokens` event,
 * then each `tool_use` block a `tool_call`, all at the line's time. Other lines are skipped; a
 * line that is not JSON at all, or an assistant line with broken usage or blocks, is an error.
 */
import type { TraceEvent, TraceItem } from './events.ts';
import { createJsonObjectLineReader, readAll, MAX_RECORDED_LINE_CHARS, type LineReader } from './lineReader.ts';
import { eventItem, isJsonObject, lineError } from './lineItems.ts';
import { createTimeOrder } from './timeOrder.ts';
import { checkEventObject, parseTraceTime } from './validateEvent.ts';

/** The `tokens` event object of an Anthropic usage record (`input_tokens`, `output_tokens`, cache counts). */
export function usageToTokens(usage: Record<string, unknown>, time: number): Record<string, unknown> {
  const tokens: Record<string, unknown> = {
    type: 'tokens',
    time,
    input: usage.input_tokens,
    output: usage.output_tokens,
  };
  if (usage.cache_read_input_tokens != null) tokens.cache_read = usage.cache_read_input_tokens;
  if (usage.cache_creation_input_tokens != null) tokens.cache_creation = usage.cache_creation_input_tokens;
  return tokens;
}

/** The `tool_call` event object of a `tool_use` content block. */
export function toolUseToCall(block: Record<string, unknown>, time: number): Record<string, unknown> {
  const call: Record<string, unknown> = { type: 'tool_call', time, tool: block.name, args: block.input ?? {} };
  if (typeof block.id === 'string') call.id = block.id;
  return call;
}

/** The raw events of one assistant line (before validation). */
function assistantEvents(obj: Record<string, unknown>, time: number): Record<string, unknown>[] {
  const message = isJsonObject(obj.message) ? obj.message : {};
  const usage = message.usage ?? obj.usage;
  const raw: Record<string, unknown>[] = [];
  if (isJsonObject(usage)) raw.push(usageToTokens(usage, time));
  const content = message.content;
  if (Array.isArray(content)) {
    for (const block of content) {
      if (isJsonObject(block) && block.type === 'tool_use') raw.push(toolUseToCall(block, time));
    }
  }
  return raw;
}

/** A streaming Claude Code transcript reader. */
export function createClaudeTranscriptReader(opts: { file?: string } = {}): LineReader {
  const { file } = opts;
  const order = createTimeOrder();
  return createJsonObjectLineReader(
    {
      object(obj, line, out) {
        if (obj.type !== 'assistant' || obj.timestamp === undefined) return;
        const time = parseTraceTime(obj.timestamp);
        if (!time.ok) {
          out.push(lineError(line, time.message, file));
          return;
        }
        const events: TraceEvent[] = [];
        for (const raw of assistantEvents(obj, time.ms)) {
          const checked = checkEventObject(raw);
          if (!checked.ok) {
            const what = raw.type === 'tokens' ? 'usage' : 'tool_use block';
            out.push(lineError(line, `${what}: ${checked.problem}`, file));
            return;
          }
          events.push(checked.event);
        }
        if (events.length === 0) return;
        const backwards = order.check(time.ms);
        if (backwards) out.push(lineError(line, backwards, file));
        else for (const event of events) out.push(eventItem(event, line));
      },
    },
    { ...(file !== undefined ? { file } : {}), maxLineChars: MAX_RECORDED_LINE_CHARS },
  );
}

/** Reads a whole Claude Code transcript. */
export function readClaudeTranscript(text: string, file?: string): TraceItem[] {
  return readAll(createClaudeTranscriptReader({ file }), text);
}
