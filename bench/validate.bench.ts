/**
 * Validator benchmark (`diagnostics.md` "Cost"): a rule set of 5,000 tools and 20,000 rules and a
 * workflow of 2,000 nodes, generated deterministically, each validated best of 5 runs. Target:
 * under 100 ms each. Not a timed test: run it with
 * `npx tsx -e "import('./bench/validate.bench.ts').then(m=>console.log(m.benchValidate()))"`.
 */
import { SpanIndex } from '../src/core/diagnostics/index.ts';
import type { Agent, ToolRule, ToolRuleType, Workflow, WorkflowNode, WorkflowRule } from '../src/core/model/index.ts';
import { validateAgent, validateWorkflow } from '../src/core/validate/index.ts';

/** A small deterministic PRNG (LCG) so every run validates the same input. */
function lcg(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

const TOOLS = 5000;
const RULES = 20000;
const NODES = 2000;

/** 5,000 tools in chains of about 50, a few cycles and exclusive groups, every rule type, a few `*` rules. */
export function generateAgent(): Agent {
  const rnd = lcg(42);
  const tool = (i: number) => `tool_${i}`;
  const tools = Array.from({ length: TOOLS }, (_, i) =>
    i % 2 === 0 ? { name: tool(i), operations: ['read', 'write', 'delete'] } : { name: tool(i) },
  );
  const rules: ToolRule[] = [];
  const add = (tool_name: string, rule_type: ToolRuleType, conditions: string[] = [], priority = 5) =>
    rules.push({ tool_name, rule_type, conditions, priority });
  // acyclic chains: tool i needs tool i-1 within blocks of 50 (some need two earlier tools)
  for (let i = 0; i < TOOLS; i++) {
    if (i % 50 === 0) continue;
    const conditions = [tool(i - 1)];
    if (i % 7 === 0 && i % 50 > 2) conditions.push(tool(i - 2));
    add(tool(i), { type: 'RequiresPrecedingTools' }, conditions, rnd(10));
  }
  // a few cycles
  for (let c = 0; c < 5; c++) {
    const base = 1000 * c + 25;
    add(tool(base), { type: 'RequiresPrecedingTools' }, [tool(base + 3)]);
  }
  // start tools are chain heads; every other tool needs them (a `*` rule), as in real agents
  add(tool(0), { type: 'StartConstraint' }, [], 10);
  add(tool(50), { type: 'StartConstraint' }, [], 10);
  add('*', { type: 'RequiresPrecedingTools' }, [tool(0), tool(50)], 9);
  add(tool(49), { type: 'RequiredBeforeExit' });
  add(tool(99), { type: 'RequiredBeforeExit' });
  add('*', { type: 'MaxCalls', value: 50 });
  add('*', { type: 'ContinueLoop' }, [tool(1), tool(2)]);
  add('*', { type: 'RequiresFollowingTools' }, [tool(49)]);
  add(tool(7), { type: 'MaxCalls', value: 0 });
  // the rest: every other type, each type stepping through the tools in turn (so a tool rarely
  // gets one type twice); weights roughly as in real agents
  const makers: [number, (i: number) => void][] = [
    [3, (i) => add(tool(i), { type: 'MaxCalls', value: 1 + rnd(20) })],
    [3, (i) => add(tool(i), { type: 'Cooldown', value: 1000 * (1 + rnd(60)) })],
    [2, (i) => add(tool(i), { type: 'ContinueLoop' })],
    [2, (i) => add(tool(i), { type: 'RequiresFollowingTools' }, [tool(rnd(TOOLS))])],
    [2, (i) => add(tool(i), { type: 'RequiresConsent', value: rnd(2) ? { scope: 'files' } : {} })],
    [1, (i) => add(tool(2 * (i % (TOOLS / 2))), { type: 'AllowedOperations', value: rnd(2) ? ['read'] : ['read', 'write'] })],
    [1, (i) => add(tool(i), { type: 'RequiredBeforeExitIf' }, [tool(rnd(TOOLS))])],
    [2, (i) => add(tool(i), { type: 'Needed' })],
    [1, (i) => add(tool(i), { type: 'ExclusiveGroups', value: [[tool(rnd(TOOLS)), tool(rnd(TOOLS)), tool(rnd(TOOLS))]] })],
    [1, (i) => add(tool(i), rnd(10) === 0 ? { type: 'Periodic', value: 60000 } : { type: 'ExitLoop' })],
  ];
  const cursor = makers.map((_, k) => k * 409);
  const total = makers.reduce((n, [w]) => n + w, 0);
  for (let turn = 0; rules.length < RULES; turn++) {
    let slot = turn % total;
    let k = 0;
    while (slot >= makers[k]![0]) slot -= makers[k++]![0];
    makers[k]![1](cursor[k]! % TOOLS);
    cursor[k] = cursor[k]! + 1;
  }
  return { name: 'bench', tools, rules };
}

const PATTERNS = ['cargo (build|test)', 'npm (run )?test', '^git (commit|push)', 'pytest\\s+-k', 'make( all)?$', 'go test ./...'];

/** 2,000 nodes: a main line with branches back, done from every tenth node, rules on each node. */
export function generateWorkflow(): Workflow {
  const rnd = lcg(7);
  const name = (i: number) => `phase_${i}`;
  const nodes: WorkflowNode[] = Array.from({ length: NODES }, (_, i) => {
    const transitions = [{ when: 'next', to: i + 1 < NODES ? name(i + 1) : 'done' }];
    if (i > 0) transitions.push({ when: 'back', to: name(rnd(i)) });
    if (i % 10 === 9) transitions.push({ when: 'finish', to: 'done' });
    const rules: WorkflowRule[] = [
      { type: 'repeated_command', pattern: PATTERNS[rnd(PATTERNS.length)]!, threshold: 3 + rnd(5), window: 60 + rnd(600) },
      { type: 'repeated_file_edit', path_pattern: `src/mod_${i % 40}/.*\\.rs$`, threshold: 5, window: 300 },
      { type: 'phase_timeout', max_duration: 600 },
      { type: 'token_budget', max_tokens: 50000 },
    ];
    if (i % 25 === 0) rules.push({ type: 'require_commits', lookback_phases: 2 });
    return { name: name(i), prompt: `Do step ${i}`, transitions, rules };
  });
  return { name: 'bench', mode: 'm', start_node: name(0), nodes };
}

function bestOf(runs: number, f: () => unknown): number {
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    f();
    best = Math.min(best, performance.now() - t0);
  }
  return Math.round(best * 10) / 10;
}

/** Times validateAgent and validateWorkflow on the generated inputs, best of 5 runs each. */
export function benchValidate(): { name: string; ms: number }[] {
  const agent = generateAgent();
  const wf = generateWorkflow();
  const spans = new SpanIndex();
  return [
    { name: `validateAgent ${TOOLS} tools / ${agent.rules.length} rules`, ms: bestOf(5, () => validateAgent(agent, { file: 'a.toml', spans, agentIndex: 0 })) },
    { name: `validateWorkflow ${NODES} nodes`, ms: bestOf(5, () => validateWorkflow(wf, { file: 'w.yaml', spans, workflowIndex: 0, profile: 'spec' })) },
  ];
}
