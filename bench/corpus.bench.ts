/**
 * Corpus replay (`report`) on one and on two worker threads, and `follow`'s latency from a line
 * appended to a session log to its decision printed. Wall time: the work is spread over threads
 * (and follow waits on the file), so CPU time of this process would not show it.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { replayCorpus } from '../src/cli/corpus/pool.ts';

const RULES = 'examples/etl-pipeline.toml';
const TOOLS = ['connect_db', 'extract', 'transform', 'load', 'disconnect_db', 'send_message'];

export interface CorpusFigures {
  sessions: number;
  events: number;
  /** Wall ms per run, by worker count (alternated runs). */
  runs: Record<1 | 2, number[]>;
}

/** `sessions` canonical logs of `perSession` calls each, in a fresh folder. */
function writeCorpus(sessions: number, perSession: number): { dir: string; paths: { path: string; name: string }[] } {
  const dir = mkdtempSync(join(tmpdir(), 'rs-bench-corpus-'));
  const paths: { path: string; name: string }[] = [];
  const start = Date.UTC(2025, 0, 1, 10);
  for (let s = 0; s < sessions; s++) {
    const lines: string[] = [];
    for (let i = 0; i < perSession; i++) lines.push(`{"type":"tool_call","time":"${new Date(start + i * 1000).toISOString()}","tool":"${TOOLS[(s * 7 + i * 13 + (i >> 3)) % TOOLS.length]}"}`);
    const path = join(dir, `s${String(s).padStart(5, '0')}.jsonl`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    paths.push({ path, name: path });
  }
  return { dir, paths };
}

/** Replays 400 sessions of 2,500 calls (1,000,000 events) three times on 1 and on 2 threads, alternated. */
export async function benchCorpus(sessions = 400, perSession = 2_500): Promise<CorpusFigures> {
  const { dir, paths } = writeCorpus(sessions, perSession);
  const job = { rules: [{ path: RULES, text: readFileSync(RULES, 'utf8') }], settings: {} };
  const runs: Record<1 | 2, number[]> = { 1: [], 2: [] };
  try {
    await replayCorpus(job, paths.slice(0, 20), 2); // warm: thread start-up and the loader's first compile
    for (let i = 0; i < 3; i++)
      for (const w of [1, 2] as const) {
        const t0 = performance.now();
        const results = await replayCorpus(job, paths, w);
        runs[w].push(performance.now() - t0);
        if (results.length !== sessions) throw new Error(`replayed ${results.length} of ${sessions} sessions`);
      }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { sessions, events: sessions * perSession, runs };
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
