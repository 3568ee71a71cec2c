/**
 * Minimising a verifier counterexample keeps what it proves (review16 #1): from the release
 * example's V001 trace, selecting the final blocked exit and minimising used to give `hotfix`,
 * `end` — the same blocked exit, but no deadlock any more (`lock_branch` can still be called). With
 * the finding's property every candidate must pass the verifier's own check of the state after its
 * last event; a plain selected decision still minimises to the decision alone.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createReplay, type ReplayConfig } from '../../src/core/engine/replay.ts';
import { resolveSettings } from '../../src/core/engine/settings.ts';
import type { Agent } from '../../src/core/model/toolRules.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import { readScripted } from '../../src/core/traces/scripted.ts';
import { verifyAgent } from '../../src/core/verify/explore.ts';
import { minimise } from '../../src/core/verify/minimise.ts';
import { minimisedClaim, propertyCheck } from '../../src/core/verify/minimiseProperty.ts';
import { minimiseSummary } from '../../src/core/verify/minimiseNote.ts';
import { targetOf, type MinimiseTarget } from '../../src/core/verify/minimiseTarget.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { agentOf } from './helpers.ts';
import { lastDecisions } from './oneMinimal.ts';

function releaseAgent(): Agent {
  const studio = createStudioStore();
  studio.getState().importFile('release-deadlock.toml', readFileSync('examples/release-deadlock.toml', 'utf8'));
  const doc = studio.getState().project.docs[0];
  if (doc?.kind !== 'agent') throw new Error('no agent');
  return doc.agent;
}
const release = releaseAgent();
const names = (events: readonly TraceEvent[]) => events.map((e) => (e.type === 'tool_call' ? e.tool : e.type));

function counterexampleOf(agent: Agent, code: string): TraceEvent[] {
  const f = verifyAgent(agent).findings.find((x) => x.code === code);
  if (!f?.trace) throw new Error(`no ${code}`);
  return readScripted(f.trace.yaml).flatMap((i) => (i.kind === 'event' ? [i.event] : []));
}
const target = (config: ReplayConfig, events: TraceEvent[], kind: string): MinimiseTarget =>
  targetOf(lastDecisions(config, events).find((d) => d.kind === kind) as never) as MinimiseTarget;

describe('minimising a counterexample keeps its finding', () => {
  const config: ReplayConfig = { agent: release };
  const settings = resolveSettings({});
  const events = counterexampleOf(release, 'V001');

  it('V001 from its blocked exit: the deadlock stays (lock_branch is kept), not only the decision', () => {
    expect(names(events)).toEqual(['lock_branch', 'hotfix', 'lock_branch', 'run_tests', 'hotfix', 'release', 'model_end']);
    const t = target(config, events, 'exit_blocked');
    const plain = minimise({ config, events, step: 6, target: t });
    expect(plain.ok && names(plain.result.events)).toEqual(['hotfix', 'model_end']);
    const property = propertyCheck('V001', release, settings);
    const kept = minimise({ config, events, step: 6, target: t, property });
    if (!kept.ok) throw new Error(kept.problem);
    // ddmin keeps the later lock_branch (allowed once the first is gone): the same deadlock
    expect(names(kept.result.events)).toEqual(['hotfix', 'lock_branch', 'model_end']);
    expect(kept.result).toMatchObject({ complete: true, property: 'V001' });
    // the studio's notice: whole sentences in its words, no engine codes
    expect(minimiseSummary(kept.result)).toBe('Minimised 7 steps to 3: still the V001 deadlock, ending in the blocked exit (`release` still required).');
    expect(minimiseSummary(plain.ok ? plain.result : kept.result, 'V001')).toBe(
      'Minimised 7 steps to 2, ending in the blocked exit (`release` still required). This step comes before what V001 shows, so only its decision is kept.',
    );
  });

  it('V001 from a refused call inside the deadlock keeps it too', () => {
    const t = target(config, events.slice(0, 4), 'blocked');
    const kept = minimise({ config, events, step: 3, target: t, property: propertyCheck('V001', release, settings) });
    expect(kept.ok && names(kept.result.events)).toEqual(['hotfix', 'lock_branch', 'run_tests']);
  });

  it('a step before the deadlock cannot keep it: the outcome says so', () => {
    const t = target(config, events.slice(0, 1), 'allowed');
    const out = minimise({ config, events, step: 0, target: t, property: propertyCheck('V001', release, settings) });
    expect(out).toMatchObject({ ok: false, lost: 'property' });
  });

  it('the minimised deadlock is titled with the state it ends in', () => {
    const short = events.filter((_, i) => [0, 1, 6].includes(i));
    const r = createReplay(config);
    for (const event of short) r.push({ kind: 'event', event });
    const claim = minimisedClaim('V001', release, settings, r.save().tools as never, short.at(-1)?.time ?? 0, ['lock_branch', 'hotfix'], ['release']);
    expect(claim.title).toBe('V001 deadlock: no call can be made and the agent cannot exit');
    expect(claim.finalState.map((s) => s.subject)).toEqual(['lock_branch', 'run_tests', 'hotfix', 'release', 'exit']);
    expect(claim.finalState[0]?.why).toMatch(/called 1 time: the limit of #4/);
  });

  it('V003: a trap stays a trap (the trapping call is kept before a later decision)', () => {
    const trap = agentOf(['x', 'a', 'c'], [
      { tool_name: 'c', rule_type: { type: 'RequiredBeforeExit' } },
      { tool_name: 'a', rule_type: { type: 'ExclusiveGroups', value: [['a', 'c']] } },
    ]);
    const cfg: ReplayConfig = { agent: trap };
    const evs: TraceEvent[] = [
      { type: 'tool_call', time: 0, tool: 'a', args: {}, outcome: 'ok', duration_ms: 0 },
      { type: 'tool_call', time: 0, tool: 'x', args: {}, outcome: 'ok', duration_ms: 0 },
    ];
    const t = target(cfg, evs, 'allowed');
    const plain = minimise({ config: cfg, events: evs, step: 1, target: t });
    expect(plain.ok && names(plain.result.events)).toEqual(['x']);
    const kept = minimise({ config: cfg, events: evs, step: 1, target: t, property: propertyCheck('V003', trap, settings) });
    expect(kept.ok && names(kept.result.events)).toEqual(['a', 'x']);
  });

  it('codes whose trace shows a decision have no state property', () => {
    for (const code of ['V004', 'V005', 'V010', 'V012']) expect(propertyCheck(code, release, settings)).toBeUndefined();
  });
});
