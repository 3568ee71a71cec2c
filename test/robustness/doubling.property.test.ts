/**
 * Issue 29's doubling property: for every reader and writer (rule files, workflows, canonical,
 * scripted and recorded traces) and the rule-pattern matcher, an input twice as large (fan-out,
 * depth, key count, segment count, text length) takes at most about twice the time and holds at
 * most about twice the memory, up to the budgets. Each case compares size n with size 4n (two
 * doublings): linear work gives 4, quadratic work (the TOML header prefixes, spread pushes, alias
 * expansion in the writers) gives 16, so the bound 10 tells them apart.
 * Times are CPU time of the test's own process, the least of several tries, the two sizes
 * interleaved (other load on the machine does not count); memory is the heap a result holds after
 * a full collection. The inputs are large enough that the work, not the timer or the
 * collector's noise, is measured.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { writeRuleFile } from '../../src/core/codecs/write.ts';
import { checkLoadedFile } from '../../src/core/check.ts';
import { readTrace } from '../../src/core/traces/readTrace.ts';
import { compilePattern } from '../../src/core/regex/index.ts';

setFlagsFromString('--expose-gc');
/** A full collection (V8's `gc`, exposed to this test alone). */
const gc = runInNewContext('gc') as () => void;

/** CPU time of this process in ms (user + system): other processes' load on the machine does not count (Vitest runs each test file in a process of its own). */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU time of input size 4n over that of size n: each the least of `tries` runs, the two interleaved. */
function timeRatio(make: (n: number) => () => unknown, n: number, tries = 5): number {
  const small = make(n);
  const large = make(4 * n);
  let bestSmall = Infinity;
  let bestLarge = Infinity;
  for (let i = 0; i < tries; i++) {
    // Each run starts from a collected heap: otherwise the garbage of one run is collected (on the
    // collector's threads, which count in this process's CPU time) during the next.
    gc();
    let t = cpuMs();
    small();
    bestSmall = Math.min(bestSmall, cpuMs() - t);
    gc();
    t = cpuMs();
    large();
    bestLarge = Math.min(bestLarge, cpuMs() - t);
  }
  return bestLarge / Math.max(bestSmall, 0.5);
}

/** Bytes the heap holds while `run`'s result is kept, after a full collection. */
function heldBytes(run: () => unknown): number {
  gc();
  const before = process.memoryUsage();
  const kept = run();
  gc();
  const after = process.memoryUsage();
  // read after measuring, so the result stays reachable until then
  if (kept === Symbol.for('never')) return 0;
  return after.heapUsed + after.external - (before.heapUsed + before.external);
}

/**
 * The least of up to three rounds of {@link timeRatio}, stopping at the first under the bound: a
 * busy machine can slow one round's small runs (its caches are shared), never all three, while
 * quadratic work (16) fails every round.
 */
function settledTimeRatio(make: (n: number) => () => unknown, n: number): number {
  let best = Infinity;
  for (let round = 0; round < 3 && best >= BOUND; round++) best = Math.min(best, timeRatio(make, n));
  return best;
}

/** Memory held by the result of size 4n over that of size n (results under 1 MB count as 1 MB: below it the collector's noise decides). */
function memoryRatio(make: (n: number) => () => unknown, n: number): number {
  const small = Math.max(heldBytes(make(n)), 1024 * 1024);
  const large = heldBytes(make(4 * n));
  return large / small;
}

/**
 * Four times the input may cost this many times the time or memory: 4 (linear) with a 2.5× margin
 * for the collector and a loaded machine (a reader building a large model spends more of its time
 * in the collector as the heap grows); quadratic work gives 16.
 */
const BOUND = 10;
const list = (n: number, f: (i: number) => string, sep = '') => Array.from({ length: n }, (_, i) => f(i)).join(sep);

const agentJson = (rules: number, metadataItems: number) =>
  JSON.stringify({
    name: 'a',
    tools: ['t'],
    tool_rules: Array.from({ length: rules }, (_, i) => ({ tool_name: 't', rule_type: { type: 'MaxCalls', value: i + 1 }, metadata: { xs: Array.from({ length: metadataItems }, (_, k) => k) } })),
  });

/** A workflow of `n` nodes in a chain, each with a rule and a transition. */
const workflowYaml = (n: number) =>
  `mode: discovery\nstart_node: n0\nnodes:\n${list(n, (i) => `  n${i}:\n    prompt: p${i}\n    rules:\n      - type: repeated_command\n        pattern: "cargo ${i}"\n        threshold: 3\n        window: 60\n    transitions:\n      - when: go\n        to: ${i + 1 < n ? `n${i + 1}` : 'done'}\n`)}`;

/** A Letta agent file of `n` tools, each a child rule to the next and a per-step limit. */
const lettaAf = (n: number) =>
  JSON.stringify({
    agents: [
      {
        name: 'a',
        tools: [],
        tool_ids: Array.from({ length: n }, (_, i) => `tool-${i}`),
        tool_rules: Array.from({ length: n }, (_, i) => [
          { tool_name: `t${i}`, type: 'constrain_child_tools', children: [`t${(i + 1) % n}`], prompt_template: null },
          { tool_name: `t${i}`, type: 'max_count_per_step', max_count_limit: 2, prompt_template: null },
        ]).flat(),
      },
    ],
    tools: Array.from({ length: n }, (_, i) => ({ id: `tool-${i}`, name: `t${i}` })),
  });

const CASES: [string, (n: number) => () => unknown, number][] = [
  ['TOML: dotted parts of a table header (segment count)', (n) => { const t = `[${list(n, () => 'a', '.')}]\nx = 1\n`; return () => loadRuleFile('h.toml', t); }, 80_000],
  ['TOML: dotted parts of a key (segment count)', (n) => { const t = `name = "a"\ntools = ["t"]\n${list(n, () => 'a', '.')} = 1\n`; return () => loadRuleFile('k.toml', t); }, 200],
  ['YAML: unknown keys of a workflow, read and checked (key count)', (n) => { const t = `mode: discovery\nstart_node: a\nnodes:\n  a:\n    transitions: []\n${list(n, (i) => `x${i}: 1\n`)}`; return () => checkLoadedFile(loadRuleFile('w.yaml', t)); }, 2_000],
  ['YAML: aliases to one list, up to the value budget (fan-out)', (n) => { const t = `name: a\ntools: [t]\ntool_rules:\n  - tool_name: t\n    rule_type: ExitLoop\n    metadata:\n      big: &big [${list(1000, () => '1', ', ')}]\n${list(n, (i) => `      a${i}: *big\n`)}`; return () => loadRuleFile('f.yaml', t); }, 200],
  ['JSON: rules of an agent (key count)', (n) => { const t = agentJson(n, 2); return () => loadRuleFile('r.json', t); }, 1_000],
  ...(['toml', 'yaml', 'json'] as const).map((to): [string, (n: number) => () => unknown, number] => [
    `writer ${to}: rules and metadata items (fan-out)`,
    (n) => { const f = loadRuleFile('r.json', agentJson(n, 20)); return () => writeRuleFile({ agents: f.agents, workflows: f.workflows }, to); },
    1_000,
  ]),
  ...(['toml', 'yaml', 'json'] as const).map((to): [string, (n: number) => () => unknown, number] => [
    `writer ${to}: nodes of a workflow (key count)`,
    (n) => { const f = loadRuleFile('w.yaml', workflowYaml(n)); return () => writeRuleFile({ agents: f.agents, workflows: f.workflows }, to); },
    1_000,
  ]),
  // A Letta agent file (the letta-ai/agent-file shape): its reader, and its writer through the codec that keeps the file's form.
  ['Letta .af: tool rules of an agent, read (key count)', (n) => { const t = lettaAf(n); return () => loadRuleFile('a.af', t); }, 1_000],
  ['writer Letta .af: tool rules of an agent (key count)', (n) => { const f = loadRuleFile('a.af', lettaAf(n)); return () => writeRuleFile({ agents: f.agents, workflows: f.workflows }, 'json'); }, 1_000],
  ['YAML: nodes of a workflow, read and checked (key count)', (n) => { const t = workflowYaml(n); return () => checkLoadedFile(loadRuleFile('w.yaml', t)); }, 100],
  ['hooks log: lines (a recorded log)', (n) => { const t = list(n, (i) => `${JSON.stringify({ session_id: 's', hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: `echo ${i}` }, timestamp: `2025-01-01T00:00:${String(i % 60).padStart(2, '0')}Z` })}\n`); return () => readTrace('hooks.jsonl', t); }, 10_000],
  // Issue 29: the matcher is linear in the text for a pattern near a large compiled size.
  ['rule pattern [a-z]{2000}[0-9] matched against letters (text length)', (n) => { const p = compilePattern('[a-z]{2000}[0-9]'); const t = list(n, (i) => String.fromCharCode(97 + (i % 26))); return () => p.ok && p.pattern.test(t); }, 50_000],
  ['canonical JSONL trace: lines', (n) => { const t = list(n, (i) => `{"type":"tool_call","time":"2025-01-01T00:00:${String(i % 60).padStart(2, '0')}Z","tool":"t"}\n`); return () => readTrace('t.jsonl', t); }, 20_000],
  // Found by this bound (2026-11-28): refusing JSON nested past 128 levels cost about 10× the time for 4× the depth, until the refusal moved before the parse.
  ['JSON: nesting, refused past 128 levels (depth)', (n) => { const t = `{"name":"a","tools":["x"],"tool_rules":[{"tool_name":"x","rule_type":"ExitLoop","metadata":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}]}`; return () => loadRuleFile('d.json', t); }, 50_000],
  ['scripted trace: repeat (events)', (n) => { const t = `start: 2025-01-01T00:00:00Z\nsteps:\n  - {call: t, repeat: ${n}, every: 1ms}\n`; return () => readTrace('t.yaml', t); }, 25_000],
];

describe('doubling the input at most doubles the time and the memory (n against 4n, bound 10; quadratic is 16)', () => {
  it.each(CASES)('%s', (_name, make, n) => {
    expect({ time: settledTimeRatio(make, n) < BOUND, memory: memoryRatio(make, n) < BOUND }).toEqual({ time: true, memory: true });
  }, 180_000);
});

