/**
 * Big rule sets (issue 28): the engine benchmark's 200-rule agent (W1) repeated to 2,000 and
 * 20,000 rules, each copy on its own tools (copy k names `k<k>_tool_i`; `"*"` stays `"*"`), so
 * the rules added have nothing to do with the calls, which name the first copy's tools. Per size:
 * the engine's build, 1,000,000 calls on a prebuilt engine, and 10,000 calls including the build
 * (Pattern's `ToolRuleEngine` @50241994, release build, took 1.6 s for those against 20,000 rules).
 */
import { createReplay } from '../src/core/engine/replay.ts';
import type { Decision } from '../src/core/engine/decisions.ts';
import type { Agent, ToolRule } from '../src/core/model/toolRules.ts';
import type { TraceItem } from '../src/core/traces/events.ts';
import { agent200, toolCalls } from './engine.bench.ts';
import { cpuMs } from './measure.ts';

/** Pattern's release engine on 10,000 calls against the 20,000-rule agent, build included (ms). */
export const PATTERN_10K_CALLS_20K_RULES_MS = 1600;

/** The 200-rule agent repeated `copies` times, each copy after the first on renamed tools. */
export function repeatedAgent(copies: number): Agent {
  const base = agent200();
  const rename = (k: number) => (name: string) => (k === 0 || name === '*' ? name : `k${k}_${name}`);
  const rules: ToolRule[] = [];
  const tools: Agent['tools'] = [];
  for (let k = 0; k < copies; k++) {
    const r = rename(k);
    for (const t of base.tools) tools.push({ ...t, name: r(t.name) });
    for (const rule of base.rules) {
      const t = rule.rule_type;
      const rule_type = t.type === 'ExclusiveGroups' ? { ...t, value: t.value.map((g) => g.map(r)) } : t;
      rules.push({ ...rule, tool_name: r(rule.tool_name), conditions: rule.conditions.map(r), rule_type } as ToolRule);
    }
  }
  return { ...base, name: `bench${rules.length}`, tools, rules };
}

export interface RuleScaleFigure {
  rules: number;
  tools: number;
  /** CPU ms to build the engine (median of the runs). */
  buildMs: number;
  calls: number;
  /** CPU ms of `calls` calls on the prebuilt engine (median of the runs; events generated outside the timed part). */
  callsMs: number;
  callsPerSec: number;
  /** CPU ms of 10,000 calls including the build. */
  tenThousandMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** The calls of {@link toolCalls}, in slices of 100,000. */
function slices(n: number): TraceItem[][] {
  const out: TraceItem[][] = [];
  let slice: TraceItem[] = [];
  for (const item of toolCalls(n)) {
    slice.push(item);
    if (slice.length === 100_000) {
      out.push(slice);
      slice = [];
    }
  }
  if (slice.length) out.push(slice);
  return out;
}

/**
 * Replays the slices as the engine bench does: an indexed loop, decisions counted and the list
 * emptied once it holds 64, as `simulate` does (emptied after every call, the list dropped its
 * room each time and every decision's push allocated a new one: ≈ 130 B per call charged to the
 * engine that no consumer pays).
 */
function replayAll(replay: ReturnType<typeof createReplay>, items: readonly TraceItem[][]): number {
  const out: Decision[] = [];
  let decisions = 0;
  for (const slice of items)
    for (let i = 0; i < slice.length; i++) {
      const before = out.length;
      replay.pushInto(slice[i] as TraceItem, out);
      decisions += out.length - before;
      if (out.length >= 64) out.length = 0;
    }
  return decisions;
}

/**
 * CPU ms of `calls` calls on `replay`, generated slice by slice outside the timed part, each slice
 * through two minor collections first (as the engine bench does): the million calls made at once
 * and kept alive through the run made each major collection mark 160 MB of events, charged to the
 * engine, where a consumer streaming a trace keeps one slice.
 */
function callsMs(replay: ReturnType<typeof createReplay>, calls: number): number {
  const gc = (globalThis as { gc?: (options?: { type: 'minor' }) => void }).gc;
  const it = toolCalls(calls)[Symbol.iterator]();
  let ms = 0;
  for (;;) {
    const slice: TraceItem[] = [];
    for (let r = it.next(); !r.done; r = it.next()) {
      slice.push(r.value);
      if (slice.length === 100_000) break;
    }
    if (slice.length === 0) return ms;
    gc?.({ type: 'minor' });
    gc?.({ type: 'minor' });
    ms += cpuMs(() => replayAll(replay, [slice])).ms;
  }
}

/** Build, `calls` calls and 10,000 calls with the build, for each rule count (200 × copies). */
export function benchRuleScale(copies: readonly number[] = [1, 10, 100], calls = 1_000_000, runs = 3): RuleScaleFigure[] {
  const settings = { dedupeWindowMs: 300_000 };
  const few = slices(10_000);
  return copies.map((k) => {
    const agent = repeatedAgent(k);
    // Each run: an engine built (timed), then the calls on it (timed apart); the medians count.
    const builds: number[] = [];
    const replays: number[] = [];
    for (let i = 0; i < runs; i++) {
      const m = cpuMs(() => createReplay({ agent, settings }));
      builds.push(m.ms);
      replays.push(callsMs(m.value, calls));
    }
    const ms = median(replays);
    const tenThousand = Array.from({ length: runs }, () => cpuMs(() => replayAll(createReplay({ agent, settings }), few)).ms);
    return {
      rules: agent.rules.length,
      tools: agent.tools.length,
      buildMs: median(builds),
      calls,
      callsMs: ms,
      callsPerSec: (calls / ms) * 1000,
      tenThousandMs: median(tenThousand),
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const calls = Number(process.argv[2] ?? 1_000_000);
  const copies = (process.argv[3] ?? '1,10,100').split(',').map(Number);
  for (const f of benchRuleScale(copies, calls)) console.log(f);
}
