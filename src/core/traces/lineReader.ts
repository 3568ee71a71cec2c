/**
 * Streaming line splitting for the JSON Lines readers. Only the partial last line is held (and a
 * line longer than the limit is dropped as it streams, so memory stays bounded whatever the input).
 */
import type { TraceItem } from './events.ts';
import { lineError, parseJsonObjectLine } from './lineItems.ts';

/** Streaming: feed chunks of text (any split), get items. Line numbers are 1-based. */
export interface LineReader {
  push(chunk: string): TraceItem[];
  end(): TraceItem[];
}

/** What a JSONL reader does with each line; items go to `out`. */
export interface LineConsumer {
  /** One line without its end of line (`\n` or `\r\n`), blank lines included; `null` = too long. */
  line(text: string | null, line: number, out: TraceItem[]): void;
  /** After the last line. */
  finish?(out: TraceItem[]): void;
}

/** Lines of canonical traces and hegel state logs are small: over 1 MiB a line is broken. */
export const MAX_LINE_CHARS = 1 << 20;
/** Recorded tool logs embed file contents (a `Write` of a large file), so they get more room. */
export const MAX_RECORDED_LINE_CHARS = 1 << 25;

/** Splits streamed text into lines for a consumer. A leading byte-order mark is dropped. */
export function createLineReader(consumer: LineConsumer, maxLineChars = MAX_LINE_CHARS): LineReader {
  let pending: string[] = [];
  let pendingLength = 0;
  let overflow = false;
  let lineNo = 0;
  let started = false;
  let ended = false;

  const append = (piece: string) => {
    if (overflow || piece.length === 0) return;
    pendingLength += piece.length;
    if (pendingLength > maxLineChars) {
      overflow = true;
      pending = [];
    } else pending.push(piece);
  };

  const emit = (out: TraceItem[]) => {
    lineNo += 1;
    if (overflow) consumer.line(null, lineNo, out);
    else {
      let text = pending.length === 1 ? (pending[0] as string) : pending.join('');
      if (text.endsWith('\r')) text = text.slice(0, -1);
      consumer.line(text, lineNo, out);
    }
    pending = [];
    pendingLength = 0;
    overflow = false;
  };

  return {
    push(chunk) {
      const out: TraceItem[] = [];
      if (ended) return out;
      let text = chunk;
      if (!started && text.length > 0) {
        started = true;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      let from = 0;
      for (;;) {
        const nl = text.indexOf('\n', from);
        if (nl < 0) break;
        append(text.slice(from, nl));
        emit(out);
        from = nl + 1;
      }
      append(text.slice(from));
      return out;
    },
    end() {
      const out: TraceItem[] = [];
      if (ended) return out;
      ended = true;
      if (pendingLength > 0 || overflow) emit(out);
      consumer.finish?.(out);
      return out;
    },
  };
}

/** Runs a streaming reader over a whole text at once. */
export function readAll(reader: LineReader, text: string): TraceItem[] {
  const items = reader.push(text);
  for (const item of reader.end()) items.push(item);
  return items;
}

/** What a reader of JSON-object lines does with each object (blank lines are skipped). */
export interface JsonObjectConsumer {
  object(value: Record<string, unknown>, line: number, out: TraceItem[]): void;
  finish?(out: TraceItem[]): void;
}

/**
 * What a reader of lines that must each hold one JSON object does with each line: too-long and
 * unparsable lines become error items naming the line; blank lines are skipped.
 */
export function jsonObjectLineConsumer(consumer: JsonObjectConsumer, opts: { file?: string; maxLineChars?: number } = {}): LineConsumer {
  const max = opts.maxLineChars ?? MAX_LINE_CHARS;
  return {
    line(text, line, out) {
      if (text === null) {
        out.push(lineError(line, `line is longer than ${max} characters`, opts.file));
        return;
      }
      if (text.trim() === '') return;
      const json = parseJsonObjectLine(text);
      if (json.ok) consumer.object(json.value, line, out);
      else out.push(lineError(line, json.problem, opts.file));
    },
    ...(consumer.finish ? { finish: consumer.finish } : {}),
  };
}

/** A streaming reader of lines that must each hold one JSON object (see {@link jsonObjectLineConsumer}). */
export function createJsonObjectLineReader(
  consumer: JsonObjectConsumer,
  opts: { file?: string; maxLineChars?: number } = {},
): LineReader {
  return createLineReader(jsonObjectLineConsumer(consumer, opts), opts.maxLineChars ?? MAX_LINE_CHARS);
}
