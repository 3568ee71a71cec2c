/**
 * Stress runs that must finish without a hang or crash, with memory bounded by the rules and the
 * windows: a 200 MB canonical trace streamed from disk through the CLI's streaming path, a
 * million distinct commands, and a 100 KB command against `(a|aa)*b`. Prints time and memory.
 */
import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createReplay } from '../src/core/engine/replay.ts';
import { createStreamingReader } from '../src/core/traces/index.ts';
import type { Workflow } from '../src/core/model/workflow.ts';
import type { TraceItem } from '../src/core/traces/events.ts';
import { PeakMemory } from './measure.ts';
import { agent200, loadExecutionWorkflow } from './engine.bench.ts';

const T0 = Date.UTC(2025, 0, 1);

export interface StressResult {
  name: string;
  ms: number;
  detail: string;
  peakHeapGrowthMb: number;
  peakRssMb: number;
  retainedMb?: number;
}

/** Writes a canonical trace of about `mb` megabytes: tool calls, commands, edits, garbage lines. */
async function writeTrace(path: string, mb: number): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  let i = 0;
  const target = mb * 1024 * 1024;
  while (bytes < target) {
    const lines: string[] = [];
    for (let k = 0; k < 5000; k++, i++) {
      const time = new Date(T0 + i * 50).toISOString();
      const x = i % 10;
      if (i % 100_000 === 99_999) lines.push('garbage line {not json');
      else if (x < 6) lines.push(JSON.stringify({ type: 'tool_call', time, tool: `tool_${i % 100}`, args: { operation: 'read', q: `query ${i}` } }));
      else if (x < 8) lines.push(JSON.stringify({ type: 'command', time, command: `cargo test case_${i}` }));
      else lines.push(JSON.stringify({ type: 'file_edit', time, path: `src/file_${i % 300}.rs` }));
    }
    const chunk = lines.join('\n') + '\n';
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return i;
}

async function streamFile(path: string): Promise<StressResult> {
  const wf = loadExecutionWorkflow();
  const replay = createReplay({ agent: agent200(), workflow: wf, settings: { evaluateOn: 'every_event' } });
  replay.push({ kind: 'event', event: { type: 'workflow_start', time: T0 - 1 } });
  const reader = createStreamingReader('canonical', path);
  if (!reader) throw new Error('no streaming reader for canonical traces');
  const mem = new PeakMemory();
  let decisions = 0;
  let errors = 0;
  const feed = (items: TraceItem[]) => {
    for (const item of items)
      for (const d of replay.push(item)) {
        decisions++;
        if (d.kind === 'error') errors++;
      }
  };
  const t0 = performance.now();
  let n = 0;
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    feed(reader.push(chunk as string));
    if (++n % 20 === 0) mem.sample();
  }
  feed(reader.end());
  mem.sample();
  const ms = performance.now() - t0;
  const mb = statSync(path).size / 1048576;
  const memory = mem.report();
  return {
    name: `${mb.toFixed(0)} MB canonical trace, streamed (200-rule agent + execution workflow, every_event)`,
    ms,
    detail: `${replay.snapshot().events.toLocaleString('en-US')} events, ${decisions.toLocaleString('en-US')} decisions, ${errors} error decisions, ${(mb / (ms / 1000)).toFixed(1)} MB/s`,
    ...memory,
  };
}

function distinctCommands(n: number): StressResult {
  const wf: Workflow = {
    name: 'w',
    mode: 'm',
    start_node: 'code',
    nodes: [
      {
        name: 'code',
        transitions: [{ when: 'done', to: 'done' }],
        rules: [
          { type: 'repeated_command', threshold: 5, window: 120 },
          { type: 'repeated_command', pattern: 'cargo (build|test)', threshold: 1_000_000_000, window: 600 },
        ],
      },
    ],
  };
  const replay = createReplay({ workflow: wf, settings: { evaluateOn: 'every_event' } });
  replay.push({ kind: 'event', event: { type: 'workflow_start', time: T0 } });
  const mem = new PeakMemory();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    replay.push({ kind: 'event', event: { type: 'command', time: T0 + i * 20, command: `cargo test distinct_${i}`, tool: 'Bash' } });
    if (i % 100_000 === 0) mem.sample();
  }
  mem.sample();
  const ms = performance.now() - t0;
  const memory = mem.report();
  return { name: `${n.toLocaleString('en-US')} distinct commands (no-pattern and pattern rules, every_event)`, ms, detail: `windows of 120 s and 600 s; ${replay.snapshot().events.toLocaleString('en-US')} events`, ...memory };
}

function catastrophicPattern(): StressResult {
  const wf: Workflow = {
    name: 'w',
    mode: 'm',
    start_node: 'code',
    nodes: [{ name: 'code', transitions: [], rules: [{ type: 'repeated_command', pattern: '(a|aa)*b', threshold: 2, window: 600 }] }],
  };
  const replay = createReplay({ workflow: wf });
  replay.push({ kind: 'event', event: { type: 'workflow_start', time: T0 } });
  const mem = new PeakMemory();
  const t0 = performance.now();
  for (let i = 0; i < 20; i++) replay.push({ kind: 'event', event: { type: 'command', time: T0 + i, command: 'a'.repeat(100_000) + (i % 2 ? 'c' : '') + String(i), tool: 'Bash' } });
  mem.sample();
  return { name: '(a|aa)*b against twenty distinct 100 KB commands', ms: performance.now() - t0, detail: 'Pike VM: linear time', ...mem.report() };
}

export async function benchStress(traceMb = 200): Promise<StressResult[]> {
  const path = join(tmpdir(), `rule-studio-stress-${process.pid}.jsonl`);
  try {
    await writeTrace(path, traceMb);
    const streamed = await streamFile(path);
    return [streamed, distinctCommands(1_000_000), catastrophicPattern()];
  } finally {
    rmSync(path, { force: true });
  }
}
