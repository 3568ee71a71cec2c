/**
 * The canonical trace (`traces.md` §1): one JSON event per line. Blank lines are skipped; a line
 * that cannot be used becomes an error item naming it, and reading goes on.
 */
import type { TraceEvent, TraceItem } from './events.ts';
import { createLineReader, jsonObjectLineConsumer, readAll, MAX_LINE_CHARS, type LineConsumer, type LineReader } from './lineReader.ts';
import { eventItem, lineError } from './lineItems.ts';
import { createTimeOrder, type TimeOrder } from './timeOrder.ts';
import { checkCanonicalObject } from './validateEvent.ts';

/** Options of the canonical reader: `file` is copied onto error items. */
export interface CanonicalReaderOptions {
  file?: string;
}

/**
 * The canonical reader's work per line, shared by the text reader and the byte reader
 * (`canonicalBytes.ts`): one time order per file.
 */
export interface CanonicalLines {
  /** Takes a line of text (`null`: too long) as the text reader splits it. */
  consumer: LineConsumer;
  /** Takes an event already checked against the schema, read from line `line`. */
  event(event: TraceEvent, line: number, out: TraceItem[]): void;
  /** The file's time order, which {@link event} checks (a hot reader may check it in place). */
  order: TimeOrder;
}

/** The per-line work of one canonical trace file. */
export function createCanonicalLines(opts: CanonicalReaderOptions = {}): CanonicalLines {
  const { file } = opts;
  const order = createTimeOrder();
  const event = (e: TraceEvent, line: number, out: TraceItem[]) => {
    const backwards = order.check(e.time);
    if (backwards) out.push(lineError(line, backwards, file));
    else out.push(eventItem(e, line));
  };
  const consumer = jsonObjectLineConsumer(
    {
      object(value, line, out) {
        const checked = checkCanonicalObject(value);
        if (checked.ok) event(checked.event, line, out);
        else out.push(lineError(line, checked.problem, file));
      },
    },
    { ...(file !== undefined ? { file } : {}), maxLineChars: MAX_LINE_CHARS },
  );
  return { consumer, event, order };
}

/** A streaming canonical JSONL reader; it holds only the partial last line. */
export function createCanonicalReader(opts: CanonicalReaderOptions = {}): LineReader {
  return createLineReader(createCanonicalLines(opts).consumer, MAX_LINE_CHARS);
}

/** Reads a whole canonical JSONL text. */
export function readCanonical(text: string, file?: string): TraceItem[] {
  return readAll(createCanonicalReader({ file }), text);
}
