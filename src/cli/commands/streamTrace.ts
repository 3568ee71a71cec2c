/**
 * Streaming one trace file for `simulate`, holding only what its format needs: canonical JSONL in
 * UTF-8 goes through the byte reader (no text is decoded for the usual lines), the other line-based
 * formats are decoded chunk by chunk into their line readers, and whole-document formats (scripted
 * YAML, chat JSON) are read whole.
 */
import { concatBytes } from '../../core/text/concatBytes.ts';
import { encodingOf } from '../../core/text/decodeBytes.ts';
import { createCanonicalByteReader } from '../../core/traces/canonicalBytes.ts';
import type { TraceItem } from '../../core/traces/events.ts';
import { createStreamingReader, detectTraceFormat, readTrace } from '../../core/traces/index.ts';

/** Bytes read before the format is decided (sooner at the first line break). */
const SNIFF_BYTES = 4096;
/** Bytes of a canonical trace read into items at a time. */
const SLICE_BYTES = 1 << 16;

/** Reads the chunks of trace file `path` and hands its items to `emit` as they are read. */
export async function streamTrace(path: string, chunks: AsyncIterable<Uint8Array>, emit: (items: readonly TraceItem[]) => void): Promise<void> {
  const head: Uint8Array[] = [];
  let headLength = 0;
  let feed: ((bytes: Uint8Array) => void) | undefined;
  let finish = () => {};

  const decide = (): ((bytes: Uint8Array) => void) => {
    const bytes = head.length === 1 ? (head[0] as Uint8Array) : concatBytes(head, headLength);
    const encoding = encodingOf(bytes);
    // 2^18 bytes hold the first 65,536 characters whatever the encoding.
    const sample = new TextDecoder(encoding).decode(bytes.subarray(0, 1 << 18)).slice(0, 65536);
    const format = detectTraceFormat(path, sample);
    let take: (bytes: Uint8Array) => void;
    if (format === 'canonical' && encoding === 'utf-8') {
      const reader = createCanonicalByteReader({ file: path });
      // In slices of 64 KB, so the items read and not yet replayed stay few (a whole 1 MiB chunk's
      // ten thousand items outlived young-generation collections and were copied).
      take = (b) => {
        for (let at = 0; at < b.length; at += SLICE_BYTES) emit(reader.push(b.subarray(at, Math.min(b.length, at + SLICE_BYTES))));
      };
      finish = () => emit(reader.end());
    } else {
      const decoder = new TextDecoder(encoding);
      const reader = createStreamingReader(format, path);
      if (reader) {
        take = (b) => emit(reader.push(decoder.decode(b, { stream: true })));
        finish = () => {
          emit(reader.push(decoder.decode()));
          emit(reader.end());
        };
      } else {
        const parts: string[] = [];
        take = (b) => parts.push(decoder.decode(b, { stream: true }));
        finish = () => {
          parts.push(decoder.decode());
          emit(readTrace(path, parts.join('')).items);
        };
      }
    }
    take(bytes);
    return take;
  };

  for await (const chunk of chunks) {
    if (feed) {
      feed(chunk);
      continue;
    }
    head.push(chunk);
    headLength += chunk.length;
    if (headLength >= SNIFF_BYTES || chunk.includes(0x0a)) feed = decide();
  }
  if (!feed) decide();
  finish();
}
