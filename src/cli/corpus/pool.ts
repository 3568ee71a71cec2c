/**
 * Replaying a corpus across cores: the sessions are handed out in small batches to this thread and
 * to worker threads (the CLI's own entry, started with the job in `workerData`: from the package,
 * `bin/rule-studio.mjs` then loads the corpus worker bundle, the replay path alone); each reads its
 * session files itself and a worker sends back only their tallies. Results come back in any order
 * and are tallied in the report by session name.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createSessionReplayer, prepareJob, type CorpusJob, type SessionReplayer, type SessionResult } from '../../core/corpus/replaySession.ts';
import type { ReplayConfig } from '../../core/engine/replay.ts';

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
 * Replays `sessions` on `workers` threads: this one and `workers − 1` worker threads (1: in this
 * thread alone; never more threads than sessions), calling `progress(done, total)` as results come
 * in; resolves with every session's result, in any order.
 */
export async function replayCorpus(job: CorpusJob, sessions: readonly Session[], workers: number, progress: (done: number, total: number) => void = () => undefined): Promise<SessionResult[]> {
  const { config } = prepareJob(job);
  if (!config) return [];
  const threads = Math.max(1, Math.min(workers, sessions.length));
  const pool = threads > 1 ? startWorkers(job, threads - 1) : [];
  try {
    return await replayOn(config, pool, sessions, progress);
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}

/**
 * Replays `sessions` on this thread and the `pool`'s. This thread replays too, from the start, so
 * the workers' start-up delays nothing; each worker has two batches in hand, so it never waits for
 * this thread to hand it the next.
 */
async function replayOn(config: ReplayConfig, pool: readonly Worker[], sessions: readonly Session[], progress: (done: number, total: number) => void): Promise<SessionResult[]> {
  const results: SessionResult[] = [];
  const run = sessionRunner(createSessionReplayer(config));
  const threads = Math.max(1, Math.min(pool.length + 1, sessions.length));
  // Largest first (a session's cost follows its size), so the last batches are small sessions.
  const queue = threads > 1 ? largestFirst(sessions) : sessions;
  let next = 0;
  // Batches of about an eighth of a thread's share of what is left (at most MAX_BATCH, at least
  // one session): large while much is left, so a thread rarely waits for its next one, and
  // shrinking towards the end, so the threads finish close together.
  const take = (): Session[] | undefined => {
    if (next >= queue.length) return undefined;
    const size = Math.max(1, Math.min(MAX_BATCH, Math.ceil((queue.length - next) / (threads * 8))));
    const batch = queue.slice(next, next + size);
    next += size;
    return batch;
  };
  let failure: unknown;
  let settle: () => void = () => undefined;
  const allIn = new Promise<void>((resolve) => (settle = resolve));
  const collect = (done: readonly SessionResult[]) => {
    for (const r of done) results.push(r);
    progress(results.length, sessions.length);
    if (results.length === sessions.length) settle();
  };
  for (const w of pool) {
    const give = () => {
      const batch = take();
      if (batch) w.postMessage({ sessions: batch } satisfies Batch);
    };
    w.on('message', (done: SessionResult[]) => {
      collect(done);
      give();
    });
    w.on('error', (e) => {
      failure ??= e;
      settle();
    });
    w.on('exit', (code) => {
      if (code !== 0) failure ??= new Error(`a worker thread stopped (exit ${code})`);
      settle();
    });
    give();
    give();
  }
  for (let batch = take(); batch && failure === undefined; batch = take()) {
    collect(batch.map(run));
    // Lets the workers' results in (and hands them their next batches) between two of ours.
    if (pool.length > 0) await new Promise((resolve) => setImmediate(resolve));
  }
  if (results.length < sessions.length && failure === undefined) await allIn;
  if (failure !== undefined) throw failure;
  return results;
}

/** `sessions` by file size, largest first (an unreadable file counts as empty: it fails at once). */
function largestFirst(sessions: readonly Session[]): Session[] {
  const size = (path: string) => {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  };
  const sized = sessions.map((s) => ({ s, bytes: size(s.path) }));
  return sized.sort((a, b) => b.bytes - a.bytes).map((x) => x.s);
}

/** Starts `count` corpus worker threads for `job`. */
function startWorkers(job: CorpusJob, count: number): Worker[] {
  const entry = process.argv[1];
  if (!entry) throw new Error('cannot start worker threads: no entry script');
  // From the sources (a checkout), the thread registers the TypeScript loader (tsx, a dev
  // dependency) before loading the entry: a loader of the main thread does not reach its workers.
  const fromSources = entry.endsWith('.ts');
  const script = fromSources ? `require('tsx/cjs/api').register(); require(${JSON.stringify(fileURLToPath(import.meta.url))}).serveCorpusWorker();` : entry;
  return Array.from({ length: count }, () => new Worker(script, { eval: fromSources, workerData: { kind: WORKER_KIND, job }, argv: [], stdout: false, stderr: false }));
}
