/**
 * The workflow verifier on hand-built workflows: each finding, and a near miss without it, with
 * the exact findings and shortest sessions; every session replays through `simulate`'s replay
 * to show its finding.
 */
import { describe, expect, it } from 'vitest';
import type { VerifyFinding } from '../../src/core/verify/findings.ts';
import { briefOf, expectWorkflowReproduces, verifyAsCli, workflowOf } from './workflowHelpers.ts';

const stepsOf = (f: VerifyFinding | undefined) => f?.trace?.steps;
const find = (fs: VerifyFinding[], code: string, node?: string, rule?: number) =>
  fs.find((f) => f.code === code && (node === undefined || f.node === node) && (rule === undefined || f.rule === rule));

describe('phases and done no session reaches (V010)', () => {
  const shadowed = workflowOf({
    spec: { transitions: [{ when: 'spec_complete', to: 'plan' }, { when: 'spec_complete', to: 'review' }] },
    plan: { transitions: [{ when: 'restart_cycle', to: 'review' }, { when: 'plan_complete', to: 'done' }] },
    review: { transitions: [{ when: 'ok', to: 'done' }] },
  });

  it('a phase whose only ways in are a shadowed transition and a restart_cycle one, which W003 counts as reachable', () => {
    const r = verifyAsCli(shadowed);
    expect(briefOf(r.findings)).toEqual(['V010 review']);
    const f = r.findings[0] as VerifyFinding;
    expect(f.severity).toBe('warning');
    expect(f.proof).toBe('exhaustive');
    expect(f.message).toContain('W003');
    expect(f.message).toContain('transition 1 fires on the same claim first (W009)');
    expect(f.message).toContain("a restart_cycle claim always goes to the start node 'spec'");
    expect(stepsOf(f)).toEqual([{ workflow_start: true }, { next: ['spec_complete'] }]);
    expect(f.trace?.step).toBe(2);
    expect(r.stats.exhaustive).toBe(true);
    expectWorkflowReproduces(shadowed, f);
  });

  it('near miss: a claim of its own reaches the phase, and nothing is reported', () => {
    const wf = workflowOf({
      spec: { transitions: [{ when: 'spec_complete', to: 'plan' }, { when: 'needs_review', to: 'review' }] },
      plan: { transitions: [{ when: 'plan_complete', to: 'done' }] },
      review: { transitions: [{ when: 'ok', to: 'done' }] },
    });
    expect(verifyAsCli(wf).findings).toEqual([]);
  });

  it('done only behind a restart_cycle transition is an error, with the next that fails to get there', () => {
    const wf = workflowOf({
      spec: { transitions: [{ when: 'spec_complete', to: 'plan' }] },
      plan: { transitions: [{ when: 'restart_cycle', to: 'done' }] },
    });
    const r = verifyAsCli(wf);
    expect(briefOf(r.findings)).toEqual(['V010 done']);
    const f = r.findings[0] as VerifyFinding;
    expect(f.severity).toBe('error');
    expect(f.message).toContain('W004');
    expect(stepsOf(f)).toEqual([{ workflow_start: true }, { next: ['spec_complete'] }, { next: ['restart_cycle'] }]);
    expect(f.trace?.step).toBe(3);
    expectWorkflowReproduces(wf, f);
  });

  it('hegel: done reached only through an interrupt (a zero threshold on the one way there)', () => {
    const wf = workflowOf({
      code: { transitions: [{ when: 'code_complete', to: 'review' }] },
      review: { transitions: [{ when: 'approved', to: 'done' }], rules: [{ type: 'repeated_command', threshold: 0, window: 60 }] },
    });
    const r = verifyAsCli(wf, { profile: 'hegel' });
    // W006 already warns about the zero threshold on the rule; what it does to the workflow is new.
    expect(briefOf(r.findings)).toEqual(['V010 review', 'V010 done']);
    for (const f of r.findings) {
      expect(f.severity).toBe('warning');
      expect(f.message).toContain('interrupt');
      expectWorkflowReproduces(wf, f, { profile: 'hegel' });
    }
    expect(stepsOf(find(r.findings, 'V010', 'done'))).toEqual([{ workflow_start: true }, { next: ['code_complete'] }, { next: ['approved'] }]);
    expect(find(r.findings, 'V010', 'review')?.trace?.step).toBe(2);
  });

  it('near miss: with threshold 1 the session can go without commands, and the rule gets its firing session instead', () => {
    const wf = workflowOf({
      code: { transitions: [{ when: 'code_complete', to: 'review' }] },
      review: { transitions: [{ when: 'approved', to: 'done' }], rules: [{ type: 'repeated_command', threshold: 1, window: 60 }] },
    });
    const r = verifyAsCli(wf, { profile: 'hegel' });
    expect(briefOf(r.findings)).toEqual(['V012 review #1']);
    expect(stepsOf(r.findings[0])).toEqual([{ workflow_start: true }, { bash: 'make' }, { next: ['code_complete'] }]);
  });
});

describe('a shortest session firing each rule (V012)', () => {
  const wf = workflowOf({
    code: {
      transitions: [{ when: 'code_complete', to: 'review' }],
      rules: [
        { type: 'repeated_command', pattern: 'cargo (build|test)', threshold: 3, window: 120 },
        { type: 'token_budget', max_tokens: 5000 },
        { type: 'phase_timeout', max_duration: 600 },
        { type: 'repeated_file_edit', path_pattern: '^src/.*\\.rs$', threshold: 2, window: 60 },
      ],
    },
    review: { transitions: [{ when: 'approved', to: 'done' }], rules: [{ type: 'require_commits', lookback_phases: 1 }] },
  });

  it('spec: each rule of the current node at the next that asks to leave', () => {
    const r = verifyAsCli(wf);
    expect(briefOf(r.findings)).toEqual(['V012 code #1', 'V012 code #2', 'V012 code #3', 'V012 code #4', 'V012 review #1']);
    const start = { workflow_start: true };
    expect(stepsOf(find(r.findings, 'V012', 'code', 0))).toEqual([start, { bash: 'cargo build' }, { bash: 'cargo build' }, { bash: 'cargo build' }, { next: ['code_complete'] }]);
    expect(stepsOf(find(r.findings, 'V012', 'code', 1))).toEqual([start, { tokens: { input: 5001, output: 0 } }, { next: ['code_complete'] }]);
    expect(stepsOf(find(r.findings, 'V012', 'code', 2))).toEqual([start, { next: ['code_complete'], after: 601_000 }]);
    expect(stepsOf(find(r.findings, 'V012', 'code', 3))).toEqual([start, { edit: 'src/a.rs' }, { edit: 'src/a.rs' }, { next: ['code_complete'] }]);
    expect(stepsOf(find(r.findings, 'V012', 'review', 0))).toEqual([start, { next: ['code_complete'] }, { next: ['approved'] }]);
    for (const f of r.findings) {
      expect(f.severity).toBe('info');
      expect(f.trace?.step).toBe(f.trace?.steps.length);
      expectWorkflowReproduces(wf, f);
    }
  });

  it('hegel: the rules of the node a next lands on, read from its first phase', () => {
    const r = verifyAsCli(wf, { profile: 'hegel' });
    const start = { workflow_start: true };
    // A node's first phase must be over budget: spend in it, then stay (next with no matching claim).
    expect(stepsOf(find(r.findings, 'V012', 'code', 1))).toEqual([start, { tokens: { input: 5001, output: 0 } }, { next: [] }]);
    // require_commits reads review's first phase: enter it, then stay.
    expect(stepsOf(find(r.findings, 'V012', 'review', 0))).toEqual([start, { next: ['code_complete'] }, { next: [] }]);
    for (const f of r.findings) expectWorkflowReproduces(wf, f, { profile: 'hegel' });
  });
});

describe('rules that never fire (V011)', () => {
  it('a pattern that matches no text at all, which W005 accepts', () => {
    const wf = workflowOf({
      code: { transitions: [{ when: 'ok', to: 'done' }], rules: [{ type: 'repeated_command', pattern: '[^\\s\\S]', threshold: 1, window: 60 }] },
    });
    const r = verifyAsCli(wf);
    expect(briefOf(r.findings)).toEqual(['V011 code #1']);
    expect(r.findings[0]?.proof).toBe('exhaustive');
    expect(r.findings[0]?.message).toContain('matches no text');
  });

  it('near miss: a pattern with a match gets its firing session', () => {
    const wf = workflowOf({
      code: { transitions: [{ when: 'ok', to: 'done' }], rules: [{ type: 'repeated_command', pattern: '[^\\s]', threshold: 1, window: 60 }] },
    });
    expect(briefOf(verifyAsCli(wf).findings)).toEqual(['V012 code #1']);
  });

  it('a rule needing a longer session than the bound: "not within the bound", as info', () => {
    const wf = workflowOf({
      code: { transitions: [{ when: 'ok', to: 'done' }], rules: [{ type: 'repeated_command', threshold: 50, window: 60 }] },
    });
    const r = verifyAsCli(wf, {}, { maxStates: 30 });
    expect(briefOf(r.findings)).toEqual(['V011 code #1']);
    expect(r.findings[0]?.severity).toBe('info');
    expect(r.findings[0]?.proof).toBe('bounded');
    expect(r.findings[0]?.message).toMatch(/within \d+ steps/);
    expect(r.stats.exhaustive).toBe(false);
    // With room enough it fires after 50 commands.
    const full = verifyAsCli(wf);
    expect(stepsOf(full.findings[0])?.length).toBe(52);
  });

  it('a pattern no text could be built for is not judged, and says so (info), in both profiles', () => {
    // `(a\b|b)c` matches "bc", but the sample built takes the first branch: "ac" has no word boundary after the a.
    const wf = workflowOf({
      code: { transitions: [{ when: 'ok', to: 'done' }], rules: [{ type: 'repeated_command', pattern: '(a\\b|b)c', threshold: 1, window: 60 }] },
    });
    for (const profile of ['spec', 'hegel'] as const) {
      const r = verifyAsCli(wf, { profile });
      expect(briefOf(r.findings)).toEqual(['V011 code #1']);
      expect(r.findings[0]).toMatchObject({ severity: 'info', proof: 'unjudged' });
      expect(r.findings[0]?.message).toBe(
        "Rule #1 (repeated_command) of 'code' was not judged: no text its pattern '(a\\b|b)c' matches could be built for the sessions (anchors or word boundaries in the way), so whether it can fire is unknown.",
      );
      expect(r.findings[0]?.trace).toBeUndefined();
    }
  });

  it('a rule on a phase no session enters is left to V010 (or W003)', () => {
    const wf = workflowOf({
      a: { transitions: [{ when: 'go', to: 'done' }, { when: 'go', to: 'b' }] },
      b: { transitions: [{ when: 'ok', to: 'done' }], rules: [{ type: 'token_budget', max_tokens: 10 }] },
    });
    expect(briefOf(verifyAsCli(wf).findings)).toEqual(['V010 b']);
  });
});

describe('the search', () => {
  it('stops once nothing is left to find, and says so', () => {
    const wf = workflowOf({ a: { transitions: [{ when: 'go', to: 'done' }], rules: [{ type: 'require_commits', lookback_phases: 1 }] } });
    const r = verifyAsCli(wf);
    expect(r.stats.settled).toBe(true);
    expect(r.stats.exhaustive).toBe(false);
  });

  it('is exhaustive on a workflow with a cycle and a budget (the state key merges equal phases)', () => {
    const wf = workflowOf({
      a: { transitions: [{ when: 'go', to: 'b' }], rules: [{ type: 'token_budget', max_tokens: 10 }] },
      b: { transitions: [{ when: 'back', to: 'a' }] },
    });
    const r = verifyAsCli(wf, { profile: 'hegel' });
    expect(r.stats.exhaustive).toBe(true);
    expect(r.stats.states).toBeLessThan(100);
  });
});
