/**
 * Replaying a corpus across cores: the sessions are handed out in small batches to this process and
 * to forked worker processes (the CLI's own entry, marked by an environment variable and sent the
 * job over the IPC channel: from the package, `bin/rule-studio.mjs` then loads the corpus worker
 * bundle, the replay path alone); each reads its session files itself and a worker sends back only
 * their tallies. Processes, not worker threads: threads share one V8 process (its GC and compiler
 * threads), which held two threads to about 1.3× one. Results come back in any order
 * and are tallied in the report by session name.
 */
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { createSessionReplayer, prepareJob, type CorpusJob, type SessionReplayer, type SessionResult } from '../../core/corpus/replaySession.ts';
import type { ReplayConfig } from '../../core/engine/replay.ts';
import { dropEarlyWorker, forkWorker, takeEarlyWorker, type WorkerEntry } from './workerProcess.ts';

export { workerEnv, workerExecArgv, WORKER_V8_OPTIONS, type WorkerEntry } from './workerProcess.ts';

/** Bytes of a session file read at a time (into one buffer per process, reused). */
const CHUNK_BYTES = 1 << 20;
/** At most this many sessions per message to a worker process. */
const MAX_BATCH = 32;
/**
 * This process looks at the workers' messages (a ready worker's first batches, a busy one's next)
 * once it has replayed sessions for this many ms since it last looked: a worker waits no longer
 * than that and one session, however long the first, still unoptimised sessions take.
 */
const LOOK_EVERY_MS = 4;
/** Batches a worker process has in hand: one replaying, the others queued, so it never waits for this process. */
const IN_HAND = 3;

interface Session {
  path: string;
  name: string;
}

/** Sessions handed to a worker process at once. */
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


/** A message to a worker process: the job first, then batches of sessions. */
type ToWorker = { job: CorpusJob } | Batch;

/**
 * The worker process's loop: the job in, an empty result list out once it is ready (so the command
 * hands it sessions only then), then a batch of sessions in, their results out, until the command
 * closes the channel (or exits, however it exits): then this process exits too.
 */
export function serveCorpusWorker(): void {
  let run: ((s: Session) => SessionResult) | undefined;
  // A reply the command no longer reads (it has closed the channel: this process exits on that) is
  // dropped, not thrown.
  const reply = (results: SessionResult[]) => process.send?.(results, undefined, {}, () => undefined);
  process.on('message', (m: ToWorker) => {
    if ('job' in m) {
      const { config } = prepareJob(m.job);
      run = config ? sessionRunner(createSessionReplayer(config)) : undefined;
      reply([]);
    } else reply(run ? m.sessions.map(run) : []);
  });
  process.once('disconnect', () => process.exit(0));
}

/**
 * Replays `sessions` on `workers` processes: this one and `workers − 1` forked worker processes
 * (1: in this process alone; never more than sessions), calling `progress(done, total)` as results
 * come in; resolves with every session's result, in any order. The workers run `entry` (by
 * default this command's own script, with its Node options) marked as corpus workers; the first is
 * the one `startWorkerEarly` started, if it did (one not needed is dropped).
 */
export async function replayCorpus(job: CorpusJob, sessions: readonly Session[], workers: number, progress: (done: number, total: number) => void = () => undefined, entry?: WorkerEntry): Promise<SessionResult[]> {
  const { config } = prepareJob(job);
  const count = config ? Math.max(1, Math.min(workers, sessions.length)) : 0;
  if (count <= 1) dropEarlyWorker();
  if (!config) return [];
  const pool = count > 1 ? startWorkers(job, count - 1, entry) : [];
  const stop = () => {
    for (const w of pool) w.kill('SIGKILL');
  };
  process.once('exit', stop);
  const restoreGc = pool.length > 0 ? collectOnOneThread() : () => undefined;
  try {
    return await replayOn(config, pool, sessions, progress);
  } catch (e) {
    stop();
    throw e;
  } finally {
    restoreGc();
    process.off('exit', stop);
    await Promise.all(pool.map(closeWorker));
  }
}

/**
 * While this process replays beside worker processes, its young generation is collected on its own
 * thread too (see {@link WORKER_V8_OPTIONS}); V8 reads the option at each collection. Unless this
 * process was started with its own choice. Returns what puts the default back.
 */
function collectOnOneThread(): () => void {
  const options = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`;
  if (/--(no-)?(single-threaded-gc|single-threaded|parallel-scavenge)\b/.test(options)) return () => undefined;
  setFlagsFromString('--no-parallel-scavenge');
  return () => setFlagsFromString('--parallel-scavenge');
}

/** Closes a worker's channel (it exits on that) and waits for it to exit; kills it if it lingers. */
function closeWorker(w: ChildProcess): Promise<void> {
  if (w.exitCode !== null || w.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => w.kill('SIGKILL'), 5_000);
    w.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (w.connected) w.disconnect();
  });
}

/**
 * Replays `sessions` in this process and the `pool`'s. This one replays too, from the start, so
 * the workers' start-up delays nothing; each worker, once ready, has {@link IN_HAND} batches in hand and this
 * process looks at their messages every {@link LOOK_EVERY_MS} ms, so a worker never waits for this
 * process to hand it the next.
 */
async function replayOn(config: ReplayConfig, pool: readonly ChildProcess[], sessions: readonly Session[], progress: (done: number, total: number) => void): Promise<SessionResult[]> {
  const results: SessionResult[] = [];
  const run = sessionRunner(createSessionReplayer(config));
  const threads = Math.max(1, Math.min(pool.length + 1, sessions.length));
  // Largest first (a session's cost follows its size), so the last batches are small sessions.
  const queue = threads > 1 ? largestFirst(sessions) : sessions;
  let next = 0;
  // A worker's batches are about an eighth of a process's share of what is left (at most
  // MAX_BATCH, at least one session): large while much is left, so a worker rarely waits for its
  // next one, and shrinking towards the end, so the processes finish close together.
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
      if (batch) w.send({ sessions: batch } satisfies ToWorker);
    };
    // The first message says the worker is ready (no results): it gets its batches in hand then, not
    // while it starts, so a small corpus is not left waiting on a starting worker.
    let ready = false;
    w.on('message', (done: SessionResult[]) => {
      collect(done);
      for (let i = ready ? 1 : IN_HAND; i > 0; i--) give();
      ready = true;
    });
    w.on('error', (e) => {
      failure ??= e;
      settle();
    });
    w.on('exit', (code, signal) => {
      if (results.length < sessions.length) failure ??= new Error(`a corpus worker process stopped (${signal ?? `exit ${code}`})`);
      settle();
    });
  }
  // One session at a time from the queue (this process needs no message for it); every
  // LOOK_EVERY_MS, the workers' results come in and they get their next batches. Alone, this
  // process reads no clock (the first read of \`performance\` loads a module).
  const look = pool.length > 0;
  let looked = look ? performance.now() : 0;
  while (next < queue.length && failure === undefined) {
    collect([run(queue[next++] as Session)]);
    if (look && performance.now() - looked >= LOOK_EVERY_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      looked = performance.now();
    }
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

/**
 * Starts `count` corpus worker processes (the one started early first, if any) and sends each the job.
 */
function startWorkers(job: CorpusJob, count: number, entry?: WorkerEntry): ChildProcess[] {
  const first = takeEarlyWorker();
  const pool = first ? [first] : [];
  while (pool.length < count) pool.push(forkWorker(entry));
  for (const w of pool) w.send({ job } satisfies ToWorker);
  return pool;
}
