/**
 * Replaying a corpus across cores: the sessions are handed out in small batches to the next free
 * worker thread (the CLI's own entry, started with the job in `workerData`), which reads each
 * session file itself and sends back only its tally; results come back in any order and are
 * tallied in the report by session name. With one worker, the sessions run in this thread.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { closeSync, openSync, readSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createSessionReplayer, prepareJob, type CorpusJob, type SessionReplayer, type SessionResult } from '../../core/corpus/replaySession.ts';

/** The marker of a corpus worker in `workerData`. */
const WORKER_KIND = 'rule-studio-corpus-worker';
/** Bytes of a session file read at a time (into one buffer per thread, reused). */
const CHUNK_BYTES = 1 << 20;
/** At most this many sessions per message to a worker thread. */
const MAX_BATCH = 32;

interface Session {
  path: string;
  name: string;
}

/** Sessions handed to a worker thread at once. */
interface Batch {
  sessions: Session[];
}

/** The result of a session whose file cannot be read: one error, nothing replayed. */
const unreadable = (name: string): SessionResult => ({ session: { name, events: 0, decisions: 0, violations: 0, interrupts: 0, errors: 1, ended: 'open' }, rules: [] });

/** Replays sessions from their files, reading each a chunk at a time into one reused buffer. */
function sessionRunner(replayer: SessionReplayer): (s: Session) => SessionResult {
  const buffer = new Uint8Array(CHUNK_BYTES);
  return (s) => {
    let fd: number;
    try {
      fd = openSync(s.path, 'r');
    } catch {
      return unreadable(s.name);
    }
    try {
      return replayer.bytes(s.name, (push) => {
        for (let n = readSync(fd, buffer, 0, CHUNK_BYTES, null); n > 0; n = readSync(fd, buffer, 0, CHUNK_BYTES, null)) push(buffer.subarray(0, n));
      });
    } catch {
      return unreadable(s.name);
    } finally {
      closeSync(fd);
    }
  };
}

/** True in a thread started by {@link replayCorpus}: run {@link serveCorpusWorker} instead of the CLI. */
export const isCorpusWorker = (): boolean => !isMainThread && (workerData as { kind?: string } | null)?.kind === WORKER_KIND;

/** The worker thread's loop: a batch of sessions in, their results out, until the pool closes it. */
export function serveCorpusWorker(): void {
  const { job } = workerData as { job: CorpusJob };
  const { config } = prepareJob(job);
  const run = config ? sessionRunner(createSessionReplayer(config)) : undefined;
  parentPort?.on('message', (batch: Batch) => {
    parentPort?.postMessage(run ? batch.sessions.map(run) : []);
  });
}

/**
 * Replays `sessions` with `workers` threads (1: in this thread), calling `progress(done, total)`
 * as results come in; resolves with every session's result.
 */
export async function replayCorpus(job: CorpusJob, sessions: readonly Session[], workers: number, progress: (done: number, total: number) => void = () => undefined): Promise<SessionResult[]> {
  const { config } = prepareJob(job);
  if (!config) return [];
  const results: SessionResult[] = [];
  if (workers <= 1 || sessions.length <= 1) {
    const run = sessionRunner(createSessionReplayer(config));
    for (const s of sessions) {
      results.push(run(s));
      progress(results.length, sessions.length);
    }
    return results;
  }
  const entry = process.argv[1];
  if (!entry) throw new Error('cannot start worker threads: no entry script');
  // Batches small enough that every thread gets about 16 (the last ones end close together), and
  // large enough that a thread rarely waits for its next one.
  const size = Math.max(1, Math.min(MAX_BATCH, Math.ceil(sessions.length / (workers * 16))));
  let next = 0;
  // From the sources (a checkout), the thread registers the TypeScript loader (tsx, a dev
  // dependency) before loading the entry: a loader of the main thread does not reach its workers.
  const fromSources = entry.endsWith('.ts');
  const script = fromSources ? `require('tsx/cjs/api').register(); require(${JSON.stringify(fileURLToPath(import.meta.url))}).serveCorpusWorker();` : entry;
  const pool = Array.from({ length: Math.min(workers, sessions.length) }, () => new Worker(script, { eval: fromSources, workerData: { kind: WORKER_KIND, job }, argv: [], stdout: false, stderr: false }));
  try {
    await Promise.all(
      pool.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const give = () => {
              if (next >= sessions.length) return resolve();
              const batch: Batch = { sessions: sessions.slice(next, next + size) };
              next += size;
              w.postMessage(batch);
            };
            w.on('message', (done: SessionResult[]) => {
              for (const r of done) results.push(r);
              progress(results.length, sessions.length);
              give();
            });
            w.on('error', reject);
            w.on('exit', (code) => {
              if (code !== 0) reject(new Error(`a worker thread stopped (exit ${code})`));
            });
            give();
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  return results;
}
