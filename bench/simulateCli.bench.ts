/**
 * `simulate` end to end: a 1,000,000-event canonical trace file (the engine benchmark's tool calls
 * against its 200-rule agent) read, parsed, replayed and written as JSONL by the CLI's own
 * command, with the real file reader and output written to a file. CPU time of the command.
 * Options: microsecond times (`…SS.mmm000Z`, issue 28), arguments that repeat (so the default
 * dedupe window merges calls), and the dedupe window (`--dedupe-window`).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeAgentsToml } from '../src/core/codecs/write/agentsToml.ts';
import { main } from '../src/cli/main.ts';
import { readByteChunks, readText } from '../src/cli/io.ts';
import { formatIso } from '../src/core/time.ts';
import { agent200, toolCalls } from './engine.bench.ts';

export interface SimulateCliFigure {
  events: number;
  traceMb: number;
  outputMb: number;
  cpuMs: number;
  eventsPerSec: number;
  exitCode: number;
}

/**
 * The 200-rule agent without the two exclusive groups whose second member needs the first (T003:
 * `simulate` refuses rule files with errors).
 */
export function checkedAgent() {
  const a = agent200();
  const needsFirst = (r: (typeof a.rules)[number]) =>
    r.rule_type.type === 'ExclusiveGroups' && r.rule_type.value.some((g) => a.rules.some((o) => o.rule_type.type === 'RequiresPrecedingTools' && o.tool_name === g[1] && o.conditions.includes(g[0] as string)));
  return { ...a, rules: a.rules.filter((r) => !needsFirst(r)) };
}

export interface SimulateCliOptions {
  /** Times with six fraction digits (`.010000Z`) instead of three. */
  micro?: boolean;
  /** Arguments without the per-call counter: calls of a tool repeat, and dedupe merges them. */
  repeatedArgs?: boolean;
  /** `--dedupe-window` in ms (default: the settings' default). */
  dedupeWindowMs?: number;
}

export function writeTrace(path: string, n: number, opts: SimulateCliOptions = {}): number {
  const fd = openSync(path, 'w');
  const time = (ms: number) => (opts.micro ? `${formatIso(ms).slice(0, -1)}000Z` : formatIso(ms));
  let lines: string[] = [];
  let bytes = 0;
  for (const item of toolCalls(n)) {
    if (item.kind !== 'event') continue;
    const e = item.event;
    lines.push(
      e.type === 'tool_call'
        ? `{"type":"tool_call","time":"${time(e.time)}","tool":"${e.tool}","args":${JSON.stringify(opts.repeatedArgs ? { operation: (e.args as { operation: string }).operation } : e.args)}}`
        : `{"type":"${e.type}","time":"${time(e.time)}"}`,
    );
    if (lines.length === 10_000) {
      const chunk = lines.join('\n') + '\n';
      bytes += writeSync(fd, chunk);
      lines = [];
    }
  }
  if (lines.length) bytes += writeSync(fd, lines.join('\n') + '\n');
  closeSync(fd);
  return bytes;
}

/** Runs `simulate` on a written agent and trace in this process, output to a file: CPU time of the command. */
export async function runSimulateCli(agentPath: string, tracePath: string, n: number, dedupeWindowMs?: number): Promise<Omit<SimulateCliFigure, 'traceMb'>> {
  const outPath = join(tmpdir(), `rule-studio-bench-out-${process.pid}.jsonl`);
  // The command's module loaded before the clock starts: here tsx compiles it from the sources (≈ 0.2–0.4 s
  // of CPU), which is no part of simulate's work (the installed CLI loads its bundle from V8's code cache).
  await import('../src/cli/commands/simulateRun.ts');
  const fd = openSync(outPath, 'w');
  try {
    let outBytes = 0;
    const c0 = process.cpuUsage();
    const dedupe = dedupeWindowMs === undefined ? [] : ['--dedupe-window', String(dedupeWindowMs)];
    const exitCode = await main(['simulate', agentPath, '--trace', tracePath, ...dedupe], {
      readText,
      readByteChunks,
      out: (text) => {
        outBytes += writeSync(fd, text.endsWith('\n') ? text : text + '\n');
      },
      outBytes: (bytes) => {
        for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
        outBytes += bytes.length;
      },
      err: (t) => { if (process.env.BENCH_VERBOSE) console.error(t); },
    });
    const c = process.cpuUsage(c0);
    const cpuMs = (c.user + c.system) / 1000;
    return { events: n, outputMb: outBytes / 1048576, cpuMs, eventsPerSec: (n / cpuMs) * 1000, exitCode };
  } finally {
    closeSync(fd);
    rmSync(outPath, { force: true });
  }
}

/** One run in this process, its trace written first (for profiling one variant: see the end of the file). */
export async function benchSimulateCli(n = 1_000_000, opts: SimulateCliOptions = {}): Promise<SimulateCliFigure> {
  const dir = tmpdir();
  const agentPath = join(dir, `rule-studio-bench-agent-${process.pid}.toml`);
  const tracePath = join(dir, `rule-studio-bench-trace-${process.pid}.jsonl`);
  try {
    writeFileSync(agentPath, writeAgentsToml([checkedAgent()]).text);
    const traceBytes = writeTrace(tracePath, n, opts);
    return { ...(await runSimulateCli(agentPath, tracePath, n, opts.dedupeWindowMs)), traceMb: traceBytes / 1048576 };
  } finally {
    for (const p of [agentPath, tracePath]) rmSync(p, { force: true });
  }
}

export interface SimulateCliVariant {
  name: string;
  opts: SimulateCliOptions;
}

export interface SimulateCliRounds {
  /** Per variant, its runs in round order. */
  runs: SimulateCliFigure[][];
  traceMb: number[];
}

/**
 * The variants run in rounds (A B C … A B C …), each run in a fresh Node process (so no run
 * inherits another's JIT state or type feedback, and the order cannot favour one), each trace
 * written once and shared by the variants that read the same one.
 */
export function benchSimulateCliRounds(variants: readonly SimulateCliVariant[], rounds = 3, n = 1_000_000): SimulateCliRounds {
  const dir = tmpdir();
  const agentPath = join(dir, `rule-studio-bench-agent-${process.pid}.toml`);
  const traces = new Map<string, { path: string; mb: number }>();
  const traceOf = (o: SimulateCliOptions) => {
    const key = `${o.micro === true ? 'micro' : 'milli'}-${o.repeatedArgs === true ? 'repeated' : 'distinct'}`;
    let t = traces.get(key);
    if (t === undefined) {
      const path = join(dir, `rule-studio-bench-trace-${process.pid}-${key}.jsonl`);
      t = { path, mb: writeTrace(path, n, o) / 1048576 };
      traces.set(key, t);
    }
    return t;
  };
  try {
    writeFileSync(agentPath, writeAgentsToml([checkedAgent()]).text);
    const traceMb = variants.map((v) => traceOf(v.opts).mb);
    const runs: SimulateCliFigure[][] = variants.map(() => []);
    for (let r = 0; r < rounds; r++)
      variants.forEach((v, i) => {
        const t = traceOf(v.opts);
        const args = ['--import', 'tsx', fileURLToPath(import.meta.url), '--run', agentPath, t.path, String(n), ...(v.opts.dedupeWindowMs === undefined ? [] : [String(v.opts.dedupeWindowMs)])];
        const child = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
        if (child.status !== 0) throw new Error(`simulate-cli run failed (${child.status}): ${child.stderr}`);
        const figure = JSON.parse(child.stdout.trim().split('\n').pop() as string) as Omit<SimulateCliFigure, 'traceMb'>;
        runs[i]?.push({ ...figure, traceMb: t.mb });
      });
    return { runs, traceMb };
  } finally {
    rmSync(agentPath, { force: true });
    for (const t of traces.values()) rmSync(t.path, { force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === '--run') {
    // a run of `benchSimulateCliRounds`: agent, trace, events and the dedupe window given
    const [agentPath, tracePath, n, window] = process.argv.slice(3) as [string, string, string, string | undefined];
    console.log(JSON.stringify(await runSimulateCli(agentPath, tracePath, Number(n), window === undefined ? undefined : Number(window))));
  } else {
    // one variant in this process: `npx tsx bench/simulateCli.bench.ts [events] [--micro] [--repeated-args] [--dedupe-window=ms]`
    const flags = process.argv.slice(3);
    const window = flags.find((f) => f.startsWith('--dedupe-window='));
    console.log(
      await benchSimulateCli(Number(process.argv[2] ?? 1_000_000), {
        micro: flags.includes('--micro'),
        repeatedArgs: flags.includes('--repeated-args'),
        ...(window ? { dedupeWindowMs: Number(window.split('=')[1]) } : {}),
      }),
    );
  }
}
