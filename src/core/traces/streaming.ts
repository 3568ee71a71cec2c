/**
 * Which trace formats can be read as a stream (line by line, holding only the partial last line),
 * and the streaming reader for each. Whole-document formats (scripted YAML, chat JSON) return
 * undefined and are read with {@link readTrace}.
 */
import type { TraceFormat } from './detect.ts';
import type { LineReader } from './lineReader.ts';
import { createCanonicalReader } from './canonical.ts';
import { createHegelHooksReader } from './hegelHooks.ts';
import { createHegelStatesReader } from './hegelStates.ts';
import { createClaudeTranscriptReader } from './claudeCode.ts';

/** A streaming reader for a line-based format, or undefined for whole-document formats. */
export function createStreamingReader(format: TraceFormat, file?: string): LineReader | undefined {
  const opts = file === undefined ? {} : { file };
  switch (format) {
    case 'canonical':
      return createCanonicalReader(opts);
    case 'hegel-hooks':
      return createHegelHooksReader(opts);
    case 'hegel-states':
      return createHegelStatesReader(opts);
    case 'claude-code':
      return createClaudeTranscriptReader(opts);
    default:
      return undefined;
  }
}
