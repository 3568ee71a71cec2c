/** Reading one trace file of any supported format (detected from its name and content). */
import type { TraceItem } from './events.ts';
import { detectTraceFormat, type TraceFormat } from './detect.ts';
import { readCanonical } from './canonical.ts';
import { readScripted } from './scripted.ts';
import { readHegelHooks } from './hegelHooks.ts';
import { readHegelStates } from './hegelStates.ts';
import { readClaudeTranscript } from './claudeCode.ts';
import { readChatMessages } from './chatMessages.ts';

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
