/**
 * `simulate` end to end: a 1,000,000-event canonical trace file (the engine benchmark's tool calls
 * against its 200-rule agent) read, parsed, replayed and written as JSONL by the CLI's own
 * command, in this process, with the real file reader and output written to a file. CPU time.
 * Options: microsecond times (`…SS.mmm000Z`, issue 28), arguments that repeat (so the default
 * dedupe window merges calls), and the dedupe window (`--dedupe-window`).
 */
import { closeSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

export async function benchSimulateCli(n = 1_000_000, opts: SimulateCliOptions = {}): Promise<SimulateCliFigure> {
  const dir = tmpdir();
  const agentPath = join(dir, `rule-studio-bench-agent-${process.pid}.toml`);
  const tracePath = join(dir, `rule-studio-bench-trace-${process.pid}.jsonl`);
  const outPath = join(dir, `rule-studio-bench-out-${process.pid}.jsonl`);
  try {
    writeFileSync(agentPath, writeAgentsToml([checkedAgent()]).text);
    const traceBytes = writeTrace(tracePath, n, opts);
    const fd = openSync(outPath, 'w');
    let outBytes = 0;
    const c0 = process.cpuUsage();
    const dedupe = opts.dedupeWindowMs === undefined ? [] : ['--dedupe-window', String(opts.dedupeWindowMs)];
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
    closeSync(fd);
    const cpuMs = (c.user + c.system) / 1000;
    return { events: n, traceMb: traceBytes / 1048576, outputMb: outBytes / 1048576, cpuMs, eventsPerSec: (n / cpuMs) * 1000, exitCode };
  } finally {
    for (const p of [agentPath, tracePath, outPath]) rmSync(p, { force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
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
