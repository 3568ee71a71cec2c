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
import type { TraceEvent, TraceItem } from './events.ts';
import { eventItem } from './lineItems.ts';
import { MAX_LINE_CHARS } from './lineReader.ts';

/** Streaming over bytes: feed UTF-8 chunks (any split), get items. */
export interface ByteLineReader {
  push(chunk: Uint8Array): TraceItem[];
  end(): TraceItem[];
  /**
   * {@link push}, each item handed to `each` as soon as it is read (no list is built: an item not
   * kept by `each` dies young). The chunk is not kept: the caller may reuse it.
   */
  pushEach(chunk: Uint8Array, each: (item: TraceItem) => void): void;
  /** {@link end}, each item handed to `each`. */
  endEach(each: (item: TraceItem) => void): void;
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
/**
 * The last bytes of a chunk, whose lines are found before they are parsed: a line parsed in place
 * near the chunk's end could run into it, and a read out of bounds deoptimises the code that
 * makes it (then compiled again).
 */
const TAIL_BYTES = 4096;

function isAscii(b: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if ((b[i] as number) >= 0x80) return false;
  return true;
}

const startsWithBom = (b: Uint8Array, at: number, end: number) => end - at >= 3 && b[at] === 0xef && b[at + 1] === 0xbb && b[at + 2] === 0xbf;

/**
 * A streaming canonical reader over UTF-8 bytes (a UTF-16 file must be decoded and read as text).
 * `tailBytes`: how many last bytes of a chunk have their lines found before they are parsed (the
 * items are the same for any value; tests give 0 to parse every line in place).
 */
export function createCanonicalByteReader(opts: CanonicalReaderOptions = {}, tailBytes = TAIL_BYTES): ByteLineReader {
  const lines = createCanonicalLines(opts);
  const lastTime = lines.order.last;
  const fast = new CanonicalFastLine();
  /** The items of a line read by the text reader's code (or out of order), before they are handed on. */
  const few: TraceItem[] = [];
  const handOn = (each: (item: TraceItem) => void) => {
    for (let k = 0; k < few.length; k++) each(few[k] as TraceItem);
    few.length = 0;
  };
  // Per line, so a BOM inside the text is kept, as the text reader's one decoder keeps it.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let lineNo = 0;
  let ended = false;
  /** The partial last line. */
  let pending = new Uint8Array(1 << 12);
  let pendingLength = 0;
  /** The partial last line is already too long: its bytes are dropped. */
  let overflow = false;

  /**
   * The event the fast parser has just read from line `lineNo`, handed on: what `lines.event` does,
   * with the time order checked here and the time read where the parser left it (loaded from
   * events of several shapes and passed to a call, it was boxed, a number per line).
   */
  const accept = (event: TraceEvent, each: (item: TraceItem) => void) => {
    const time = fast.timeMs[0] as number;
    if (time < (lastTime[0] as number)) {
      lines.event(event, lineNo, few);
      handOn(each);
    } else {
      lastTime[0] = time;
      each(eventItem(event, lineNo));
    }
  };

  /** One whole line `[start, end)` of `b`, without its newline. */
  const line = (b: Uint8Array, start: number, end: number, each: (item: TraceItem) => void) => {
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
        accept(event, each);
        return;
      }
    }
    const text = isAscii(b, from, end) ? asciiString(b, from, end) : decoder.decode(b.subarray(from, end));
    if (text.length > MAX_LINE_CHARS) lines.consumer.line(null, lineNo, few);
    else lines.consumer.line(text.endsWith('\r') ? text.slice(0, -1) : text, lineNo, few);
    handOn(each);
  };

  const keep = (b: Uint8Array, start: number, end: number) => {
    if (overflow || end === start) return;
    const n = pendingLength + end - start;
    if (n > SURELY_TOO_LONG) {
      overflow = true;
      pendingLength = 0;
      return;
    }
    // room for one byte more: the line feed put after the line when it is read (see endPending)
    if (n + 1 > pending.length) {
      let size = pending.length * 2;
      while (size <= n) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(pending.subarray(0, pendingLength));
      pending = grown;
    }
    pending.set(b.subarray(start, end), pendingLength);
    pendingLength = n;
  };

  /** Ends the held line (its last bytes already kept). */
  const endPending = (each: (item: TraceItem) => void) => {
    if (overflow) {
      lineNo++;
      lines.consumer.line(null, lineNo, few);
      handOn(each);
    } else {
      // A line feed after the line, as a line in a chunk has one: the parser then never reads past
      // the array (a read out of bounds deoptimises the code that makes it).
      pending[pendingLength] = NEWLINE;
      fast.use(pending);
      line(pending, 0, pendingLength, each);
    }
    pendingLength = 0;
    overflow = false;
  };

  /**
   * The usual lines from `from` on, parsed where they lie, the parser finding each one's end, until
   * another line or the chunk's last bytes (a line parsed in place there could run into the
   * chunk's end, and a read out of bounds deoptimises the code that makes it): where it stopped.
   * A function of its own, with nothing in it that the usual line does not run: a branch first
   * taken after it was compiled (the chunk's tail, the held line, a rare other line) would throw
   * its code away.
   */
  const usualLines = (chunk: Uint8Array, from: number, n: number, each: (item: TraceItem) => void): number => {
    while (n - from > tailBytes) {
      const event = fast.parseUsual(chunk, from, n);
      if (event === undefined) break;
      const nl = fast.lineEnd;
      if (nl >= n || nl - from > MAX_LINE_CHARS) break;
      lineNo++;
      accept(event, each);
      from = nl + 1;
    }
    return from;
  };

  const pushEach = (chunk: Uint8Array, each: (item: TraceItem) => void) => {
    if (ended) return;
    let from = 0;
    if (pendingLength > 0 || overflow) {
      const nl = chunk.indexOf(NEWLINE);
      if (nl < 0) {
        keep(chunk, 0, chunk.length);
        return;
      }
      keep(chunk, 0, nl);
      endPending(each);
      from = nl + 1;
    }
    const n = chunk.length;
    fast.use(chunk);
    while (from < n) {
      if (lineNo > 0) from = usualLines(chunk, from, n, each);
      // a line the fast path does not read where it lies: found, then read as a whole line
      const nl = chunk.indexOf(NEWLINE, from);
      if (nl < 0) break;
      line(chunk, from, nl, each);
      from = nl + 1;
    }
    keep(chunk, from, chunk.length);
  };
  const endEach = (each: (item: TraceItem) => void) => {
    if (ended) return;
    ended = true;
    if (pendingLength > 0 || overflow) endPending(each);
    lines.consumer.finish?.(few);
    handOn(each);
  };

  return {
    push(chunk) {
      const out: TraceItem[] = [];
      pushEach(chunk, (item) => out.push(item));
      return out;
    },
    end() {
      const out: TraceItem[] = [];
      endEach((item) => out.push(item));
      return out;
    },
    pushEach,
    endEach,
  };
}
