/**
 * Replaying a corpus across cores: each session is one task, handed to the next free worker thread
 * (the CLI's own entry, started with the job in `workerData`); results come back in any order and
 * are tallied in the report by session name. With one worker, the sessions run in this thread.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { prepareJob, replaySession, type CorpusJob, type SessionResult } from '../../core/corpus/replaySession.ts';

/** The marker of a corpus worker in `workerData`. */
const WORKER_KIND = 'rule-studio-corpus-worker';

interface Task {
  id: number;
  path: string;
  name: string;
}

/** Reads and replays one session; an unreadable file is a session with one error. */
function runTask(config: NonNullable<ReturnType<typeof prepareJob>['config']>, task: Task): SessionResult {
  let text: string;
  try {
    text = readFileSync(task.path, 'utf8');
  } catch {
    return { session: { name: task.name, events: 0, decisions: 0, violations: 0, interrupts: 0, errors: 1, ended: 'open' }, rules: [] };
  }
  return replaySession(config, task.name, text);
}

/** True in a thread started by {@link replayCorpus}: run {@link serveCorpusWorker} instead of the CLI. */
export const isCorpusWorker = (): boolean => !isMainThread && (workerData as { kind?: string } | null)?.kind === WORKER_KIND;

/** The worker thread's loop: a task in, its result out, until the pool closes it. */
export function serveCorpusWorker(): void {
  const { job } = workerData as { job: CorpusJob };
  const { config } = prepareJob(job);
  parentPort?.on('message', (task: Task) => {
    const result = config ? runTask(config, task) : undefined;
    parentPort?.postMessage({ id: task.id, result });
  });
}

/**
 * Replays `sessions` with `workers` threads (1: in this thread), calling `progress(done, total)`
 * after each; resolves with every session's result.
 */
export async function replayCorpus(job: CorpusJob, sessions: readonly { path: string; name: string }[], workers: number, progress: (done: number, total: number) => void = () => undefined): Promise<SessionResult[]> {
  const { config } = prepareJob(job);
  if (!config) return [];
  const tasks: Task[] = sessions.map((s, id) => ({ id, ...s }));
  const results: SessionResult[] = [];
  if (workers <= 1 || tasks.length <= 1) {
    for (const t of tasks) {
      results.push(runTask(config, t));
      progress(results.length, tasks.length);
    }
    return results;
  }
  const entry = process.argv[1];
  if (!entry) throw new Error('cannot start worker threads: no entry script');
  let next = 0;
  // From the sources (a checkout), the thread registers the TypeScript loader (tsx, a dev
  // dependency) before loading the entry: a loader of the main thread does not reach its workers.
  const fromSources = entry.endsWith('.ts');
  const script = fromSources ? `require('tsx/cjs/api').register(); require(${JSON.stringify(fileURLToPath(import.meta.url))}).serveCorpusWorker();` : entry;
  const pool = Array.from({ length: Math.min(workers, tasks.length) }, () => new Worker(script, { eval: fromSources, workerData: { kind: WORKER_KIND, job }, argv: [], stdout: false, stderr: false }));
  try {
    await Promise.all(
      pool.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const give = () => {
              const t = tasks[next++];
              if (t) w.postMessage(t);
              else resolve();
            };
            w.on('message', (m: { id: number; result?: SessionResult }) => {
              if (m.result) results.push(m.result);
              progress(results.length, tasks.length);
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
