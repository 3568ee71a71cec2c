/** Reading one trace file of any supported format (detected from its name and content). */
import type { TraceItem } from './events.ts';
import { detectTraceFormat, type TraceFormat } from './detect.ts';
import { readCanonical } from './canonical.ts';
import { readScripted } from './scripted.ts';
import { readHegelHooks } from './hegelHooks.ts';
import { readHegelStates } from './hegelStates.ts';
import { readClaudeTranscript } from './claudeCode.ts';
import { readChatMessages } from './chatMessages.ts';
import { createStreamingReader } from './streaming.ts';

/** How much of the text format detection looks at. */
const HEAD_CHARS = 64 * 1024;

const READERS: Record<TraceFormat, (text: string, file?: string) => TraceItem[]> = {
  canonical: readCanonical,
  scripted: readScripted,
  'hegel-hooks': readHegelHooks,
  'hegel-states': readHegelStates,
  'claude-code': readClaudeTranscript,
  openai: readChatMessages,
  anthropic: readChatMessages,
};

/** Detects the format of a trace file and reads it; error items carry `fileName`. */
export function readTrace(fileName: string, text: string): { format: TraceFormat; items: TraceItem[] } {
  const format = detectTraceFormat(fileName, text.slice(0, HEAD_CHARS));
  return { format, items: READERS[format](text, fileName) };
}

/** Text handed to a line reader at once by {@link forEachTraceItem}. */
const SLICE_CHARS = 64 * 1024;

/**
 * Reads a trace file as {@link readTrace} does, giving each item to `visit` as it is read: the
 * line formats (canonical, hooks and state logs, transcripts) are read a slice at a time, so a
 * long trace is never held as a list of items (the corpus replay's threads then allocate little
 * that lives long); scripted and chat traces are read whole. The items are those `readTrace` gives.
 */
export function forEachTraceItem(fileName: string, text: string, visit: (item: TraceItem) => void): TraceFormat {
  const format = detectTraceFormat(fileName, text.slice(0, HEAD_CHARS));
  const reader = createStreamingReader(format, fileName);
  if (!reader) {
    for (const item of READERS[format](text, fileName)) visit(item);
    return format;
  }
  for (let at = 0; at < text.length; at += SLICE_CHARS) for (const item of reader.push(text.slice(at, at + SLICE_CHARS))) visit(item);
  for (const item of reader.end()) visit(item);
  return format;
}
