/**
 * Reading one trace file from its bytes, chunk by chunk, holding only what its format needs (as
 * `simulate --trace` and `report` read files): canonical JSONL in UTF-8 goes through the byte
 * reader (no text is decoded for the usual lines), the other line-based formats are decoded chunk
 * by chunk into their line readers, and whole-document formats (scripted YAML, chat JSON) are read
 * whole. The encoding is UTF-8, or UTF-16 after its byte-order mark; the format comes from the
 * name and the first 65,536 characters.
 */
import { concatBytes } from '../text/concatBytes.ts';
import { encodingOf, type TextEncodingName } from '../text/decodeBytes.ts';
import { createCanonicalByteReader } from './canonicalBytes.ts';
import { detectTraceFormat } from './detect.ts';
import type { TraceItem } from './events.ts';
import { readTrace } from './readTrace.ts';
import { createStreamingReader } from './streaming.ts';

/** Bytes of a canonical trace read into items at a time. */
const SLICE_BYTES = 1 << 16;
/** Bytes read before the format is decided (sooner at the first line break). */
const SNIFF_BYTES = 4096;

/** Characters of the head the format is told from, and bytes that surely hold them (whatever the encoding). */
const HEAD_CHARS = 65536;
const HEAD_BYTES = 1 << 18;

/**
 * The first 65,536 characters of the text of `bytes` — those of decoding its first 2^18 bytes at
 * once — decoded 64 KB at a time until there are enough: most heads are one step, and the rest of
 * a larger file is never decoded here.
 */
export function traceHeadText(bytes: Uint8Array, encoding: TextEncodingName): string {
  const decoder = new TextDecoder(encoding);
  const limit = Math.min(bytes.length, HEAD_BYTES);
  let text = '';
  let at = 0;
  while (at < limit && text.length < HEAD_CHARS) {
    const end = Math.min(limit, at + 65536);
    text += decoder.decode(bytes.subarray(at, end), { stream: true });
    at = end;
  }
  // A sequence cut short by the end decodes as U+FFFD, as decoding those bytes at once would give
  // (cut short before that, it lies past the head's characters).
  if (at === limit) text += decoder.decode();
  return text.slice(0, HEAD_CHARS);
}

/** `bytes` as a plain `Uint8Array` over the same memory (itself when it is one). */
function plainBytes(bytes: Uint8Array): Uint8Array {
  return Object.getPrototypeOf(bytes) === Uint8Array.prototype ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Items of a trace file as its chunks are fed: `each` gets them one at a time, as they are read. */
export interface TraceBytesReader {
  /** Feeds the file's next chunk (any split). The chunk is not kept: the caller may reuse it. */
  push(chunk: Uint8Array, each: (item: TraceItem) => void): void;
  /** Ends the file. */
  end(each: (item: TraceItem) => void): void;
}

type Each = (item: TraceItem) => void;

const handOn = (items: readonly TraceItem[], each: Each) => {
  for (let k = 0; k < items.length; k++) each(items[k] as TraceItem);
};

/** A reader of the bytes of trace file `path` (see the module comment). */
export function createTraceBytesReader(path: string): TraceBytesReader {
  const head: Uint8Array[] = [];
  let headLength = 0;
  let take: ((bytes: Uint8Array, each: Each) => void) | undefined;
  let finish: (each: Each) => void = () => {};

  const decide = (each: Each) => {
    const bytes = head.length === 1 ? (head[0] as Uint8Array) : concatBytes(head, headLength);
    head.length = 0;
    const encoding = encodingOf(bytes);
    const sample = traceHeadText(bytes, encoding);
    const format = detectTraceFormat(path, sample);
    if (format === 'canonical' && encoding === 'utf-8') {
      const reader = createCanonicalByteReader({ file: path });
      // Read in slices of 64 KB, whose items are then handed on one by one: so the items read and
      // not yet replayed stay few (a whole 1 MiB chunk's ten thousand items outlived young-generation
      // collections and were copied), and the replay does not run inside the parser's loop (handing
      // each item on from there measured 10–20% more CPU over 1M events).
      // A Node Buffer (a Uint8Array of another class) is seen as a plain Uint8Array, so the parser
      // meets one kind of array (its held-line buffer is one): two made its accesses polymorphic.
      take = (chunk, out) => {
        const b = plainBytes(chunk);
        for (let at = 0; at < b.length; at += SLICE_BYTES) handOn(reader.push(b.subarray(at, Math.min(b.length, at + SLICE_BYTES))), out);
      };
      finish = (out) => reader.endEach(out);
    } else {
      const decoder = new TextDecoder(encoding);
      const reader = createStreamingReader(format, path);
      if (reader) {
        take = (b, out) => handOn(reader.push(decoder.decode(b, { stream: true })), out);
        finish = (out) => {
          handOn(reader.push(decoder.decode()), out);
          handOn(reader.end(), out);
        };
      } else {
        const parts: string[] = [];
        take = (b) => parts.push(decoder.decode(b, { stream: true }));
        finish = (out) => {
          parts.push(decoder.decode());
          handOn(readTrace(path, parts.join('')).items, out);
        };
      }
    }
    take(bytes, each);
  };

  return {
    push(chunk, each) {
      if (take) return take(chunk, each);
      const decides = headLength + chunk.length >= SNIFF_BYTES || chunk.includes(0x0a);
      // Kept until the format is decided: a copy when the caller gets it back first (it may reuse it).
      head.push(decides ? chunk : chunk.slice());
      headLength += chunk.length;
      if (decides) decide(each);
    },
    end(each) {
      if (!take) decide(each);
      finish(each);
    },
  };
}
