/**
 * The canonical trace (`traces.md` §1): one JSON event per line. Blank lines are skipped; a line
 * that cannot be used becomes an error item naming it, and reading goes on.
 */
import type { TraceItem } from './events.ts';
import { createJsonObjectLineReader, readAll, MAX_LINE_CHARS, type LineReader } from './lineReader.ts';
import { eventItem, lineError } from './lineItems.ts';
import { createTimeOrder } from './timeOrder.ts';
import { checkCanonicalObject } from './validateEvent.ts';

/** Options of the canonical reader: `file` is copied onto error items. */
export interface CanonicalReaderOptions {
  file?: string;
}

/** A streaming canonical JSONL reader; it holds only the partial last line. */
export function createCanonicalReader(opts: CanonicalReaderOptions = {}): LineReader {
  const { file } = opts;
  const order = createTimeOrder();
  return createJsonObjectLineReader(
    {
      object(value, line, out) {
        const checked = checkCanonicalObject(value);
        if (!checked.ok) {
          out.push(lineError(line, checked.problem, file));
          return;
        }
        const backwards = order.check(checked.event.time);
        if (backwards) out.push(lineError(line, backwards, file));
        else out.push(eventItem(checked.event, line));
      },
    },
    { ...(file !== undefined ? { file } : {}), maxLineChars: MAX_LINE_CHARS },
  );
}

/** Reads a whole canonical JSONL text. */
export function readCanonical(text: string, file?: string): TraceItem[] {
  return readAll(createCanonicalReader({ file }), text);
}
