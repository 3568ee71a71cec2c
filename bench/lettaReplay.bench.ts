/**
 * Profile `letta` replay throughput: 1,000,000 tool calls (a batch every 50) against a Letta agent
 * with 300 tools and 601 rules (a child rule and a max-count or continue rule per tool, run_first),
 * the calls following the child rules 90% of the time, so about a tenth are refused with Letta's
 * message (the allowed set over all 300 tools is built for each). Decisions are counted, not kept.
 */
import { createReplay } from '../src/core/engine/replay.ts';
import type { Decision } from '../src/core/engine/decisions.ts';
import type { LettaToolRule } from '../src/core/model/lettaRules.ts';
import type { Agent } from '../src/core/model/toolRules.ts';
import type { TraceItem } from '../src/core/traces/events.ts';
import { cpuMs } from './measure.ts';
import { prng } from './random.ts';

const N_TOOLS = 300;
const child = (i: number) => [`tool_${(i + 1) % N_TOOLS}`, `tool_${(i + 7) % N_TOOLS}`];

function lettaAgent(): Agent {
  const rules: LettaToolRule[] = [{ tool_name: 'tool_0', type: 'run_first' }];
  for (let i = 0; i < N_TOOLS; i++) {
    rules.push({ tool_name: `tool_${i}`, type: 'constrain_child_tools', children: child(i) });
    rules.push(i % 2 ? { tool_name: `tool_${i}`, type: 'continue_loop' } : { tool_name: `tool_${i}`, type: 'max_count_per_step', max_count_limit: 3 });
  }
  return { name: 'letta-bench', family: 'letta', tools: Array.from({ length: N_TOOLS }, (_, i) => ({ name: `tool_${i}` })), rules: [], lettaRules: rules };
}

function* calls(n: number): Generator<TraceItem> {
  const rnd = prng(11);
  let time = Date.UTC(2025, 0, 1);
  let last = -1;
  for (let i = 0; i < n; i++) {
    time += 1;
    if (i % 50 === 0) {
      last = -1;
      yield { kind: 'event', event: { type: 'batch_start', time } };
      continue;
    }
    // A model that follows the rules 90% of the time; a stray call is refused and changes nothing.
    const follows = last < 0 || rnd() < 0.9;
    const next = last < 0 ? 0 : follows ? Number((child(last)[rnd() < 0.5 ? 0 : 1] as string).slice(5)) : Math.floor(rnd() * N_TOOLS);
    yield { kind: 'event', event: { type: 'tool_call', time, tool: `tool_${next}`, args: {}, outcome: 'ok', duration_ms: 0 } };
    if (follows) last = next;
  }
}

export function benchLettaReplay(n = 1_000_000): { name: string; ms: number; decisions: number; blocked: number } {
  const replay = createReplay({ agent: lettaAgent(), settings: { profile: 'letta' } });
  const out: Decision[] = [];
  let decisions = 0;
  let blocked = 0;
  const { ms } = cpuMs(() => {
    for (const item of calls(n)) {
      out.length = 0;
      replay.pushInto(item, out);
      decisions += out.length;
      for (const d of out) if (d.kind === 'blocked') blocked++;
    }
  });
  return { name: `${n.toLocaleString('en')} events, 300 tools, 601 Letta rules`, ms, decisions, blocked };
}
