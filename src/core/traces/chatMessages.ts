/**
 * Chat message logs (`traces.md` §3): a JSON array of messages, or `{ "messages": [...] }`, in the
 * OpenAI style (assistant `tool_calls[*].function` with JSON-string `arguments`) or the Anthropic
 * style (assistant `content` blocks of type `tool_use`); both are read from every message, so the
 * flavour needs no switch. A user message is a `batch_start`, except an Anthropic user message made
 * only of `tool_result` blocks (a tool answer, not a new request: a `tool_result` with
 * `is_error: true` marks its call's outcome `error`). An assistant message with no tool call is a
 * `model_end`. Logs carry no times: events are one second apart from 1970-01-01T00:00:00Z.
 */
import type { TraceEvent, TraceItem } from './events.ts';
import { describeJsonType, eventItem, isJsonObject, lineError, preview } from './lineItems.ts';
import { arrayElementLines } from './jsonPositions.ts';
import { toolUseToCall } from './claudeCode.ts';
import { checkEventObject } from './validateEvent.ts';

/** Which style a message list is written in: Anthropic when content blocks carry the tool calls. */
export function detectChatFlavor(messages: readonly unknown[]): 'openai' | 'anthropic' {
  let anthropic = false;
  for (const m of messages) {
    if (!isJsonObject(m)) continue;
    if (Array.isArray(m.tool_calls) || m.role === 'tool' || isJsonObject(m.function_call)) return 'openai';
    if (Array.isArray(m.content) && m.content.some((b) => isJsonObject(b) && (b.type === 'tool_use' || b.type === 'tool_result'))) {
      anthropic = true;
    }
  }
  return anthropic ? 'anthropic' : 'openai';
}

/** The message list of a parsed document, or `null`. */
export function chatMessageList(root: unknown): unknown[] | null {
  if (Array.isArray(root)) return root;
  if (isJsonObject(root) && Array.isArray(root.messages)) return root.messages;
  return null;
}

/** OpenAI `tool_calls[*]` (and the older single `function_call`) of a message. */
function openAiCalls(m: Record<string, unknown>): unknown[] {
  const calls = Array.isArray(m.tool_calls) ? [...m.tool_calls] : [];
  if (isJsonObject(m.function_call)) calls.push({ function: m.function_call });
  return calls;
}

/** The raw `tool_call` object of one OpenAI call, or the problem with it. */
function openAiCall(call: unknown, time: number): Record<string, unknown> | string {
  const fn = isJsonObject(call) ? call.function : undefined;
  if (!isJsonObject(fn) || typeof fn.name !== 'string') return `tool call has no function name`;
  let args: unknown = {};
  if (typeof fn.arguments === 'string' && fn.arguments.trim() !== '') {
    try {
      args = JSON.parse(fn.arguments);
    } catch {
      return `tool call '${fn.name}' has arguments that are not valid JSON: ${preview(fn.arguments)}`;
    }
  } else if (isJsonObject(fn.arguments)) args = fn.arguments;
  if (!isJsonObject(args)) return `tool call '${fn.name}' has arguments that are ${describeJsonType(args)}, not an object`;
  const out: Record<string, unknown> = { type: 'tool_call', time, tool: fn.name, args };
  if (isJsonObject(call) && typeof call.id === 'string') out.id = call.id;
  return out;
}

function blocks(m: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(m.content) ? m.content.filter(isJsonObject) : [];
}

/** Reads an OpenAI-style or Anthropic-style message log. */
export function readChatMessages(text: string, file?: string): TraceItem[] {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return [lineError(1, 'the file is not valid JSON', file)];
  }
  const messages = chatMessageList(root);
  if (!messages) return [lineError(1, `expected an array of messages or { "messages": [...] }, got ${describeJsonType(root)}`, file)];
  const lines = arrayElementLines(text, 'messages') ?? [];
  const items: TraceItem[] = [];
  const callsById = new Map<string, TraceEvent & { type: 'tool_call' }>();
  let count = 0;
  const push = (raw: Record<string, unknown> | string, line: number, where: string) => {
    const checked = typeof raw === 'string' ? { ok: false as const, problem: raw } : checkEventObject(raw);
    if (!checked.ok) {
      items.push(lineError(line, `${where}: ${checked.problem}`, file));
      return;
    }
    count++;
    items.push(eventItem(checked.event, line));
    if (checked.event.type === 'tool_call' && checked.event.id !== undefined) callsById.set(checked.event.id, checked.event);
  };
  messages.forEach((m, index) => {
    const line = lines[index] ?? 1;
    const where = `message ${index + 1}`;
    if (!isJsonObject(m)) return push(`expected an object, got ${describeJsonType(m)}`, line, where);
    const content = blocks(m);
    if (m.role === 'user') {
      const results = content.filter((b) => b.type === 'tool_result');
      for (const r of results) {
        const call = typeof r.tool_use_id === 'string' ? callsById.get(r.tool_use_id) : undefined;
        if (call && r.is_error === true) call.outcome = 'error';
      }
      const onlyToolResults = results.length > 0 && results.length === content.length;
      if (!onlyToolResults) {
        push({ type: 'batch_start', time: count * 1000 }, line, where);
      }
      return;
    }
    if (m.role !== 'assistant') return;
    const calls = openAiCalls(m);
    const uses = content.filter((b) => b.type === 'tool_use');
    for (const call of calls) push(openAiCall(call, count * 1000), line, where);
    for (const use of uses) push(toolUseToCall(use, count * 1000), line, where);
    if (calls.length === 0 && uses.length === 0) push({ type: 'model_end', time: count * 1000 }, line, where);
  });
  return items;
}
