/** Streaming one trace file for `simulate`, holding only what its format needs (`createTraceBytesReader`). */
import type { TraceItem } from '../../core/traces/events.ts';
import { createTraceBytesReader } from '../../core/traces/traceBytes.ts';

/** Reads the chunks of trace file `path` and hands its items to `each`, one at a time, as they are read. */
export async function streamTrace(path: string, chunks: AsyncIterable<Uint8Array>, each: (item: TraceItem) => void): Promise<void> {
  const reader = createTraceBytesReader(path);
  for await (const chunk of chunks) reader.push(chunk, each);
  reader.end(each);
}
