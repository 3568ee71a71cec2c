/**
 * A corpus in the studio (`docs/corpus.md`): every session replayed as its own run against the
 * project's rule files, with the same core functions as `rule-studio report`, so the studio's
 * summary and the CLI's agree. Sessions arrive as Files and are read one at a time (a corpus
 * never sits in memory whole); progress goes to the page every slice, and a cancel is seen
 * between two sessions. Free of worker globals, so Vitest drives it as the page does.
 */
import { buildReport } from '../core/corpus/summary.ts';
import { createSessionReplayer, prepareJob, type SessionResult } from '../core/corpus/replaySession.ts';
import { CorpusRequest, type CorpusProgress, type CorpusReply } from './protocol.ts';

/** A session larger than this is not replayed in the studio (the same limit as a trace file it adds). */
export const MAX_CORPUS_SESSION_BYTES = 200 * 1024 * 1024;

/** Replaying between two progress messages (and chances to see a cancel). */
const SLICE_MS = 50;

const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Replays each session of the request and returns the corpus report. `isCancelled` is polled
 * between sessions; `now` is the clock slices are measured by.
 */
export async function runCorpus(
  raw: CorpusRequest,
  onProgress: (p: CorpusProgress) => void | Promise<void>,
  isCancelled: () => boolean = () => false,
  now: () => number = () => performance.now(),
): Promise<CorpusReply> {
  const parsed = CorpusRequest.safeParse(raw);
  if (!parsed.success) return { status: 'invalid', message: `Malformed corpus request: ${parsed.error.issues[0]?.message ?? 'invalid'}`, diagnostics: [], skipped: [], done: 0 };
  const { ruleFiles, settings, sessions } = parsed.data;
  const { config, diagnostics, rules } = prepareJob({ rules: ruleFiles.map((f) => ({ path: f.name, text: f.text })), settings });
  if (!config) return { status: 'invalid', message: 'The project has no agent and no workflow to replay the sessions against.', diagnostics, skipped: [], done: 0 };
  const replayer = createSessionReplayer(config);
  const total = sessions.length;
  const results: SessionResult[] = [];
  const skipped: CorpusReply['skipped'] = [];
  let sliceStart = now();
  for (let i = 0; i < total; i++) {
    const s = sessions[i] as (typeof sessions)[number];
    const size = 'blob' in s ? s.blob.size : s.text.length;
    if (size > MAX_CORPUS_SESSION_BYTES) skipped.push({ name: s.name, reason: `larger than ${MAX_CORPUS_SESSION_BYTES / 1048576} MB (replay it with rule-studio report)` });
    else if ('blob' in s) {
      // Its bytes, read as the CLI reads a session file (UTF-16 too, canonical JSONL by the byte reader).
      const bytes = new Uint8Array(await s.blob.arrayBuffer());
      results.push(replayer.bytes(s.name, (push) => push(bytes)));
    } else results.push(replayer.text(s.name, s.text));
    if (now() - sliceStart >= SLICE_MS || i === total - 1) {
      await onProgress({ done: i + 1, total });
      await yieldToEvents();
      if (isCancelled() && i < total - 1) return { status: 'cancelled', diagnostics, skipped, done: i + 1 };
      sliceStart = now();
    }
  }
  const report = buildReport(
    rules,
    results.map((r) => ({ session: r.session, rules: new Map(r.rules) })),
  );
  return { status: 'done', report, diagnostics, skipped, done: total };
}
