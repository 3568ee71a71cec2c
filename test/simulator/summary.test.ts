import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeDecision, type Decision } from '../../src/core/engine/decisions.ts';
import { replayItems } from '../../src/core/engine/replay.ts';
import { DECISION_KINDS, decisionsJsonl, summarize, summaryMarkdown } from '../../src/core/simulator/index.ts';
import { busyAgent, busyWorkflow, traceArb } from './arbitraries.ts';
import { agent, call, ev } from './helpers.ts';
import { pipeline, pipelineAgent } from './scenarios.ts';

describe('summarize', () => {
  it('counts per kind, per tool and per rule agree with a brute-force count', () => {
    fc.assert(
      fc.property(fc.array(traceArb, { minLength: 1, maxLength: 3 }), (traces) => {
        const streams = traces.map((t) => replayItems(t, { agent: busyAgent, workflow: busyWorkflow }));
        const s = summarize(streams, { agent: busyAgent, workflow: busyWorkflow });
        const all: Decision[] = streams.flat();
        expect(s.traces).toBe(traces.length);
        expect(s.decisions).toBe(all.length);
        for (const k of DECISION_KINDS) expect(s.byKind[k]).toBe(all.filter((d) => d.kind === k).length);
        for (const t of s.byTool) {
          const mine = all.filter((d) => 'tool' in d && d.tool === t.tool);
          expect(t.total).toBe(mine.length);
          for (const k of DECISION_KINDS) expect(t.byKind[k] ?? 0).toBe(mine.filter((d) => d.kind === k).length);
        }
        expect(s.byTool.reduce((n, t) => n + t.total, 0)).toBe(all.filter((d) => 'tool' in d).length);
        // busyAgent has no exit requirements: a rule's failures are the blocked/denied decisions naming it.
        for (const r of s.toolRules)
          expect(r.failures).toBe(all.filter((d) => (d.kind === 'blocked' || d.kind === 'denied') && d.rule === r.rule).length);
        const periodic = s.toolRules[6];
        expect(periodic?.fired).toBe(all.filter((d) => d.kind === 'periodic_due').length);
        const exitLoop = s.toolRules[5];
        expect(exitLoop?.fired).toBe(all.filter((d) => d.kind === 'allowed' && d.tool === 'd' && d.flow === 'exit').length);
        for (const w of s.workflowRules)
          expect(w.fired).toBe(all.filter((d) => d.kind === 'interrupt' && d.node === w.node && d.rule === w.rule).length);
        expect(s.neverFired.tool.map((r) => r.rule)).toEqual(s.toolRules.filter((r) => r.fired === 0).map((r) => r.rule));
      }),
      { numRuns: 100 },
    );
  });

  it('never-fired rules across two traces', () => {
    const a = agent([
      { tool_name: 'x', rule_type: { type: 'MaxCalls', value: 0 } },
      { tool_name: 'y', rule_type: { type: 'ContinueLoop' } },
      { tool_name: 'z', rule_type: { type: 'Cooldown', value: 1000 } },
      { tool_name: 'z', rule_type: { type: 'Needed' } },
    ]);
    const one = replayItems([call(0, 'x')], { agent: a });
    const two = replayItems([call(0, 'y')], { agent: a });
    expect(summarize([one], { agent: a }).neverFired.tool.map((r) => r.rule)).toEqual([1, 2]);
    expect(summarize([one, two], { agent: a }).neverFired.tool.map((r) => r.rule)).toEqual([2]);
    expect(summarize(one, { agent: a }).traces).toBe(1);
  });

  it('allowed-side rules fire when they shape a decision', () => {
    const decisions = replayItems(pipeline.items, pipeline.config);
    const s = summarize(decisions, { agent: pipelineAgent });
    const fired = (i: number) => s.toolRules[i]?.fired;
    expect(fired(0)).toBe(1); // StartConstraint: the auto start call
    expect(fired(7)).toBe(1); // RequiredBeforeExit: the auto exit call
    expect(fired(8)).toBe(1); // ExitLoop: finish with flow exit
    expect(fired(10)).toBe(1); // ContinueLoop: poll with flow continue
    expect(fired(6)).toBe(3); // RequiresConsent: one denial, two consented calls
    expect(s.toolRules[6]?.failures).toBe(1);
    expect(s.neverFired.tool).toEqual([]); // rule 12 is Needed: left out
  });
});

describe('reports', () => {
  it('Markdown has the tables and the never-fired list', () => {
    const a = agent([
      { tool_name: 'x', rule_type: { type: 'MaxCalls', value: 1 } },
      { tool_name: 'y|z', rule_type: { type: 'Cooldown', value: 1000 } },
    ]);
    const md = summaryMarkdown(summarize(replayItems([call(0, 'x'), call(1, 'x', { args: { n: 1 } })], { agent: a }), { agent: a }));
    const lines = md.split('\n');
    expect(lines[0]).toBe('# Simulation summary');
    expect(lines).toContain('2 decisions from 1 trace.');
    expect(lines).toContain('| Kind | Count |');
    expect(lines).toContain('| allowed | 1 |');
    expect(lines).toContain('| blocked | 1 |');
    expect(lines).toContain('| Tool | Total | allowed | blocked |');
    expect(lines).toContain('| `x` | 2 | 1 | 1 |');
    expect(lines).toContain('| Rule | Tool | Type | Fired | Failures |');
    expect(lines).toContain('| #1 | `x` | MaxCalls | 1 | 1 |');
    expect(lines).toContain('| #2 | `y\\|z` | Cooldown | 0 | 0 |');
    expect(lines).toContain('## Rules that never fired');
    expect(lines).toContain('- Tool rule #2: Cooldown on `y|z`');
    expect(lines).toContain('No workflow rules.');
  });

  it('decisionsJsonl is one serializeDecision line per decision', () => {
    const ds = replayItems([ev(0, 'model_end'), call(1, 'x')], { agent: agent([{ tool_name: 'x', rule_type: { type: 'StartConstraint' } }]) });
    const text = decisionsJsonl(ds);
    expect(text.split('\n')).toEqual([...ds.map(serializeDecision), '']);
    expect(decisionsJsonl([])).toBe('');
  });
});
