/**
 * The traces the Gemini side of the Policy view and of `simulate` replays: each is read into tool
 * calls by the first reader of {@link GEMINI_TRACE_READERS} that accepts it. The scripted trace
 * (JSONL `{"tool", "args", "mode"?}`, what `rule-studio simulate` reads) is the last, catch-all
 * reader; a reader of Gemini CLI's recorded session logs goes before it, with its own `accepts`.
 */
import { readGeminiScript, type GeminiScriptCall } from './policy.ts';
import { isGeminiSession, readGeminiSession, type GeminiRecorded } from './session.ts';

/** One tool call of a trace, where it is (1-based line) and, when the trace says, what happened. */
export interface GeminiTraceCall extends GeminiScriptCall {
  /** What the trace recorded of it (a session log says whether it ran); absent for a script. */
  recorded?: 'ran' | 'declined' | 'denied' | 'unknown';
}

/** What a trace reader gives back: the calls, and the lines it could not read (with why). */
export interface GeminiTraceReading {
  calls: GeminiTraceCall[];
  errors: { line: number; message: string }[];
}

/** A reader of one kind of Gemini trace. */
export interface GeminiTraceReader {
  /** A short name (`script`, `session log`). */
  name: string;
  /** True when the text is of this reader's kind (a cheap look at its head). */
  accepts: (text: string) => boolean;
  read: (text: string) => GeminiTraceReading;
}

/** What a session log's record of a call means for the Policy view. */
const RECORDED: Record<GeminiRecorded, NonNullable<GeminiTraceCall['recorded']>> = { ran: 'ran', denied: 'denied', cancelled: 'declined', pending: 'unknown' };

/** Gemini CLI's recorded session log (`~/.gemini/tmp/<project>/chats/session-*.jsonl`), read by {@link readGeminiSession}. */
function readSessionLog(text: string): GeminiTraceReading {
  const t = readGeminiSession('session', text);
  return {
    calls: t.calls.map((c) => ({ line: c.line, tool: c.name, args: c.args, recorded: RECORDED[c.recorded] })),
    errors: t.diagnostics.map((d) => ({ line: d.range.start.line, message: `${d.code}: ${d.message}` })),
  };
}

/** The trace readers, tried in order; the scripted JSONL reader accepts anything and comes last. */
export const GEMINI_TRACE_READERS: GeminiTraceReader[] = [
  { name: 'session log', accepts: isGeminiSession, read: readSessionLog },
  { name: 'script', accepts: () => true, read: readGeminiScript },
];

/** Reads a Gemini trace's tool calls with the first reader that accepts the text. */
export function readGeminiTrace(text: string): GeminiTraceReading & { reader: string } {
  const reader = GEMINI_TRACE_READERS.find((r) => r.accepts(text)) ?? (GEMINI_TRACE_READERS[GEMINI_TRACE_READERS.length - 1] as GeminiTraceReader);
  return { ...reader.read(text), reader: reader.name };
}
