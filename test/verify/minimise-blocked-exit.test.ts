/**
 * Minimising towards a final blocked exit keeps what blocks it (issue 22): the release deadlock
 * needs its hotfix, not only the exit — a one-event trace blocks the exit too, but only because
 * nothing was called yet, which hides the deadlock. And a clockless trace (a counterexample) is
 * written without a 1970 start.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ReplayConfig } from '../../src/core/engine/replay.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import { minimise } from '../../src/core/verify/minimise.ts';
import { targetOf, type MinimiseTarget } from '../../src/core/verify/minimiseTarget.ts';
import { probeToolsOf } from '../../src/core/verify/minimiseProbes.ts';
import { scriptedTraceText } from '../../src/core/traces/toScripted.ts';
import { traceTime } from '../../src/app/simulator/traceTime.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { lastDecisions } from './oneMinimal.ts';

function releaseAgent() {
  const studio = createStudioStore();
  studio.getState().importFile('release-deadlock.toml', readFileSync('examples/release-deadlock.toml', 'utf8'));
  const doc = studio.getState().project.docs[0];
  if (doc?.kind !== 'agent') throw new Error('no agent');
  return doc.agent;
}

const T0 = Date.UTC(2025, 0, 1, 10, 0, 0);
const call = (s: number, tool: string, args: Record<string, string> = {}): TraceEvent => ({ type: 'tool_call', time: T0 + s * 1000, tool, args, outcome: 'ok', duration_ms: 0 });
const end = (s: number): TraceEvent => ({ type: 'model_end', time: T0 + s * 1000 }) as TraceEvent;

describe('minimise from a final blocked exit', () => {
  const config: ReplayConfig = { agent: releaseAgent() };
  const events = [call(0, 'lock_branch'), call(10, 'hotfix'), call(20, 'lock_branch', { again: 'yes' }), end(30)];
  const at = (kind: string): MinimiseTarget => targetOf(lastDecisions(config, events).find((d) => d.kind === kind) as never) as MinimiseTarget;

  it('probes the pending tool and the tool it must follow', () => {
    expect(probeToolsOf(at('exit_blocked'), config.agent)).toEqual(['release', 'run_tests']);
    expect(probeToolsOf(at('blocked'), config.agent)).toEqual(['release', 'run_tests']);
  });

  for (const kind of ['exit_blocked', 'blocked']) {
    it(`keeps the hotfix that makes the exit impossible (${kind})`, () => {
      const out = minimise({ config, events, step: 3, target: at(kind) });
      if (!out.ok) throw new Error(out.problem);
      expect(out.result.events.map((e) => (e.type === 'tool_call' ? e.tool : e.type))).toEqual(['hotfix', 'model_end']);
      expect(out.result.complete).toBe(true);
    });
  }

  it('still minimises a blocked call in the middle of a trace to what it needs alone', () => {
    const mid = [call(0, 'lock_branch'), call(10, 'release')];
    const target = targetOf(lastDecisions(config, mid).find((d) => d.kind === 'blocked') as never) as MinimiseTarget;
    expect(probeToolsOf(target, config.agent)).toEqual([]);
    const out = minimise({ config, events: mid, step: 1, target });
    expect(out.ok && out.result.events.length).toBe(1);
  });
});

describe('a counterexample’s clock', () => {
  it('is written without a 1970 start, its first offset kept', () => {
    const text = scriptedTraceText([{ type: 'tool_call', time: 10_000, tool: 'hotfix', args: {}, outcome: 'ok', duration_ms: 0 }, { type: 'model_end', time: 20_000 } as TraceEvent]);
    expect(text).not.toMatch(/start:|1970/);
    expect(text).toContain('- { call: hotfix, after: 10s }');
    expect(scriptedTraceText([call(0, 'hotfix')])).toContain('start: 2025-01-01T10:00:00.000Z');
  });

  it('reads as time from the trace’s zero in the State panel', () => {
    expect(traceTime(80_000)).toBe('+1m 20s');
    expect(traceTime(0)).toBe('+0s');
    expect(traceTime(T0)).toBe('2025-01-01T10:00:00.000Z');
  });
});
