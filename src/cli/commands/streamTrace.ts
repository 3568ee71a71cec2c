/** Streaming one trace file for `simulate`, holding only what its format needs (`createTraceBytesReader`). */
import type { TraceItem } from '../../core/traces/events.ts';
import { createTraceBytesReader } from '../../core/traces/traceBytes.ts';

/** Reads the chunks of trace file `path` and hands its items to `emit` as they are read. */
export async function streamTrace(path: string, chunks: AsyncIterable<Uint8Array>, emit: (items: readonly TraceItem[]) => void): Promise<void> {
  const reader = createTraceBytesReader(path);
  for await (const chunk of chunks) reader.push(chunk, emit);
  reader.end(emit);
}
