/**
 * Simulator core at scale: a diff of two 1,000,000-decision streams, a summary of 1,000,000
 * decisions, and the stepper stepping forward over 1,000,000 items.
 */
import type { Decision } from '../src/core/engine/decisions.ts';
import { replayItems } from '../src/core/engine/replay.ts';
import type { Agent } from '../src/core/model/toolRules.ts';
import type { TraceItem } from '../src/core/traces/events.ts';
import { createStepper, diffDecisions, summarize } from '../src/core/simulator/index.ts';
import { bestOf } from './measure.ts';

const START = Date.UTC(2025, 0, 1);

/** `n` tool calls over 20 tools with a batch every 1,000 events (one decision per call, plus a few). */
function calls(n: number): TraceItem[] {
  const items: TraceItem[] = [];
  for (let i = 0; i < n; i++) {
    const time = START + i * 10;
    if (i % 1000 === 0) items.push({ kind: 'event', event: { type: 'batch_start', time } });
    else items.push({ kind: 'event', event: { type: 'tool_call', time, tool: `t${i % 20}`, args: { i }, outcome: 'ok', duration_ms: 0 } });
  }
  return items;
}

const agentWith = (max: number): Agent => ({
  name: 'bench',
  tools: [],
  rules: [
    { tool_name: '*', rule_type: { type: 'MaxCalls', value: max }, conditions: [], priority: 5 },
    { tool_name: 't3', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['t2'], priority: 5 },
    { tool_name: 't5', rule_type: { type: 'ContinueLoop' }, conditions: [], priority: 5 },
  ],
});

/** Returns one timing per task (best of 3 for the pure ones). */
export function benchSimulator(n = 1_000_000): { name: string; ms: number }[] {
  const items = calls(n);
  const a = agentWith(60);
  const b = agentWith(40);
  const before: Decision[] = replayItems(items, { agent: a, settings: { dedupeWindowMs: 0 } });
  const after: Decision[] = replayItems(items, { agent: b, settings: { dedupeWindowMs: 0 } });
  const diff = bestOf(3, () => diffDecisions(before, after));
  const summary = bestOf(3, () => summarize(before, { agent: a }));
  const stepper = bestOf(1, () => {
    const s = createStepper(items, { agent: a, settings: { dedupeWindowMs: 0 } });
    for (let k = 0; k < items.length; k++) s.at(k);
    return s;
  });
  const n1 = n.toLocaleString('en-US');
  return [
    { name: `diff of two ${before.length.toLocaleString('en-US')} / ${after.length.toLocaleString('en-US')}-decision streams (${diff.value.changed.toLocaleString('en-US')} changed)`, ms: diff.ms },
    { name: `summary of ${before.length.toLocaleString('en-US')} decisions`, ms: summary.ms },
    { name: `stepper forward over ${n1} items (at(k) for every k)`, ms: stepper.ms },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) for (const r of benchSimulator()) console.log(`${r.name}: ${r.ms.toFixed(1)} ms`);
