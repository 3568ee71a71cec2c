/**
 * Which reader a trace file needs: from its content when the first lines are decisive, else from
 * its name (`*.yaml` scripted, `*.json` chat messages, `states.jsonl` / `hooks.jsonl` hegel logs,
 * anything else canonical JSONL).
 */
import { isJsonObject } from './lineItems.ts';
import { EVENT_TYPES } from './validateEvent.ts';

export type TraceFormat = 'canonical' | 'scripted' | 'hegel-hooks' | 'hegel-states' | 'claude-code' | 'openai' | 'anthropic';

/** Lines of the head looked at when sniffing JSON Lines. */
const SNIFF_LINES = 20;
/** Claude Code transcript line types (besides `assistant`, which it shares with nothing else). */
const TRANSCRIPT_TYPES = ['user', 'assistant', 'system', 'summary', 'file-history-snapshot'];

/** The JSONL format one parsed line shows, or `null` when it does not tell. */
function lineFormat(obj: Record<string, unknown>): TraceFormat | null {
  if (typeof obj.session_id === 'string' && (typeof obj.hook_event_name === 'string' || typeof obj.event_type === 'string')) {
    return 'hegel-hooks';
  }
  if (typeof obj.from_node === 'string' && typeof obj.to_node === 'string') return 'hegel-states';
  if (typeof obj.type === 'string' && EVENT_TYPES.includes(obj.type) && 'time' in obj) return 'canonical';
  if (typeof obj.type === 'string' && TRANSCRIPT_TYPES.includes(obj.type) && ('sessionId' in obj || 'uuid' in obj || 'message' in obj)) {
    return 'claude-code';
  }
  return null;
}

/**
 * The format of a JSONL line cut short by the end of the head, from the keys its start spells (the
 * same keys {@link lineFormat} reads), or `null`. Only the top-level spelling is looked at, so a
 * key nested inside a value can mislead it only where `lineFormat` itself could not decide.
 */
function prefixFormat(start: string): TraceFormat | null {
  const has = (key: string) => start.includes(`"${key}":`) || start.includes(`"${key}" :`);
  const typeValue = /"type"\s*:\s*"([a-z_-]+)"/.exec(start)?.[1];
  if (has('session_id') && (has('hook_event_name') || has('event_type'))) return 'hegel-hooks';
  if (has('from_node') && has('to_node')) return 'hegel-states';
  if (typeValue && EVENT_TYPES.includes(typeValue) && has('time')) return 'canonical';
  if (typeValue && TRANSCRIPT_TYPES.includes(typeValue) && (has('sessionId') || has('uuid') || has('message'))) return 'claude-code';
  return null;
}

/** Sniffs the first complete lines of a JSONL head. */
function sniffJsonLines(head: string): TraceFormat | null {
  // Line by line, not split whole: a 64 KB head holds hundreds of lines and only the first few are read.
  for (let n = 0, at = 0; n < SNIFF_LINES && at <= head.length; n++) {
    const nl = head.indexOf('\n', at);
    // The last piece may be cut short by the head's end; it is only used when it parses.
    const last = nl < 0;
    const line = last ? head.slice(at) : head.slice(at, nl);
    at = last ? head.length + 1 : nl + 1;
    const text = line.trim();
    if (!text.startsWith('{')) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // A line longer than the head (a 30 MB transcript line) is cut short: tell it by its keys.
      const cut = last ? prefixFormat(text) : null;
      if (cut) return cut;
      continue;
    }
    const format = isJsonObject(value) ? lineFormat(value) : null;
    if (format) return format;
  }
  return null;
}

/** OpenAI or Anthropic, from the text of a message log's head. */
function sniffChat(head: string): 'openai' | 'anthropic' {
  if (/"tool_calls"\s*:|"role"\s*:\s*"tool"|"function_call"\s*:/.test(head)) return 'openai';
  if (/"type"\s*:\s*"(tool_use|tool_result)"/.test(head)) return 'anthropic';
  return 'openai';
}

/** Detects the format of a trace file from its name and the first part of its text. */
export function detectTraceFormat(fileName: string, head: string): TraceFormat {
  const name = fileName.toLowerCase();
  const base = name.slice(name.lastIndexOf('/') + 1);
  const text = head.replace(/^\ufeff/, '').trimStart();
  if (base.endsWith('.yaml') || base.endsWith('.yml')) return 'scripted';
  const sniffed = sniffJsonLines(text);
  // A `.json` file is a message log unless its lines are plainly JSONL events.
  if (base.endsWith('.json')) return sniffed ?? sniffChat(text);
  if (sniffed) return sniffed;
  if (base.endsWith('states.jsonl')) return 'hegel-states';
  if (base.endsWith('hooks.jsonl')) return 'hegel-hooks';
  if (text.startsWith('[') || /^\{\s*"messages"\s*:/.test(text)) return sniffChat(text);
  if (/^(start|steps)\s*:|^- /.test(text)) return 'scripted';
  return 'canonical';
}
