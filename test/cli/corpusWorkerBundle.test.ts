/**
 * The corpus worker bundle (`dist-cli/corpus-worker.cjs`, issue 25): the replay path alone, which a
 * worker process of `report` loads instead of the whole CLI. Built here from the sources, it replays
 * a small corpus to the summary this process's replay gives, alone and in the process pool, and the
 * pool leaves no process behind.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync, fork, spawn } from 'node:child_process';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_WORKER_BUNDLE, nodeBundle } from '../../vite.cli.config.ts';
import { buildReport } from '../../src/core/corpus/summary.ts';
import { prepareJob, replaySession, type CorpusJob, type SessionResult } from '../../src/core/corpus/replaySession.ts';
import { replayCorpus, workerExecArgv, WORKER_V8_OPTIONS } from '../../src/cli/corpus/pool.ts';
import { startWorkerEarly } from '../../src/cli/corpus/workerProcess.ts';

const RULES = 'examples/etl-pipeline.toml';
const TOOLS = ['connect_db', 'extract', 'transform', 'load', 'disconnect_db', 'send_message', 'unknown_tool'];
const job: CorpusJob = { rules: [{ path: RULES, text: readFileSync(RULES, 'utf8') }], settings: {} };

let dir = '';
let bundle = '';
const sessions: { path: string; name: string }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rs-corpus-worker-'));
  await build({ ...nodeBundle('src/cli/corpus/worker.ts', CORPUS_WORKER_BUNDLE, false, join(dir, 'bundle')), logLevel: 'silent' });
  bundle = join(dir, 'bundle', CORPUS_WORKER_BUNDLE);
  // 40 sessions of seeded random calls, some with a broken line, and the project's recorded traces.
  let s = 11;
  const rnd = (k: number) => (s = (s * 1103515245 + 12345) % 2 ** 31) % k;
  for (let i = 0; i < 40; i++) {
    const lines = Array.from({ length: 2 + rnd(30) }, (_, j) => JSON.stringify({ type: 'tool_call', time: `2025-01-01T10:00:${String(j % 60).padStart(2, '0')}Z`, tool: TOOLS[rnd(TOOLS.length)] }));
    if (rnd(4) === 0) lines.splice(rnd(lines.length), 0, '{"type":');
    const path = join(dir, `s${String(i).padStart(2, '0')}.jsonl`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    sessions.push({ path, name: path });
  }
  for (const f of ['session.jsonl', 'transcript.jsonl']) {
    const path = join(dir, `recorded-${f}`);
    writeFileSync(path, readFileSync(join('test/traces/fixtures', f)));
    sessions.push({ path, name: path });
  }
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The sessions replayed in this thread, each alone from its text, as a report. */
function inProcess() {
  const { config, rules } = prepareJob(job);
  if (!config) throw new Error('no agent');
  const results = sessions.map((x) => replaySession(config, x.name, readFileSync(x.path, 'utf8')));
  return buildReport(rules, results.map((r) => ({ session: r.session, rules: new Map(r.rules) })));
}

describe('the corpus worker bundle', () => {
  it('is a fraction of the CLI: no command, no language server', () => {
    const code = readFileSync(bundle, 'utf8');
    expect(statSync(bundle).size).toBeGreaterThan(50_000);
    expect(code).not.toContain('textDocument/didOpen');
    expect(code).not.toContain('Replaying sessions');
  });

  it('replays a small corpus in a worker process to the summary in-process replay gives, and exits when its channel closes', async () => {
    const { rules } = prepareJob(job);
    const worker = fork(bundle, [], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced' });
    const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));
    try {
      // The job in, an empty list out once the worker is ready for sessions.
      const ready = new Promise<unknown>((resolve) => worker.once('message', resolve));
      worker.send({ job });
      expect(await ready).toEqual([]);
      const results: SessionResult[] = [];
      // Three batches, one after another, as the pool hands them out.
      for (const batch of [sessions.slice(0, 5), sessions.slice(5, 30), sessions.slice(30)]) {
        const done = new Promise<SessionResult[]>((resolve, reject) => {
          worker.once('message', (m) => resolve(m as SessionResult[]));
          worker.once('error', reject);
        });
        worker.send({ sessions: batch });
        results.push(...(await done));
      }
      expect(results.map((r) => r.session.name)).toEqual(sessions.map((x) => x.name));
      expect(buildReport(rules, results.map((r) => ({ session: r.session, rules: new Map(r.rules) })))).toEqual(inProcess());
      worker.disconnect();
      expect(await exited).toBe(0);
    } finally {
      worker.kill('SIGKILL');
    }
  }, 60_000);
});

describe('replayCorpus', () => {
  it('on this thread alone, gives the report in-process replay gives, largest session first or not', async () => {
    const { rules } = prepareJob(job);
    const results = await replayCorpus(job, sessions, 1);
    expect(results).toHaveLength(sessions.length);
    expect(buildReport(rules, results.map((r) => ({ session: r.session, rules: new Map(r.rules) })))).toEqual(inProcess());
  });

  it('on this process and two worker processes, gives the report in-process replay gives', async () => {
    const { rules } = prepareJob(job);
    // Workers that count the sessions they replay; this process holds on after its first batch
    // until they have started, so they replay some (a worker gets sessions only once ready).
    const counted = join(dir, 'counted.cjs');
    const counts = join(dir, 'counts.txt');
    writeFileSync(counted, `const send = process.send.bind(process);\nlet n = 0;\nprocess.send = (m, ...rest) => ((n += m.length), send(m, ...rest));\nprocess.once('exit', () => require('node:fs').appendFileSync(${JSON.stringify(counts)}, n + '\\n'));\nrequire(${JSON.stringify(bundle)});\n`);
    let first = true;
    const hold = () => {
      if (first) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3_000);
      first = false;
    };
    const results = await replayCorpus(job, sessions, 3, hold, { script: counted, execArgv: [] });
    const byWorker = readFileSync(counts, 'utf8').trim().split('\n').map(Number);
    expect(byWorker).toHaveLength(2);
    expect(byWorker.every((n) => n > 0)).toBe(true);
    expect(results.map((r) => r.session.name).sort()).toEqual(sessions.map((x) => x.name).sort());
    expect(buildReport(rules, results.map((r) => ({ session: r.session, rules: new Map(r.rules) })))).toEqual(inProcess());
  }, 60_000);

  it('starts its worker processes with the collector on one thread and without NODE_EXTRA_CA_CERTS, replaying to the same report', async () => {
    // A worker entry that notes how it was started, then serves as the bundle does.
    const seen = join(dir, 'seen.json');
    const probe = join(dir, 'probe.cjs');
    writeFileSync(probe, `require('node:fs').writeFileSync(${JSON.stringify(seen)}, JSON.stringify({ execArgv: process.execArgv, ca: process.env.NODE_EXTRA_CA_CERTS ?? null }));\nrequire(${JSON.stringify(bundle)});\n`);
    const before = process.env.NODE_EXTRA_CA_CERTS;
    process.env.NODE_EXTRA_CA_CERTS = join(dir, 'no-such-ca.pem');
    try {
      const { rules } = prepareJob(job);
      const results = await replayCorpus(job, sessions, 2, undefined, { script: probe, execArgv: ['--max-old-space-size=512'] });
      expect(buildReport(rules, results.map((r) => ({ session: r.session, rules: new Map(r.rules) })))).toEqual(inProcess());
    } finally {
      if (before === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
      else process.env.NODE_EXTRA_CA_CERTS = before;
    }
    expect(JSON.parse(readFileSync(seen, 'utf8'))).toEqual({ execArgv: ['--max-old-space-size=512', '--single-threaded-gc'], ca: null });
  }, 60_000);

  it("keeps the user's own collector options for its worker processes", () => {
    expect(WORKER_V8_OPTIONS).toEqual(['--single-threaded-gc']);
    expect(workerExecArgv(['--import', 'tsx'])).toEqual(['--import', 'tsx', '--single-threaded-gc']);
    expect(workerExecArgv(['--parallel-scavenge'])).toEqual(['--parallel-scavenge']);
    expect(workerExecArgv(['--no-single-threaded-gc'])).toEqual(['--no-single-threaded-gc']);
  });

  it('hands a worker sessions only once it is ready: a corpus this process replays before the worker starts does not wait for it', async () => {
    // A worker that takes 3 s to start: the two sessions are replayed here long before.
    const slow = join(dir, 'slow.cjs');
    writeFileSync(slow, `const end = Date.now() + 3000;\nwhile (Date.now() < end);\nrequire(${JSON.stringify(bundle)});\n`);
    const { rules } = prepareJob(job);
    const two = sessions.slice(0, 2);
    const t0 = Date.now();
    let ms = Number.NaN;
    const results = await replayCorpus(job, two, 2, (done, total) => done === total && (ms = Date.now() - t0), { script: slow, execArgv: [] });
    const alone = two.map((x) => replaySession(prepareJob(job).config as NonNullable<ReturnType<typeof prepareJob>['config']>, x.name, readFileSync(x.path, 'utf8')));
    expect(buildReport(rules, results.map((r) => ({ session: r.session, rules: new Map(r.rules) })))).toEqual(buildReport(rules, alone.map((r) => ({ session: r.session, rules: new Map(r.rules) }))));
    expect(ms).toBeLessThan(2_500);
  }, 60_000);

  /**
   * A worker entry that notes, at exit, its tag and how many sessions it replayed (in `tally`),
   * and says when it has replied to its job that it is ready (a file `<tag>.job`).
   */
  const noting = (tag: string, tally: string) => {
    const script = join(dir, `${tag}.cjs`);
    const fs = "require('node:fs')";
    writeFileSync(
      script,
      `const send = process.send.bind(process);\nlet n = 0;\nprocess.send = (m, ...rest) => ((n += m.length), send(m, ...rest));\nprocess.once('exit', () => ${fs}.appendFileSync(${JSON.stringify(tally)}, '${tag} ' + n + '\\n'));\nrequire(${JSON.stringify(bundle)});\n// After the bundle's own listener: the job is prepared and the ready reply sent.\nprocess.once('message', () => ${fs}.writeFileSync(${JSON.stringify(join(dir, `${tag}.job`))}, ''));\n`,
    );
    return { script, execArgv: [] };
  };
  /** A progress callback that holds this process, after its first session, until the workers `tags` have said they are ready (so they replay some sessions). */
  const holdFor = (...tags: string[]) => {
    let first = true;
    return () => {
      for (let t = 0; first && t < 500 && !tags.every((tag) => existsSync(join(dir, `${tag}.job`))); t++) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      first = false;
    };
  };
  const tallied = (tally: string) => readFileSync(tally, 'utf8').trim().split('\n').map((l) => l.split(' '));

  it('takes the worker process started early as its first and starts only the others, to the same report', async () => {
    const { rules } = prepareJob(job);
    const tally = join(dir, 'tally-early.txt');
    startWorkerEarly(noting('early', tally));
    const results = await replayCorpus(job, sessions, 3, holdFor('early', 'later'), noting('later', tally));
    expect(tallied(tally).map(([tag]) => tag).sort()).toEqual(['early', 'later']);
    expect(tallied(tally).every(([, n]) => Number(n) > 0)).toBe(true);
    expect(buildReport(rules, results.map((r) => ({ session: r.session, rules: new Map(r.rules) })))).toEqual(inProcess());
  }, 60_000);

  it('drops the worker process started early when this process alone replays: it exits', async () => {
    const early = startWorkerEarly({ script: bundle, execArgv: [] });
    const exited = new Promise<number | null>((resolve) => early.once('exit', (code) => resolve(code)));
    const one = sessions.slice(0, 1);
    const results = await replayCorpus(job, one, 2);
    expect(results.map((r) => r.session.name)).toEqual(one.map((x) => x.name));
    expect(await exited).toBe(0);
  }, 60_000);

  it('starts a worker of its own when the one started early has stopped', async () => {
    const { rules } = prepareJob(job);
    const gone = join(dir, 'gone.cjs');
    writeFileSync(gone, 'process.exit(3);\n');
    const early = startWorkerEarly({ script: gone, execArgv: [] });
    await new Promise((resolve) => early.once('exit', resolve));
    const tally = join(dir, 'tally-own.txt');
    const results = await replayCorpus(job, sessions, 2, holdFor('own'), noting('own', tally));
    expect(tallied(tally)).toEqual([['own', expect.stringMatching(/^[1-9]\d*$/)]]);
    expect(buildReport(rules, results.map((r) => ({ session: r.session, rules: new Map(r.rules) })))).toEqual(inProcess());
  }, 60_000);

  it('fails, with no worker left running, when a worker process dies', async () => {
    // A worker that says it is ready, then exits with its first batch in hand: the pool reports it
    // rather than waiting forever.
    const dead = join(dir, 'dead.cjs');
    writeFileSync(dead, "process.on('message', (m) => ('job' in m ? process.send([]) : process.exit(3)));\n");
    // This process holds on after its first batch until the worker has surely started, so sessions
    // are left to hand it.
    let first = true;
    const hold = () => {
      if (first) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3_000);
      first = false;
    };
    await expect(replayCorpus(job, sessions, 2, hold, { script: dead, execArgv: [] })).rejects.toThrow(/corpus worker process stopped \(exit 3\)/);
  }, 60_000);
});

/**
 * The ids of the corpus worker processes whose parent is `pid`: its children running the CLI's
 * entry (not tsx's esbuild service, which a command run from the sources may have beside them;
 * `ps` exits 1 when there is no child).
 */
function childrenOf(pid: number): number[] {
  try {
    const rows = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n');
    return rows.filter((l) => l.includes('src/cli/entry.ts')).map((l) => Number.parseInt(l.trim(), 10)).filter((n) => n > 0);
  } catch {
    return [];
  }
}
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('report --workers 2 from the sources', () => {
  it('leaves no orphan worker process when the command is killed mid-run', async () => {
    const big = mkdtempSync(join(tmpdir(), 'rs-corpus-orphan-'));
    try {
      const line = JSON.stringify({ type: 'tool_call', time: '2025-01-01T10:00:00Z', tool: 'extract' });
      for (let i = 0; i < 400; i++) writeFileSync(join(big, `s${i}.jsonl`), `${Array.from({ length: 4_000 }, () => line).join('\n')}\n`);
      const cli = spawn(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'report', RULES, '--corpus', big, '--workers', '2', '--format', 'json'], { stdio: 'ignore' });
      const pid = cli.pid as number;
      let workers: number[] = [];
      for (let t = 0; t < 300 && workers.length === 0; t++) {
        await new Promise((r) => setTimeout(r, 100));
        workers = childrenOf(pid);
      }
      expect(workers).toHaveLength(1);
      cli.kill('SIGKILL');
      for (let t = 0; t < 100 && workers.some(alive); t++) await new Promise((r) => setTimeout(r, 100));
      expect(workers.filter(alive)).toEqual([]);
    } finally {
      rmSync(big, { recursive: true, force: true });
    }
  }, 120_000);
});
