/**
 * The minimiser's big case (issue 12, "done when"): a 100,000-event recorded-style trace in which
 * a `deploy` call is blocked by `MaxCalls(2)` at the last event. The cause is 3 events (two earlier
 * deploys and the blocked one) plus what the rules need (`build`, which `deploy` requires first).
 * Everything else is noise: calls of 50 unruled tools, heartbeats and token counts. Shared by the
 * test (correctness) and `npm run bench` (time).
 */
import type { Agent } from '../../src/core/model/toolRules.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import { rule } from './rules.ts';

export const BIG_START = Date.UTC(2025, 0, 1, 9, 0, 0);

/** `ops`: deploy needs a build first and runs at most twice per batch. */
export function opsAgent(): Agent {
  const noise = Array.from({ length: 50 }, (_, i) => ({ name: `noise_${i}` }));
  return {
    name: 'ops',
    tools: [...noise, { name: 'build' }, { name: 'deploy' }],
    rules: [rule('deploy', { type: 'RequiresPrecedingTools' }, ['build']), rule('deploy', { type: 'MaxCalls', value: 2 })],
  };
}

/** {@link opsAgent} as a Pattern agent file, with `noise` unruled tools (the CLI and the worker read files). */
export function opsAgentToml(noise = 50): string {
  const tools = [...Array.from({ length: noise }, (_, i) => `"noise_${i}"`), '"build"', '"deploy"'];
  return `name = "ops"
tools = [${tools.join(', ')}]

[[tool_rules]]
tool_name = "deploy"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["build"]

[[tool_rules]]
tool_name = "deploy"
rule_type = { type = "MaxCalls", value = 2 }
`;
}

export interface BigTrace {
  events: TraceEvent[];
  /** Indices of the events the cause needs: build, deploy, deploy, the blocked deploy (last). */
  cause: number[];
}

/** A small deterministic generator (xorshift32), so the trace is the same on every run. */
function xorshift(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** `n` events (default 100,000) with the cause spread over the trace. */
export function bigTrace(n = 100_000): BigTrace {
  const rnd = xorshift(12);
  const cause = [Math.floor(n * 0.11), Math.floor(n * 0.37), Math.floor(n * 0.71), n - 1];
  const kinds = new Map<number, TraceEvent['type'] | 'build' | 'deploy'>([
    [cause[0] as number, 'build'],
    [cause[1] as number, 'deploy'],
    [cause[2] as number, 'deploy'],
    [cause[3] as number, 'deploy'],
  ]);
  const events: TraceEvent[] = [];
  let time = BIG_START;
  for (let i = 0; i < n; i++) {
    time += 1 + Math.floor(rnd() * 20);
    const special = kinds.get(i);
    if (special === 'build') events.push({ type: 'tool_call', time, tool: 'build', args: { target: 'release' }, outcome: 'ok', duration_ms: 1200 });
    else if (special === 'deploy') events.push({ type: 'tool_call', time, tool: 'deploy', args: { version: `1.${i}`, region: 'eu' }, outcome: 'ok', duration_ms: 300, id: `call-${i}` });
    else if (i % 1000 === 500) events.push({ type: 'process_start', time });
    else if (i % 97 === 0) events.push({ type: 'tokens', time, input: 800, output: 120 });
    else events.push({ type: 'tool_call', time, tool: `noise_${Math.floor(rnd() * 50)}`, args: { n: i, path: `src/f${i % 31}.rs` }, outcome: 'ok', duration_ms: 0 });
  }
  return { events, cause };
}
