/**
 * Corpus replay (`rule-studio report`, as users run the command) on one and on two worker processes, and `follow`'s latency from a line
 * appended to a session log to its decision printed. Wall time: the work is spread over processes
 * (and follow waits on the file); CPU time of the command and its workers beside it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const RULES = 'examples/etl-pipeline.toml';
const TOOLS = ['connect_db', 'extract', 'transform', 'load', 'disconnect_db', 'send_message'];

export interface CorpusFigures {
  sessions: number;
  events: number;
  /** Wall ms per run, by worker count (alternated runs). */
  runs: Record<1 | 2, number[]>;
  /** CPU ms (user + system) of each run: the command and its worker processes. */
  cpu: Record<1 | 2, number[]>;
  /** The 1-minute load average when each run ended. */
  load: Record<1 | 2, number[]>;
  /** CPU ms of each process of each run (user, system): the command first, then its worker processes. */
  processes: Record<1 | 2, ProcessCpu[][]>;
  /**
   * The same corpus twice over (each session written twice), run in the same rounds: wall and CPU
   * ms of each run by worker count. The difference from the corpus's runs is the time the added
   * sessions take, with everything a run pays once (start-up, listing, the report) cancelled out:
   * the throughput a long corpus runs at.
   */
  doubled: { sessions: number; events: number; runs: Record<1 | 2, number[]>; cpu: Record<1 | 2, number[]> };
  /**
   * The same command on the corpus's first session alone (`--workers 1`), three times: wall and
   * CPU ms of each run. What every run pays however many processes share the sessions (Node's
   * start, loading the CLI and the rule files, listing, writing the report).
   */
  fixed: { wall: number[]; cpu: number[] };
}

/** One process's CPU time over its life (all its threads), as it measured it at exit. */
export interface ProcessCpu {
  worker: boolean;
  userMs: number;
  systemMs: number;
}

/**
 * A script each process of the command loads first (`NODE_OPTIONS=--require`, which the worker
 * processes inherit): at exit, it appends the process's own CPU time to the file named by
 * RS_BENCH_CPU_LOG.
 */
const CPU_PROBE = `const { appendFileSync } = require('node:fs');
process.once('exit', () => {
  const u = process.cpuUsage();
  const worker = process.env.RULE_STUDIO_CORPUS_WORKER === '1' && typeof process.send === 'function';
  appendFileSync(process.env.RS_BENCH_CPU_LOG, JSON.stringify({ worker, userMs: u.user / 1000, systemMs: u.system / 1000 }) + '\\n');
});
`;

/** The processes' CPU lines the probe wrote, the command first. */
function processCpu(log: string): ProcessCpu[] {
  const rows = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as ProcessCpu) : [];
  rmSync(log, { force: true });
  return [...rows.filter((r) => !r.worker), ...rows.filter((r) => r.worker)];
}

/** Rounds of the alternated runs: the 2-worker runs vary most (any other work on the machine takes one of its two cores). */
const ROUNDS = 5;

/** Clock ticks per second of /proc's CPU times. */
const ticksPerSecond = (): number => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
};

/**
 * CPU ms of this process's waited-for children and their waited-for descendants (the command and
 * the worker processes it waits for), from /proc/self/stat; NaN where there is no /proc.
 */
function childrenCpuMs(tick: number): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of stat (cutime, cstime); the slice starts at field 3.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / tick;
  } catch {
    return Number.NaN;
  }
}

/** `sessions` canonical logs of `perSession` calls each, in a fresh folder, each written `copies` times. */
function writeCorpus(sessions: number, perSession: number, copies = 1): { dir: string; paths: { path: string; name: string }[] } {
  const dir = mkdtempSync(join(tmpdir(), 'rs-bench-corpus-'));
  const paths: { path: string; name: string }[] = [];
  const start = Date.UTC(2025, 0, 1, 10);
  for (let s = 0; s < sessions; s++) {
    const lines: string[] = [];
    for (let i = 0; i < perSession; i++) lines.push(`{"type":"tool_call","time":"${new Date(start + i * 1000).toISOString()}","tool":"${TOOLS[(s * 7 + i * 13 + (i >> 3)) % TOOLS.length]}"}`);
    for (let c = 0; c < copies; c++) {
      const path = join(dir, `s${String(s).padStart(5, '0')}${c ? `-${c}` : ''}.jsonl`);
      writeFileSync(path, `${lines.join('\n')}\n`);
      paths.push({ path, name: path });
    }
  }
  return { dir, paths };
}

/** Newest modification time of the files under `dir`. */
function newestUnder(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) t = Math.max(t, statSync(join(e.parentPath, e.name)).mtimeMs);
  return t;
}

/**
 * The `rule-studio` command as users run it (`bin/rule-studio.mjs`: the bundle, compiled with its V8
 * code cache, which the worker threads use too), with the bundle rebuilt first when a source is
 * newer (the command would otherwise run the sources through tsx) and the cache warmed by one run.
 */
function userCli(cacheDir: string): { argv: string[]; env: NodeJS.ProcessEnv } {
  const bundle = 'dist-cli/rule-studio.cjs';
  if (!existsSync(bundle) || statSync(bundle).mtimeMs < Math.max(newestUnder('src/cli'), newestUnder('src/core')))
    execFileSync(process.execPath, ['node_modules/.bin/vite', 'build', '--config', 'vite.cli.config.ts'], { stdio: 'ignore' });
  const env = { ...process.env, RULE_STUDIO_CACHE_DIR: cacheDir };
  execFileSync(process.execPath, ['bin/rule-studio.mjs', '--version'], { env, stdio: 'ignore' });
  return { argv: ['bin/rule-studio.mjs'], env };
}

/**
 * Replays `sessions` sessions of `perSession` calls (default 1,600 × 2,500 = 4,000,000 events), and
 * the same corpus twice over, {@link ROUNDS} times each with `rule-studio report --workers 1` and
 * `--workers 2`, alternated: wall time of the whole command, process start and the workers'
 * start-up included, as a user waits for it; CPU time of the command and its workers, in all and
 * per process; the load average after each run; then the command on the first session alone (its
 * fixed cost).
 */
export async function benchCorpus(sessions = 1_600, perSession = 2_500): Promise<CorpusFigures> {
  const { dir, paths } = writeCorpus(sessions, perSession);
  const twice = writeCorpus(sessions, perSession, 2);
  const first = paths[0]?.path ?? dir;
  const fixed: CorpusFigures['fixed'] = { wall: [], cpu: [] };
  const cacheDir = mkdtempSync(join(tmpdir(), 'rs-bench-cache-'));
  const cli = userCli(cacheDir);
  const probe = join(cacheDir, 'cpu-probe.cjs');
  const cpuLog = join(cacheDir, 'cpu.jsonl');
  writeFileSync(probe, CPU_PROBE);
  const env = { ...cli.env, NODE_OPTIONS: `${cli.env.NODE_OPTIONS ?? ''} --require ${probe}`.trim(), RS_BENCH_CPU_LOG: cpuLog };
  const runs: Record<1 | 2, number[]> = { 1: [], 2: [] };
  const cpu: Record<1 | 2, number[]> = { 1: [], 2: [] };
  const load: Record<1 | 2, number[]> = { 1: [], 2: [] };
  const processes: Record<1 | 2, ProcessCpu[][]> = { 1: [], 2: [] };
  const doubled: CorpusFigures['doubled'] = { sessions: 2 * sessions, events: 2 * sessions * perSession, runs: { 1: [], 2: [] }, cpu: { 1: [], 2: [] } };
  const tick = ticksPerSecond();
  /** Wall and CPU ms of the command on `corpus` with `w` workers; checks every session was replayed. */
  const run = (corpus: string, w: 1 | 2, expected: number) => {
    const c0 = childrenCpuMs(tick);
    const t0 = performance.now();
    const out = execFileSync(process.execPath, [...cli.argv, 'report', RULES, '--corpus', corpus, '--workers', String(w), '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 30, env });
    const wall = performance.now() - t0;
    const cpuMs = childrenCpuMs(tick) - c0;
    const replayed = (JSON.parse(out) as { sessions: unknown[] }).sessions.length;
    if (replayed !== expected) throw new Error(`replayed ${replayed} of ${expected} sessions`);
    return { wall, cpuMs };
  };
  try {
    for (let i = 0; i < ROUNDS; i++)
      for (const w of [1, 2] as const) {
        const r = run(dir, w, sessions);
        runs[w].push(r.wall);
        cpu[w].push(r.cpuMs);
        load[w].push(loadavg()[0] ?? Number.NaN);
        processes[w].push(processCpu(cpuLog));
        const d = run(twice.dir, w, 2 * sessions);
        doubled.runs[w].push(d.wall);
        doubled.cpu[w].push(d.cpuMs);
        processCpu(cpuLog);
      }
    for (let i = 0; i < 3; i++) {
      const c0 = childrenCpuMs(tick);
      const t0 = performance.now();
      execFileSync(process.execPath, [...cli.argv, 'report', RULES, '--corpus', first, '--workers', '1', '--format', 'json'], { encoding: 'utf8', env });
      fixed.wall.push(performance.now() - t0);
      fixed.cpu.push(childrenCpuMs(tick) - c0);
      processCpu(cpuLog);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(twice.dir, { recursive: true, force: true });
    rmSync(cacheDir, { recursive: true, force: true });
  }
  return { sessions, events: sessions * perSession, runs, cpu, load, processes, doubled, fixed };
}

/** Appends `lines` calls to a log `follow` is watching, one every 150 ms; ms from each append to its decision on stdout. */
export async function benchFollow(lines = 30): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'rs-bench-follow-'));
  const log = join(dir, 'session.jsonl');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'follow', log, RULES, '--format', 'jsonl'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const seen: number[] = [];
  let buffered = '';
  child.stdout.on('data', (c: Buffer) => {
    buffered += c.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const p of parts) if (p.includes('"extract"') || p.includes('"transform"')) seen.push(performance.now());
  });
  const ready = new Promise<void>((resolve) => child.stderr.on('data', (c: Buffer) => c.toString().includes('following') && resolve()));
  const latencies: number[] = [];
  try {
    await ready;
    for (let i = 0; i < lines; i++) {
      const before = seen.length;
      const t0 = performance.now();
      appendFileSync(log, `{"type":"tool_call","time":"${new Date(Date.UTC(2025, 0, 1, 10, 0, i)).toISOString()}","tool":"${i % 2 ? 'transform' : 'extract'}"}\n`);
      while (seen.length === before) await new Promise((r) => setTimeout(r, 2));
      latencies.push((seen[before] as number) - t0);
      await new Promise((r) => setTimeout(r, 150));
    }
  } finally {
    child.kill('SIGINT');
    rmSync(dir, { recursive: true, force: true });
  }
  return latencies;
}
