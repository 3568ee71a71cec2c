/**
 * Verifier benchmark (issue 12): time to verify each gallery agent, and a generated 50-tool /
 * 200-rule agent under the default state budget, with the states explored per second. CPU time,
 * median of runs. Measurements, never assertions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRuleFile } from '../src/core/codecs/load.ts';
import type { Agent, ToolRule, ToolRuleType } from '../src/core/model/toolRules.ts';
import { verifyAgent, verifyFiles } from '../src/core/verify/explore.ts';
import { DEFAULT_MAX_STATES } from '../src/core/verify/exploreTools.ts';
import { medianCpu } from './measure.ts';
import { prng } from './random.ts';

export interface VerifyFigure {
  name: string;
  ms: number;
  runs: number[];
  states: number;
  transitions: number;
  exhaustive: boolean;
  /** A workflow search that stopped because nothing was left to find. */
  settled?: boolean;
  depth: number;
  findings: number;
}

/**
 * 50 tools and 200 rules of every type the engine checks: ordering chains, limits, cooldowns,
 * exclusive groups, start and exit tools, consent, ExitLoop. Deterministic (seeded).
 */
export function generatedAgent(tools = 50, rules = 200): Agent {
  const rnd = prng(12);
  const pick = (n: number) => Math.floor(rnd() * n);
  const name = (i: number) => `tool_${i}`;
  const out: ToolRule[] = [];
  const add = (tool_name: string, rule_type: ToolRuleType, conditions: string[] = []) => out.push({ tool_name, rule_type, conditions, priority: 1 + pick(9) });
  add(name(0), { type: 'StartConstraint' });
  add(name(tools - 1), { type: 'RequiredBeforeExit' });
  add(name(tools - 2), { type: 'ExitLoop' });
  while (out.length < rules) {
    const t = pick(tools);
    const other = name((t + 1 + pick(tools - 1)) % tools);
    switch (pick(8)) {
      case 0:
      case 1:
        if (t > 0) add(name(t), { type: 'RequiresPrecedingTools' }, [name(pick(t))]);
        break;
      case 2:
        add(name(t), { type: 'MaxCalls', value: 1 + pick(3) });
        break;
      case 3:
        add(name(t), { type: 'Cooldown', value: 1000 * (1 + pick(30)) });
        break;
      case 4:
        add(name(t), { type: 'ExclusiveGroups', value: [[name(t), other]] });
        break;
      case 5:
        add(name(t), { type: 'RequiresFollowingTools' }, [other]);
        break;
      case 6:
        add(name(t), { type: 'RequiredBeforeExitIf' }, [other]);
        break;
      default:
        add(name(t), { type: 'RequiresConsent', value: {} });
    }
  }
  return { name: 'generated', tools: Array.from({ length: tools }, (_, i) => ({ name: name(i) })), rules: out };
}

/** Verifies every gallery agent (examples/*.toml), every gallery workflow (examples/*.yaml, both profiles) and the generated agent. */
export function benchVerify(maxStates = DEFAULT_MAX_STATES): VerifyFigure[] {
  const figures: VerifyFigure[] = [];
  const dir = 'examples';
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.toml') && !f.includes('.test.')).sort()) {
    const loaded = loadRuleFile(join(dir, file), readFileSync(join(dir, file), 'utf8'));
    const m = medianCpu(5, () => verifyFiles([loaded], {}, { maxStates }));
    for (const a of m.value.agents)
      figures.push({
        name: `gallery ${file} (${a.agent})`,
        ms: m.ms,
        runs: m.all,
        states: a.stats.states,
        transitions: a.stats.transitions,
        exhaustive: a.stats.exhaustive,
        depth: a.stats.depth,
        findings: a.findings.length,
      });
  }
  // Workflows (V010–V012): each gallery workflow under both workflow profiles.
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml') && !f.includes('.test.')).sort()) {
    const loaded = loadRuleFile(join(dir, file), readFileSync(join(dir, file), 'utf8'));
    if (loaded.workflows.length === 0) continue;
    for (const profile of ['spec', 'hegel'] as const) {
      const m = medianCpu(3, () => verifyFiles([loaded], { profile }, { maxStates }));
      for (const w of m.value.workflows)
        figures.push({
          name: `gallery workflow ${file} (profile ${profile})`,
          ms: m.ms,
          runs: m.all,
          states: w.stats.states,
          transitions: w.stats.transitions,
          exhaustive: w.stats.exhaustive,
          settled: w.stats.settled === true,
          depth: w.stats.depth,
          findings: w.findings.length,
        });
    }
  }
  const agent = generatedAgent();
  const m = medianCpu(3, () => verifyAgent(agent, {}, { maxStates }));
  figures.push({
    name: `generated 50 tools / 200 rules (budget ${maxStates.toLocaleString('en-US')} states)`,
    ms: m.ms,
    runs: m.all,
    states: m.value.stats.states,
    transitions: m.value.stats.transitions,
    exhaustive: m.value.stats.exhaustive,
    depth: m.value.stats.depth,
    findings: m.value.findings.length,
  });
  return figures;
}
