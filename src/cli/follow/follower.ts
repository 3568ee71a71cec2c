/**
 * The replay side of `follow`: bytes of a growing session log in, decisions out as each line
 * completes. The format is decided from the first line (as `simulate` does), each line goes through
 * its format's streaming reader and then the one engine's replay; a session that starts over
 * (truncated, rotated, a newer file) starts a fresh replay, and says so.
 */
import { createReplay, type Replay, type ReplayConfig } from '../../core/engine/replay.ts';
import type { Decision } from '../../core/engine/decisions.ts';
import { createStreamingReader, detectTraceFormat } from '../../core/traces/index.ts';
import type { LineReader } from '../../core/traces/lineReader.ts';
import { isCodexRollout } from '../../core/permissions/codex/sniff.ts';
import { isGeminiSession } from '../../core/permissions/gemini/sniff.ts';

/** Where a follower's results go. */
export interface FollowSink {
  decisions(decisions: readonly Decision[]): void;
  /** Something the user should know (a reset, a format the follower cannot read). */
  note(text: string): void;
}

/** Bytes held before the format is decided, when no line has ended yet. */
const SNIFF_BYTES = 4096;

export interface Follower {
  /** New bytes of the log; `end`, the file offset just past them, matters only to `follow --studio`. */
  bytes(chunk: Uint8Array, end?: number): void;
  /** The log started over (see `TailListener.reset`), or `source` now names another file. */
  restart(why: string, source?: string): void;
  /** Decisions made so far in the current session. */
  readonly decided: number;
}

/** Starts following `source` (a file name, for format detection and messages). */
export function createFollower(initialSource: string, config: ReplayConfig, sink: FollowSink): Follower {
  let source = initialSource;
  let replay: Replay = createReplay(config);
  let reader: LineReader | undefined;
  let refused = false;
  let decoder = new TextDecoder();
  let head = '';
  let decided = 0;
  const out: Decision[] = [];

  const feed = (text: string) => {
    if (!reader) return;
    const items = reader.push(text);
    for (const item of items) replay.pushInto(item, out);
    if (out.length > 0) {
      decided += out.length;
      sink.decisions(out);
      out.length = 0;
    }
  };

  return {
    bytes(chunk) {
      if (refused) return;
      const text = decoder.decode(chunk, { stream: true });
      if (reader) return feed(text);
      head += text;
      if (!head.includes('\n') && head.length < SNIFF_BYTES) return;
      const other = isCodexRollout(head) ? 'a Codex rollout log: follow decides it by Codex .rules files' : isGeminiSession(head) ? 'a Gemini CLI session log: follow decides it by Gemini CLI policies (.toml files or folders)' : undefined;
      if (other !== undefined) {
        refused = true;
        sink.note(`${source} is ${other}, not by tool rules or a workflow`);
        return;
      }
      const format = detectTraceFormat(source, head);
      reader = createStreamingReader(format, source);
      if (!reader) {
        refused = true;
        sink.note(`${source} is a ${format} file, which is read whole: follow reads line-based logs (canonical JSONL, hegel's hooks and states, Claude Code transcripts). Replay it with simulate.`);
        return;
      }
      const first = head;
      head = '';
      feed(first);
    },
    restart(why, next) {
      if (next !== undefined) source = next;
      replay = createReplay(config);
      reader = undefined;
      refused = false;
      decoder = new TextDecoder();
      head = '';
      decided = 0;
      sink.note(why);
    },
    get decided() {
      return decided;
    },
  };
}
