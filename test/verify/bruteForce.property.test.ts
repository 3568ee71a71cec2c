/**
 * The explorer against brute force, on random small agents and settings: every move sequence up
 * to the explorer's bound is replayed through a fresh replay (real settings, dedupe on), and
 * - every finding's trace reproduces its finding;
 * - what the explorer says never happens within its bound (an exit for V002, a call of the tool
 *   for V004, the rule firing for V005) happens in no sequence up to that length;
 * - a deadlock brute force reaches is reported (V001), and when none is reported none is reached.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Decision } from '../../src/core/engine/decisions.ts';
import { replayItems } from '../../src/core/engine/replay.ts';
import { resolveSettings } from '../../src/core/engine/settings.ts';
import { summarize } from '../../src/core/simulator/summary.ts';
import { actionEvents, actionModel, type Action } from '../../src/core/verify/exploreActions.ts';
import { verifyAgent } from '../../src/core/verify/explore.ts';
import { rulesArb, settingsArb } from '../engine-tools/arbitraries.ts';
import { agentOf, expectReproduces } from './helpers.ts';

const TOOLS = ['a', 'b', 'c'];
const tool = fc.constantFrom(...TOOLS);

/** Rules that tend to strand an agent (limits, groups, exit requirements, start tools), mixed with any rule. */
const strandingRule = fc.oneof(
  fc.record({ tool_name: fc.constantFrom(...TOOLS, '*'), rule_type: fc.record({ type: fc.constant('MaxCalls' as const), value: fc.constantFrom(1, 2) }) }),
  fc.record({ tool_name: tool, rule_type: fc.constant({ type: 'RequiredBeforeExit' as const }) }),
  fc.record({ tool_name: tool, rule_type: fc.constant({ type: 'StartConstraint' as const }) }),
  fc.record({ tool_name: tool, rule_type: fc.constant({ type: 'RequiresPrecedingTools' as const }), conditions: fc.uniqueArray(tool, { minLength: 1, maxLength: 2 }) }),
  fc.record({ tool_name: tool, rule_type: fc.record({ type: fc.constant('ExclusiveGroups' as const), value: fc.constant([['a', 'b']] as string[][]) }) }),
);
/** Every tool callable once and `c` required before exit: random rules then often leave `c` stranded. */
const strandedRules = fc.array(strandingRule, { minLength: 1, maxLength: 4 }).map((rest) => [
  { tool_name: '*', rule_type: { type: 'MaxCalls' as const, value: 1 } },
  { tool_name: 'c', rule_type: { type: 'RequiredBeforeExit' as const } },
  ...rest,
]);
const agentRules = fc.oneof(rulesArb, strandedRules, fc.array(fc.oneof(strandingRule, rulesArb.map((r) => r[0] ?? { tool_name: 'a', rule_type: { type: 'Needed' as const } })), { maxLength: 7 }));
const executed = (d: Decision) => d.kind === 'allowed' || d.kind === 'auto';

function sequences(actions: readonly Action[], max: number): Action[][] {
  const out: Action[][] = [[]];
  let level: Action[][] = [[]];
  for (let n = 1; n <= max; n++) {
    level = level.flatMap((p) => actions.map((a) => [...p, a]));
    out.push(...level);
  }
  return out;
}

describe('explorer vs brute force', () => {
  it('agrees with every move sequence up to its bound', () => {
    let bounded = 0;
    let deadlocksSeen = 0;
    fc.assert(
      fc.property(agentRules, settingsArb, fc.constantFrom(1, 2, 3, undefined), (rules, s, maxDepth) => {
        const agent = agentOf(TOOLS, rules);
        const settings = resolveSettings(s);
        const result = verifyAgent(agent, settings, maxDepth === undefined ? {} : { maxDepth });
        for (const f of result.findings) if (f.trace) expectReproduces(agent, f, settings);
        if (!result.stats.exhaustive) bounded++;

        const model = actionModel(agent, settings);
        const L = Math.min(result.stats.depth, 3);
        const run = (path: Action[]) => replayItems(actionEvents(model, path).map((event) => ({ kind: 'event' as const, event, line: 0 })), { agent, settings });
        const called = new Set<string>();
        const fired = new Set<number>();
        let exits = false;
        let deadlock = false;
        for (const path of sequences(model.actions, L)) {
          const ds = run(path);
          const done = ds.some((d) => d.kind === 'exit');
          exits ||= done;
          for (const d of ds) if (executed(d) && 'tool' in d) called.add(d.tool);
          summarize(ds, { agent }).toolRules.forEach((r) => {
            if (r.fired > 0) fired.add(r.rule);
          });
          // A deadlock: from here no move executes anything or exits (moves stay within the bound).
          if (!done && path.length < L && !deadlock)
            deadlock = model.actions.every((a) => {
              const last = run([...path, a]).filter((d) => d.event === path.length);
              return !last.some((d) => executed(d) || d.kind === 'exit');
            });
        }
        const codes = (c: string) => result.findings.filter((f) => f.code === c);
        if (codes('V002').length > 0) expect(exits).toBe(false);
        for (const f of codes('V004')) expect(called.has(f.tool as string)).toBe(false);
        for (const f of codes('V005')) expect(fired.has(f.rule as number)).toBe(false);
        expect(codes('V001').length > 0 || !deadlock).toBe(true);
        if (deadlock) deadlocksSeen++;
        if (codes('V001').length === 0) expect(deadlock).toBe(false);
      }),
      // A fixed seed: the coverage checks below count what random agents happened to contain, and
      // a random seed once gave exactly 2 deadlocks (CI, 2026-11-30). The property itself is the
      // same; RULE_STUDIO_FUZZ_SEED tries another seed.
      { numRuns: 150, seed: Number(process.env['RULE_STUDIO_FUZZ_SEED'] ?? 20261130) },
    );
    // The property was exercised on bounded searches and on real deadlocks.
    expect(bounded).toBeGreaterThan(10);
    console.log(`brute force: ${bounded} bounded searches, ${deadlocksSeen} deadlocks`);
    expect(deadlocksSeen).toBeGreaterThan(2);
  }, 120_000);
});
