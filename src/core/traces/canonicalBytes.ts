/**
 * The canonical JSONL reader over UTF-8 bytes: the same items as {@link createCanonicalReader} on
 * the decoded text, for every input, at a fraction of the cost. Lines are found in the byte chunks
 * as they come; a line of the usual shape is parsed straight from its bytes
 * ({@link CanonicalFastLine}); any other line is decoded and read by the text reader's own per-line
 * code, so its event or its error (with the line number) is exactly the text reader's. Only the
 * partial last line is held, and a line too long to be read is dropped as it streams.
 */
import { asciiString } from './asciiStrings.ts';
import { createCanonicalLines, type CanonicalReaderOptions } from './canonical.ts';
import { CanonicalFastLine } from './canonicalFastLine.ts';
import type { TraceItem } from './events.ts';
import { MAX_LINE_CHARS } from './lineReader.ts';

/** Streaming over bytes: feed UTF-8 chunks (any split), get items. */
export interface ByteLineReader {
  push(chunk: Uint8Array): TraceItem[];
  end(): TraceItem[];
}

const NEWLINE = 0x0a;
const CR = 0x0d;
/**
 * A UTF-8 line of this many bytes or fewer has at most as many UTF-16 units, so it is within the
 * text reader's limit; over three times as many, it is surely over it (no character takes more
 * than three bytes per unit; six more for the byte-order marks line 1 may drop). In between, its
 * decoded length decides.
 */
const SURELY_TOO_LONG = 3 * MAX_LINE_CHARS + 6;

function isAscii(b: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if ((b[i] as number) >= 0x80) return false;
  return true;
}

const startsWithBom = (b: Uint8Array, at: number, end: number) => end - at >= 3 && b[at] === 0xef && b[at + 1] === 0xbb && b[at + 2] === 0xbf;

/** A streaming canonical reader over UTF-8 bytes (a UTF-16 file must be decoded and read as text). */
export function createCanonicalByteReader(opts: CanonicalReaderOptions = {}): ByteLineReader {
  const lines = createCanonicalLines(opts);
  const fast = new CanonicalFastLine();
  // Per line, so a BOM inside the text is kept, as the text reader's one decoder keeps it.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let lineNo = 0;
  let ended = false;
  /** The partial last line. */
  let pending = new Uint8Array(1 << 12);
  let pendingLength = 0;
  /** The partial last line is already too long: its bytes are dropped. */
  let overflow = false;

  /** One whole line `[start, end)` of `b`, without its newline. */
  const line = (b: Uint8Array, start: number, end: number, out: TraceItem[]) => {
    lineNo++;
    let from = start;
    if (lineNo === 1) {
      // The text reader's decoder drops a byte-order mark, and the text reader drops one more.
      if (startsWithBom(b, from, end)) from += 3;
      if (startsWithBom(b, from, end)) from += 3;
    }
    if (end - from <= MAX_LINE_CHARS) {
      const textEnd = end > from && b[end - 1] === CR ? end - 1 : end;
      if (textEnd === from) return; // blank
      const event = fast.parse(b, from, textEnd);
      if (event !== undefined) {
        lines.event(event, lineNo, out);
        return;
      }
    }
    const text = isAscii(b, from, end) ? asciiString(b, from, end) : decoder.decode(b.subarray(from, end));
    if (text.length > MAX_LINE_CHARS) lines.consumer.line(null, lineNo, out);
    else lines.consumer.line(text.endsWith('\r') ? text.slice(0, -1) : text, lineNo, out);
  };

  const keep = (b: Uint8Array, start: number, end: number) => {
    if (overflow || end === start) return;
    const n = pendingLength + end - start;
    if (n > SURELY_TOO_LONG) {
      overflow = true;
      pendingLength = 0;
      return;
    }
    if (n > pending.length) {
      let size = pending.length * 2;
      while (size < n) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(pending.subarray(0, pendingLength));
      pending = grown;
    }
    pending.set(b.subarray(start, end), pendingLength);
    pendingLength = n;
  };

  /** Ends the held line (its last bytes already kept). */
  const endPending = (out: TraceItem[]) => {
    if (overflow) {
      lineNo++;
      lines.consumer.line(null, lineNo, out);
    } else line(pending.subarray(0, pendingLength), 0, pendingLength, out);
    pendingLength = 0;
    overflow = false;
  };

  return {
    push(chunk) {
      const out: TraceItem[] = [];
      if (ended) return out;
      let from = 0;
      if (pendingLength > 0 || overflow) {
        const nl = chunk.indexOf(NEWLINE);
        if (nl < 0) {
          keep(chunk, 0, chunk.length);
          return out;
        }
        keep(chunk, 0, nl);
        endPending(out);
        from = nl + 1;
      }
      const n = chunk.length;
      while (from < n) {
        // The usual line is parsed where it lies, the parser finding its end; any other is found
        // and read as a whole line.
        if (lineNo > 0) {
          const event = fast.parse(chunk, from, n);
          if (event !== undefined) {
            const nl = fast.lineEnd;
            if (nl < n && nl - from <= MAX_LINE_CHARS) {
              lineNo++;
              lines.event(event, lineNo, out);
              from = nl + 1;
              continue;
            }
          }
        }
        const nl = chunk.indexOf(NEWLINE, from);
        if (nl < 0) break;
        line(chunk, from, nl, out);
        from = nl + 1;
      }
      keep(chunk, from, chunk.length);
      return out;
    },
    end() {
      const out: TraceItem[] = [];
      if (ended) return out;
      ended = true;
      if (pendingLength > 0 || overflow) endPending(out);
      lines.consumer.finish?.(out);
      return out;
    },
  };
}
