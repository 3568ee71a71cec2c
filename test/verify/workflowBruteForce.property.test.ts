/**
 * The workflow explorer against brute force, on random small workflows and settings: every
 * session of up to the explorer's bound is replayed move by move through a fresh workflow engine,
 * and what the explorer reports (which phases are entered, with or without an interrupt on the
 * way, which rules fire, and the length of the shortest session for each) is exactly what brute
 * force finds. Every finding's session reproduces its finding under `simulate`'s replay.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveSettings, workflowProfileOf } from '../../src/core/engine/settings.ts';
import { compileWorkflow } from '../../src/core/engine/workflow/compiled.ts';
import { createWorkflowEngine } from '../../src/core/engine/workflow/engine.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import { ruleId, searchWorkflow, sessionOf, type FirstSeen } from '../../src/core/verify/exploreWorkflow.ts';
import { moveEvent, nextMoves, workflowMoveModel } from '../../src/core/verify/workflowMoves.ts';
import { expectWorkflowReproduces, verifyAsCli, workflowOf } from './workflowHelpers.ts';

const NODES = ['a', 'b', 'c'];
const transition = fc.record({ when: fc.constantFrom('x', 'y', 'restart_cycle'), to: fc.constantFrom(...NODES, 'done') });
const repeated = (type: 'repeated_command' | 'repeated_file_edit', key: 'pattern' | 'path_pattern', patterns: string[]) =>
  fc.record(
    { type: fc.constant(type), [key]: fc.constantFrom(...patterns), threshold: fc.integer({ min: 0, max: 3 }), window: fc.constantFrom(1, 60) },
    { requiredKeys: ['type', 'threshold', 'window'] },
  );
const rule = fc.oneof(
  repeated('repeated_command', 'pattern', ['make', 'cargo (build|test)', '[^\\s\\S]']),
  repeated('repeated_file_edit', 'path_pattern', ['src/.*']),
  fc.record({ type: fc.constant('phase_timeout'), max_duration: fc.constantFrom(0, 30) }),
  fc.record({ type: fc.constant('token_budget'), max_tokens: fc.constantFrom(0, 10) }),
  fc.record({ type: fc.constant('require_commits'), lookback_phases: fc.constantFrom(1, 2) }),
);
const node = fc.record({ transitions: fc.array(transition, { maxLength: 3 }), rules: fc.array(rule, { maxLength: 2 }) });
const workflowArb = fc.tuple(node, node, node).map(([a, b, c]) => workflowOf({ a, b, c }));
const settingsArb = fc.record({ profile: fc.constantFrom('spec' as const, 'hegel' as const), evaluateOn: fc.constantFrom('next' as const, 'every_event' as const) });

interface Shortest {
  entered: Map<string, number>;
  enteredClean: Map<string, number>;
  fired: Map<string, number>;
}

/** Every session of up to `depth` moves, depth first through one engine with save/restore. */
function bruteForce(wf: ReturnType<typeof workflowOf>, settings: ReturnType<typeof resolveSettings>, depth: number): Shortest {
  const profile = workflowProfileOf(settings.profile);
  const compiled = compileWorkflow(wf, profile);
  const model = workflowMoveModel(compiled, profile);
  const engine = createWorkflowEngine(wf, settings);
  const best: Shortest = { entered: new Map(), enteredClean: new Map(), fired: new Map() };
  const note = (m: Map<string, number>, k: string, n: number) => m.set(k, Math.min(n, m.get(k) ?? Infinity));
  const visit = (decisions: ReturnType<typeof engine.step>, n: number, wasClean: boolean): boolean => {
    const clean = wasClean && !decisions.some((d) => d.kind === 'interrupt');
    for (const d of decisions) {
      if (d.kind === 'interrupt') note(best.fired, ruleId(d.node, d.rule), n);
      if (d.kind === 'transition') {
        note(best.entered, d.to, n);
        if (clean) note(best.enteredClean, d.to, n);
      }
    }
    return clean;
  };
  const rootClean = visit(engine.step({ type: 'workflow_start', time: 0 } as TraceEvent, { executed: true }), 0, true);
  const go = (n: number, time: number, clean: boolean) => {
    const state = engine.save();
    if (n >= depth || state.node === null || state.node === 'done') return;
    for (const move of [...nextMoves(compiled, state.node, model.waits), ...model.work]) {
      engine.restore(state);
      const at = time + (move.kind === 'next' && move.wait ? model.bounds.horizonMs : 0);
      const after = visit(engine.step(moveEvent(move, at), { executed: true }), n + 1, clean);
      go(n + 1, at, after);
    }
    engine.restore(state);
  };
  go(0, 0, rootClean);
  return best;
}

const lengths = (m: Map<string, FirstSeen>, s: Parameters<typeof sessionOf>[0]) => new Map([...m].map(([k, v]) => [k, sessionOf(s, v).length]));

describe('workflow explorer vs brute force', () => {
  it('finds exactly what every session up to its bound shows, each at its shortest', () => {
    let withFindings = 0;
    fc.assert(
      fc.property(workflowArb, settingsArb, fc.constantFrom(1, 2, 3), (wf, input, depth) => {
        const settings = resolveSettings(input);
        const s = searchWorkflow(wf, settings, { maxDepth: depth });
        const brute = bruteForce(wf, settings, depth);
        if (s.settled) {
          // Stopped early: everything it looks for was found, each at its shortest.
          for (const [k, n] of lengths(s.fired, s)) expect(n, `rule ${k}`).toBe(brute.fired.get(k));
          for (const [k, n] of lengths(s.enteredClean, s)) expect(n, `clean ${k}`).toBe(brute.enteredClean.get(k));
          return;
        }
        expect(lengths(s.entered, s)).toEqual(brute.entered);
        expect(lengths(s.enteredClean, s)).toEqual(brute.enteredClean);
        expect(lengths(s.fired, s)).toEqual(brute.fired);
      }),
      { numRuns: 150, seed: 121 },
    );
    fc.assert(
      fc.property(workflowArb, settingsArb, (wf, input) => {
        const r = verifyAsCli(wf, input, { maxDepth: 3 });
        if (r.findings.length > 0) withFindings++;
        for (const f of r.findings) if (f.trace) expectWorkflowReproduces(wf, f, input);
      }),
      { numRuns: 100, seed: 122 },
    );
    expect(withFindings).toBeGreaterThan(10);
  });
});
