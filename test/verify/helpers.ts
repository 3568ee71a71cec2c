/** Helpers for the verifier's tests: hand-built agents, and replaying a finding's trace as `simulate` does. */
import { expect } from 'vitest';
import type { Decision } from '../../src/core/engine/decisions.ts';
import { replayItems } from '../../src/core/engine/replay.ts';
import type { ReplaySettingsInput } from '../../src/core/engine/settings.ts';
import { Agent, type ToolRule } from '../../src/core/model/toolRules.ts';
import { LettaRuleAttribution } from '../../src/core/simulator/lettaAttribution.ts';
import { summarize } from '../../src/core/simulator/summary.ts';
import { readScripted } from '../../src/core/traces/index.ts';
import type { VerifyFinding } from '../../src/core/verify/findings.ts';

type RuleInput = Omit<ToolRule, 'conditions' | 'priority'> & { conditions?: string[]; priority?: number };

/** An agent declaring `tools`, with `rules`. */
export function agentOf(tools: string[], rules: RuleInput[]): Agent {
  return Agent.parse({ name: 'agent', tools: tools.map((name) => ({ name })), rules });
}

/** Replays a scripted trace (YAML) through the replay `simulate` runs; decisions by event index. */
export function replayYaml(agent: Agent, yaml: string, settings: ReplaySettingsInput = {}): Decision[] {
  const items = readScripted(yaml);
  for (const i of items) if (i.kind === 'error') throw new Error(`trace does not read: ${i.message}`);
  return replayItems(items, { agent, settings });
}

const at = (ds: Decision[], step: number) => ds.filter((d) => d.event === step - 1);
const isCallOf = (d: Decision, tool: string) => 'tool' in d && d.tool === tool && !('reason' in d && d.reason !== undefined) && d.kind !== 'periodic_due';

/**
 * Asserts that replaying the finding's trace shows what the finding says:
 * V001 — the steps before the selected `end` call every tool, each refused, and the end is blocked;
 * V002 / V003 — no exit anywhere, the trace's last step is blocked from exiting;
 * V004 — the selected step's call of the tool is refused; V005 — the rule does not fire.
 */
export function expectReproduces(agent: Agent, f: VerifyFinding, settings: ReplaySettingsInput = {}): void {
  const trace = f.trace;
  if (!trace) throw new Error(`${f.code} has no trace`);
  const ds = replayYaml(agent, trace.yaml, settings);
  const steps = trace.steps.length;
  expect(trace.step).toBeGreaterThanOrEqual(1);
  expect(trace.step).toBeLessThanOrEqual(steps);
  switch (f.code) {
    case 'V001': {
      expect(ds.some((d) => d.kind === 'exit')).toBe(false);
      expect(at(ds, trace.step).some((d) => d.kind === 'exit_blocked')).toBe(true);
      const tools = agent.tools.map((t) => t.name);
      tools.forEach((tool, k) => {
        const step = trace.step - tools.length + k;
        const call = at(ds, step).find((d) => isCallOf(d, tool));
        expect(call?.kind, `${tool} at step ${step}`).not.toBe('allowed');
        expect(call).toBeDefined();
      });
      break;
    }
    case 'V002':
    case 'V003':
      expect(ds.some((d) => d.kind === 'exit')).toBe(false);
      expect(at(ds, steps).some((d) => d.kind === 'exit_blocked')).toBe(true);
      break;
    case 'V004': {
      const call = at(ds, trace.step).find((d) => isCallOf(d, f.tool as string));
      expect(call).toBeDefined();
      expect(call?.kind).not.toBe('allowed');
      break;
    }
    case 'V005': {
      if (settings.profile === 'letta') {
        // Letta's rules are numbered in lettaRules; what fires is lettaAttribution's definition.
        const attribution = new LettaRuleAttribution(agent);
        const fired: number[] = [];
        for (const d of ds) attribution.forEachFired(d, (rule) => fired.push(rule));
        expect(agent.lettaRules?.[f.rule as number]).toBeDefined();
        expect(fired).not.toContain(f.rule);
        break;
      }
      const fired = summarize(ds, { agent }).toolRules[f.rule as number]?.fired;
      expect(fired).toBe(0);
      break;
    }
    default:
      break;
  }
}

/** Code and subject of each finding, for exact comparisons. */
export const brief = (fs: VerifyFinding[]) => fs.map((f) => [f.code, f.tool ?? (f.rule === undefined ? '' : `#${f.rule + 1}`)].join(' '));
