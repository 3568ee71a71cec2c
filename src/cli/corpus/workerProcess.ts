/**
 * Forking a corpus worker process (see `pool.ts`): its environment and Node options, and the one
 * `report` starts early, as the command starts, so that it is ready by the time the command has
 * read its rule files and listed its sessions. Light on purpose: the process entry imports it for
 * every command, so it loads nothing but `node:child_process`.
 */
import { fork, type ChildProcess } from 'node:child_process';

/** The environment variable that marks a process forked by the corpus pool as a corpus worker. */
export const CORPUS_WORKER_ENV = 'RULE_STUDIO_CORPUS_WORKER';

/** Where the pool's worker processes start: a script and the Node options to run it with. */
export interface WorkerEntry {
  script: string;
  execArgv?: readonly string[];
}

/**
 * V8 options added for a worker process: its garbage collector on its own thread. Every core runs
 * a replaying process, so a collector's helper threads find no idle core: they take it from another
 * replaying process, and the collector waits for them (the young generation, collected every few
 * milliseconds, keeps little alive, so one thread collects it in about the time it takes to hand it
 * out).
 */
export const WORKER_V8_OPTIONS: readonly string[] = ['--single-threaded-gc'];

/**
 * The environment of a worker process: this one's, marked as a corpus worker, without what only
 * costs a worker start-up time: `NODE_EXTRA_CA_CERTS` (Node reads and parses those certificates
 * as it starts; a worker opens no connection).
 */
export function workerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, [CORPUS_WORKER_ENV]: '1' };
  delete out.NODE_EXTRA_CA_CERTS;
  return out;
}

/** The Node options of a worker process: `base` (this process's by default) and {@link WORKER_V8_OPTIONS}, unless `base` sets the collector's threads itself. */
export function workerExecArgv(base: readonly string[]): string[] {
  const own = base.some((a) => /^--(no-)?(single-threaded-gc|single-threaded|parallel-scavenge)$/.test(a));
  return own ? [...base] : [...base, ...WORKER_V8_OPTIONS];
}

/**
 * Forks one corpus worker process running `entry` (by default this process's own script with its
 * Node options: from the sources, a `.ts` script run with `--import tsx`). It waits for its job.
 */
export function forkWorker(entry?: WorkerEntry): ChildProcess {
  const script = entry?.script ?? process.argv[1];
  if (!script) throw new Error('cannot start corpus worker processes: no entry script');
  return fork(script, [], { env: workerEnv(process.env), execArgv: workerExecArgv(entry?.execArgv ?? process.execArgv), stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced' });
}

/** The worker process started by {@link startWorkerEarly}, until the pool takes or drops it. */
let early: ChildProcess | undefined;

/**
 * Starts one worker process now, before the command knows how many sessions it has (the pool
 * starts the others once it does): its start-up then overlaps the command's own (loading the
 * replay code, reading the rule files, listing the sessions). Until the pool takes it, neither it
 * nor its channel keeps this process running: a command that ends without it (an error, a single
 * session) ends as it would have, and its end closes the channel, on which the worker exits.
 * Returns the process.
 */
export function startWorkerEarly(entry?: WorkerEntry): ChildProcess {
  dropEarlyWorker();
  const w = forkWorker(entry);
  w.unref();
  w.channel?.unref();
  early = w;
  return w;
}

/**
 * The worker process {@link startWorkerEarly} started, if it is still running (this process then
 * waits for it again, as for any child), or undefined; it is taken once.
 */
export function takeEarlyWorker(): ChildProcess | undefined {
  const w = early;
  early = undefined;
  if (!w?.connected || w.exitCode !== null || w.signalCode !== null) return undefined;
  w.ref();
  w.channel?.ref();
  return w;
}

/** Closes the channel of a worker process {@link startWorkerEarly} started that is not needed: it exits on that. */
export function dropEarlyWorker(): void {
  if (early?.connected) early.disconnect();
  early = undefined;
}
