/**
 * Engine throughput: 1,000,000 tool-call events against a 200-rule agent, and 1,000,000 mixed
 * events against the hegel execution workflow with its regex rules. Events are generated on the
 * fly and decisions are counted, not kept, so the peak memory shows what the engine itself holds.
 */
import { readFileSync } from 'node:fs';
import { loadRuleFile } from '../src/core/codecs/load.ts';
import { createReplay } from '../src/core/engine/replay.ts';
import type { Agent, ToolRule } from '../src/core/model/toolRules.ts';
import type { Workflow } from '../src/core/model/workflow.ts';
import type { TraceEvent, TraceItem } from '../src/core/traces/events.ts';
import type { Decision } from '../src/core/engine/decisions.ts';
import { cpuMs, PeakMemory } from './measure.ts';
import { prng } from './random.ts';

const START = Date.UTC(2025, 0, 1);


/** 100 tools, 200 rules of every kind, limits loose enough that most calls run. */
export function agent200(): Agent {
  const tools = Array.from({ length: 100 }, (_, i) => `tool_${i}`);
  const rules: ToolRule[] = [];
  const r = (tool_name: string, rule_type: ToolRule['rule_type'], conditions: string[] = [], priority = 5) =>
    rules.push({ tool_name, rule_type, conditions, priority });
  r('tool_0', { type: 'StartConstraint' }, [], 10);
  for (let i = 1; i < 100; i++) {
    if (i % 3 === 0) r(tools[i] as string, { type: 'RequiresPrecedingTools' }, [tools[i - 1] as string]);
    if (i % 4 === 0) r(tools[i] as string, { type: 'MaxCalls', value: 1_000_000 });
    if (i % 5 === 0) r(tools[i] as string, { type: 'Cooldown', value: 1 });
    if (i % 7 === 0) r(tools[i] as string, { type: 'RequiresFollowingTools' }, ['never_called']);
    if (i % 11 === 0) r(tools[i] as string, { type: 'AllowedOperations', value: ['read', 'write'] });
    if (i % 13 === 0) r(tools[i] as string, { type: 'ExclusiveGroups', value: [[tools[i] as string, tools[i + 1] as string]] });
    if (i % 17 === 0) r(tools[i] as string, { type: 'Periodic', value: 60_000 });
    if (i % 19 === 0) r(tools[i] as string, { type: 'ContinueLoop' });
    if (i % 23 === 0) r(tools[i] as string, { type: 'RequiresConsent', value: {} });
    if (i % 29 === 0) r(tools[i] as string, { type: 'RequiredBeforeExitIf' }, [tools[i - 1] as string]);
  }
  while (rules.length < 199) r(tools[rules.length % 100] as string, { type: 'Needed' });
  r('*', { type: 'MaxCalls', value: 5_000_000 });
  return { name: 'bench200', tools: [...tools, 'never_called'].map((name) => ({ name })), rules };
}

/**
 * The tool names the calls use: one string per name, as a trace read with `JSON.parse` gives
 * (V8 internalizes string values of up to 10 characters, so every `"tool_5"` of a trace is one
 * string whose hash is computed once). A fresh string per call made the engine compute each name's
 * hash, and the yardstick, run after it over the same events, found the hashes made.
 */
const TOOL_NAMES = Array.from({ length: 100 }, (_, i) => `tool_${i}`);

/** `n` tool calls over 100 tools with distinct args; a batch marker every `batchEvery` events (0 = none). */
export function* toolCalls(n: number, batchEvery = 5000): Generator<TraceItem> {
  const rnd = prng(7);
  let time = START;
  for (let i = 0; i < n; i++) {
    time += 1 + Math.floor(rnd() * 20);
    if (batchEvery > 0 && i % batchEvery === 0) {
      yield { kind: 'event', event: { type: 'batch_start', time } };
      continue;
    }
    const tool = TOOL_NAMES[Math.floor(rnd() * 100)] as string;
    const event: TraceEvent = {
      type: 'tool_call',
      time,
      tool,
      args: { operation: rnd() < 0.9 ? 'read' : 'delete', n: i },
      outcome: 'ok',
      duration_ms: 0,
    };
    yield { kind: 'event', event };
  }
}

const COMMANDS = ['cargo build', 'cargo test', 'cargo check', 'git status', 'ls -la', 'npm test'];

function* mixedEvents(n: number): Generator<TraceItem> {
  const rnd = prng(11);
  let time = START;
  yield { kind: 'event', event: { type: 'workflow_start', time } };
  const claims = ['spec_complete', 'plan_complete', 'code_complete', 'code_review_complete', 'readme_complete'];
  let phase = 0;
  for (let i = 1; i < n; i++) {
    time += 1 + Math.floor(rnd() * 2000);
    const x = rnd();
    let event: TraceEvent;
    if (x < 0.35) event = { type: 'command', time, command: `${COMMANDS[Math.floor(rnd() * COMMANDS.length)]} ${Math.floor(rnd() * 50)}`, tool: 'Bash' };
    else if (x < 0.6) event = { type: 'file_edit', time, path: `src/mod_${Math.floor(rnd() * 200)}.rs`, tool: 'Edit' };
    else if (x < 0.8) event = { type: 'tokens', time, input: Math.floor(rnd() * 500), output: Math.floor(rnd() * 300) };
    else if (x < 0.9) event = { type: 'tool_call', time, tool: 'Bash', args: { command: `cargo test ${i % 97}` }, outcome: 'ok', duration_ms: 0 };
    else if (x < 0.95) event = { type: 'commit', time, hash: i.toString(16) };
    else if (x < 0.999) event = { type: 'continue', time };
    else {
      event = phase < 4
        ? { type: 'next', time, claims: [claims[phase] as string], force: true }
        : { type: 'next', time, claims: ['restart_cycle'], force: true };
      phase = phase < 4 ? phase + 1 : 0;
    }
    yield { kind: 'event', event };
  }
}

export interface EngineBench {
  name: string;
  events: number;
  decisions: number;
  /** CPU ms of the replay (median run). */
  ms: number;
  eventsPerSec: number;
  /** CPU ms of every run after the warm-up, sorted. */
  runs: number[];
  /** CPU ms of the warm-up run (the engine's code not yet optimised), not among {@link runs}. */
  coldMs: number;
  /** CPU ms of one Map lookup + one counter per event over the same events (the yardstick; median of the runs' figures). */
  yardstickMs: number;
  /** Median over the runs of each run's CPU ms over its own yardstick's. */
  yardstickRatio: number;
  /** Passes of the yardstick over each slice, of which the median counts. */
  yardstickPasses: number;
  peakHeapGrowthMb: number;
  peakRssMb: number;
  retainedMb?: number;
}

/** Events are generated in slices outside the timed section, so only the replay is timed. */
const SLICE = 100_000;

/** One Map lookup and one counter per event: the least any per-event replay must do. */
function yardstick(slice: readonly TraceItem[], ids: Map<string, number>, counts: Int32Array): void {
  for (let i = 0; i < slice.length; i++) {
    const item = slice[i] as TraceItem;
    if (item.kind !== 'event') continue;
    const id = ids.get((item.event as { tool?: string }).tool ?? '');
    if (id !== undefined) counts[id] = (counts[id] as number) + 1;
  }
}

/**
 * Passes of the yardstick over each slice. One pass over 100,000 events takes a few ms of CPU, so
 * a single pass was at the mercy of the first passes' unoptimised code and of the GC threads the
 * replay had just set working (process CPU time counts them): the median of several passes over
 * the same events measures the loop itself.
 */
const YARDSTICK_PASSES = 7;

/** CPU ms of the yardstick over one slice: the median of {@link YARDSTICK_PASSES} passes. */
function yardstickSliceMs(slice: readonly TraceItem[], ids: Map<string, number>, counts: Int32Array): number {
  const passes: number[] = [];
  for (let p = 0; p < YARDSTICK_PASSES; p++) passes.push(cpuMs(() => yardstick(slice, ids, counts)).ms);
  return median(passes);
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function runOnce(items: () => Iterable<TraceItem>, config: Parameters<typeof createReplay>[0]) {
  const replay = createReplay(config);
  const mem = new PeakMemory();
  const ids = new Map<string, number>();
  for (let t = 0; t < 128; t++) ids.set(`tool_${t}`, t);
  const counts = new Int32Array(128);
  let events = 0;
  let decisions = 0;
  let ms = 0;
  let yardstickMs = 0;
  const out: Decision[] = [];
  const it = items()[Symbol.iterator]();
  for (;;) {
    const slice: TraceItem[] = [];
    for (let r = it.next(); !r.done; r = it.next()) {
      slice.push(r.value);
      if (slice.length === SLICE) break;
    }
    if (slice.length === 0) break;
    // The slice was just made: its tail still sits in the young generation, and the first
    // scavenge inside the timed loop would copy it out (several MB a slice, charged to the replay;
    // a consumer streaming its events never keeps 100,000 fresh ones alive, and the yardstick,
    // run after, finds them promoted). Two minor collections here leave only the replay's own
    // work: V8 promotes an object at its second scavenge, so after one the tail was only copied
    // within the young generation and the timed loop's first scavenge promoted it (≈ 2 MB a
    // slice, `--trace-gc-nvp`); the slice (≈ 15–20 MB) does not fit in a 16 MB semi-space anyway.
    const gc = (globalThis as { gc?: (options?: { type: 'minor' }) => void }).gc;
    gc?.({ type: 'minor' });
    gc?.({ type: 'minor' });
    // Decisions are counted as they come and the list is emptied once it holds 64, as `simulate`
    // does: emptying it after every item drops its backing store, so each push allocated a new one
    // (≈ 130 B per event charged to the engine that no consumer of the replay pays).
    // An indexed loop, as the yardstick's: the array iterator of a for-of cost about 100
    // instructions per event here (callgrind), charged to the engine.
    ms += cpuMs(() => {
      for (let i = 0; i < slice.length; i++) {
        const item = slice[i] as TraceItem;
        const before = out.length;
        replay.pushInto(item, out);
        decisions += out.length - before;
        if (out.length >= 64) out.length = 0;
      }
    }).ms;
    yardstickMs += yardstickSliceMs(slice, ids, counts);
    events += slice.length;
    mem.sample();
    // The slice's events let go of here, not when the variable goes: a frame of this function
    // still held the last slice (through the closure context of its iteration) when the retained
    // heap was read, so ≈ 18 MB of generated events counted as retained by the replay in some runs
    // and not in others (2–24 MB, by which tier this loop ran in).
    slice.length = 0;
  }
  return { ms, yardstickMs, events, decisions, memory: mem.report(), replayed: replay.snapshot().events };
}

/**
 * Median of `runs` replays (CPU time) after one warm-up replay, whose time is reported apart
 * (`coldMs`): of three runs counting the first, with its code not yet optimised and always the
 * slowest, the median was the slower of two warm runs. Memory figures from the median run. The
 * distance to the yardstick is the median of each run's own ratio: a run's replay and its
 * yardstick passes take turns slice by slice, while runs are seconds apart, and the bench VM's
 * speed drifts in between (a loop of pure arithmetic varied by ±15% from one repeat to the next).
 */
function run(name: string, items: () => Iterable<TraceItem>, config: Parameters<typeof createReplay>[0], runs = 5): EngineBench {
  const cold = runOnce(items, config);
  const all = Array.from({ length: runs }, () => runOnce(items, config)).sort((a, b) => a.ms - b.ms);
  const mid = all[Math.floor(runs / 2)] as ReturnType<typeof runOnce>;
  return {
    name: `${name} [${mid.replayed} events]`,
    events: mid.events,
    decisions: mid.decisions,
    ms: mid.ms,
    coldMs: cold.ms,
    eventsPerSec: (mid.events / mid.ms) * 1000,
    runs: all.map((r) => r.ms),
    yardstickMs: median(all.map((r) => r.yardstickMs)),
    yardstickRatio: median(all.map((r) => r.ms / r.yardstickMs)),
    yardstickPasses: YARDSTICK_PASSES,
    ...mid.memory,
  };
}

/**
 * Retained heap after `n` tool calls in one batch (no marker: the ordering history grows with
 * every call), measured after a full GC with the replay alive.
 */
export function retainedAfter(n: number): { calls: number; retainedMb: number | undefined; cpuMs: number } {
  const r = runOnce(() => toolCalls(n, 0), { agent: agent200(), settings: { dedupeWindowMs: 300_000 } });
  return { calls: n, retainedMb: r.memory.retainedMb, cpuMs: r.ms };
}

export function loadExecutionWorkflow(): Workflow {
  const wf = loadRuleFile('hegel-execution.yaml', readFileSync('examples/hegel-execution.yaml', 'utf8')).workflows[0];
  if (!wf) throw new Error('examples/hegel-execution.yaml holds no workflow');
  return wf;
}

export function benchEngine(n = 1_000_000): EngineBench[] {
  const wf = loadExecutionWorkflow();
  return [
    run(`${n.toLocaleString('en-US')} tool calls, 200-rule agent (default 300 s dedupe window, every call's args distinct)`, () => toolCalls(n), { agent: agent200(), settings: { dedupeWindowMs: 300_000 } }),
    run(`${n.toLocaleString('en-US')} tool calls, 200-rule agent (dedupe off)`, () => toolCalls(n), { agent: agent200(), settings: { dedupeWindowMs: 0 } }),
    run(`${n.toLocaleString('en-US')} mixed events, execution workflow (spec)`, () => mixedEvents(n), { workflow: wf, settings: { profile: 'spec' } }),
    run(`${n.toLocaleString('en-US')} mixed events, execution workflow (hegel)`, () => mixedEvents(n), { workflow: wf, settings: { profile: 'hegel' } }),
  ];
}
