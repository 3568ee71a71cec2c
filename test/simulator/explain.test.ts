import { describe, expect, it } from 'vitest';
import type { Decision } from '../../src/core/engine/decisions.ts';
import { explainDecision, type Explanation } from '../../src/core/simulator/index.ts';
import { agent, call, contextOf, ev, run, workflow } from './helpers.ts';
import { flow, gated, pipeline, type Scenario } from './scenarios.ts';

/** Every decision of a scenario with its explanation (state after its item, its event). */
function explained(s: Scenario): { d: Decision; e: Explanation }[] {
  const r = run(s.items, s.config);
  return r.decisions.map((d) => ({ d, e: explainDecision(d, contextOf(r, s.items, d.seq, s.config)) }));
}

const find = (xs: { d: Decision; e: Explanation }[], pred: (d: Decision) => boolean) => {
  const x = xs.find(({ d }) => pred(d));
  if (!x) throw new Error('no such decision');
  return x;
};

describe('explanations of tool decisions from a real replay', () => {
  const xs = explained(pipeline);
  const code = (c: string) => find(xs, (d) => 'code' in d && d.code === c);

  it('auto start names the StartConstraint rule', () => {
    const { e } = find(xs, (d) => d.kind === 'auto' && d.reason === 'start_constraint');
    expect(e.title).toBe('Automatic call: `connect`');
    expect(e.summary).toBe('`connect` was called automatically at the start of the batch: a StartConstraint rule requires it before any other tool.');
    expect(e.details[0]).toBe('Rule #1: Call at start · StartConstraint on `connect`, priority 10 — Call `connect` first before any other tools');
    expect(e.ruleRef).toEqual({ kind: 'tool', index: 0 });
  });

  it('PrerequisitesNotMet says which prerequisite is missing and what was called', () => {
    const { e } = code('PrerequisitesNotMet');
    expect(e.summary).toBe('`validate` was blocked by rule #2: it needs `extract` to be called first in this batch.');
    expect(e.details).toContain('prerequisite `extract` has not been called in this batch');
    expect(e.details).toContain('called so far in this batch: `connect`');
    expect(e.details).toContain(
      'Rule #2: Call after… · RequiresPrecedingTools on `validate`, priority 5, conditions extract — Call `validate` only after calling: extract',
    );
    expect(e.ruleRef).toEqual({ kind: 'tool', index: 1 });
  });

  it('MaxCallsExceeded gives executions against the limit', () => {
    const { e } = code('MaxCallsExceeded');
    expect(e.title).toBe('Blocked: `fetch`');
    expect(e.summary).toBe('`fetch` was blocked by rule #3: it has reached its limit of 2 calls in this batch.');
    expect(e.details).toContain('`fetch` has run 2 times in this batch; MaxCalls allows 2');
    // the engine's own words are kept apart, for the page's "Engine message" disclosure
    expect(e.engine).toEqual({ code: 'MaxCallsExceeded', message: 'Tool fetch has exceeded maximum calls (2). Current: 2' });
    expect(e.details.join('\n')).not.toContain('Tool fetch has exceeded');
  });

  it('OrderingViolation names the condition already called', () => {
    const { e } = code('OrderingViolation');
    expect(e.summary).toBe('`lint` was blocked by rule #10: it must be called before `fetch`, but `fetch` already ran in this batch.');
    expect(e.details).toContain('`fetch` was already called in this batch');
  });

  it('CooldownActive gives elapsed, cooldown and remaining time', () => {
    const { e } = code('CooldownActive');
    expect(e.summary).toBe('`poll` was blocked by rule #4: it is still in its 10s cooldown.');
    expect(e.details).toContain('last execution 5.5s ago; cooldown 10s (4.5s remaining)');
    expect(e.ruleRef).toEqual({ kind: 'tool', index: 3 });
  });

  it('ExclusiveGroupViolation names the group and its holder', () => {
    const { e } = code('ExclusiveGroupViolation');
    expect(e.summary).toBe('`b` was blocked by rule #5: it shares an exclusive group with `a` already called in this batch.');
    expect(e.details).toContain('group [a, b] is already claimed in this batch by `a`');
  });

  it('OperationNotAllowed names the operation and the allowed set', () => {
    const { e } = code('OperationNotAllowed');
    expect(e.summary).toBe('`file` was blocked by rule #6: operation `delete` is not among its allowed operations.');
    expect(e.details).toContain('allowed operations: read, write (argument `operation`)');
  });

  it('denied gives the consent answer and its source', () => {
    const { e } = code('PermissionDenied');
    expect(e.title).toBe('Denied: `deploy`');
    expect(e.summary).toBe('`deploy` was denied by rule #7: it needs user approval and the answer was deny.');
    expect(e.details).toContain('consent answer: deny (recorded in the trace)');
    expect(e.ruleRef).toEqual({ kind: 'tool', index: 6 });
  });

  it('allowed with approve_for and then with a standing grant', () => {
    const [first, second] = xs.filter(({ d }) => d.kind === 'allowed' && d.tool === 'deploy');
    expect(first?.e.details).toContain('consent: approved for 60 s; standing grant until 10:01:15');
    expect(second?.e.details).toContain('consent: standing grant until 10:01:15');
    expect(second?.e.ruleRef).toEqual({ kind: 'tool', index: 6 });
  });

  it('allowed with flow continue names the ContinueLoop rule and the cooldown timer', () => {
    const { e } = find(xs, (d) => d.kind === 'allowed' && d.tool === 'poll');
    expect(e.summary).toBe('`poll` passed every check and ran (outcome ok); a ContinueLoop rule keeps the loop going.');
    expect(e.ruleRef).toEqual({ kind: 'tool', index: 10 });
    expect(e.details).toContain('cooldown 10s: the next call is allowed from 10:00:15');
  });

  it('allowed with flow end has no rule; calls against the limit are shown', () => {
    const { e } = find(xs, (d) => d.kind === 'allowed' && d.tool === 'fetch');
    expect(e.summary).toBe('`fetch` passed every check and ran (outcome ok); no rule continues the loop after it (flow end).');
    expect(e.ruleRef).toBeUndefined();
    expect(e.details).toEqual(['`fetch` has now run 1 time in this batch; MaxCalls allows 2']);
  });

  it('deduplicated, not_found and timeout', () => {
    expect(code('Deduplicated').e.summary).toBe('`fetch` was not run again: an identical call ran less than 300s ago.');
    expect(code('NotFound').e.summary).toBe("`nope` was rejected: it is not among the agent's declared tools.");
    const t = code('Timeout').e;
    expect(t.summary).toBe('`extract` timed out: it ran longer than the execution timeout of 120s.');
    expect(t.details).toContain('the call took 200000 ms; timeout 120s (setting executionTimeoutMs)');
    expect(t.ruleRef).toBeUndefined();
  });

  it('periodic_due, exit with ExitLoop, auto exit, exit and ignored', () => {
    const p = find(xs, (d) => d.kind === 'periodic_due').e;
    expect(p.summary).toBe('`sync` is due: a Periodic rule asks for it every 60s, and that long has passed since its last execution (or the start of the replay).');
    expect(p.details).toContain('next due at 10:02:00');
    expect(find(xs, (d) => d.kind === 'allowed' && d.flow === 'exit').e.ruleRef).toEqual({ kind: 'tool', index: 8 });
    const autoExit = find(xs, (d) => d.kind === 'auto' && d.reason === 'exit_requirement').e;
    expect(autoExit.summary).toBe('`save` was called automatically before the loop ended: an exit requirement asks for it.');
    expect(autoExit.ruleRef).toEqual({ kind: 'tool', index: 7 });
    const exit = find(xs, (d) => d.kind === 'exit').e;
    expect(exit.summary).toBe('The loop ended: nothing was left to call before ending.');
    expect(exit.details).toContain('the call to `finish` had flow exit (ExitLoop)');
    expect(find(xs, (d) => d.kind === 'ignored').e.summary).toBe('`extract` was ignored: the loop had already exited in this process.');
  });
});

describe('start gate, exit blocked, synthetic failures and other consent variants', () => {
  it('StartConstraintsNotMet and exit_blocked in block mode', () => {
    const xs = explained(gated);
    const gate = find(xs, (d) => d.kind === 'blocked').e;
    expect(gate.summary).toBe('`fetch` was blocked by rule #1: the start tools must be called first.');
    expect(gate.details).toContain('start tools not yet called in this batch: `connect`');
    expect(gate.ruleRef).toEqual({ kind: 'tool', index: 0 });
    const blocked = find(xs, (d) => d.kind === 'exit_blocked').e;
    expect(blocked.summary).toBe('The loop could not end: `save` must be called first.');
    expect(blocked.details).toContain('setting exitRequirements = block: the engine does not call them itself, and the loop goes on');
    expect(blocked.ruleRef).toEqual({ kind: 'tool', index: 7 });
  });

  it('a synthetic call that fails says so', () => {
    const a = agent([
      { tool_name: 'init', rule_type: { type: 'StartConstraint' } },
      { tool_name: 'init', rule_type: { type: 'MaxCalls', value: 0 } },
      { tool_name: 'save', rule_type: { type: 'RequiredBeforeExit' } },
      { tool_name: 'save', rule_type: { type: 'MaxCalls', value: 0 } },
    ]);
    const xs = explained({ config: { agent: a }, items: [ev(0, 'model_end')] });
    const start = find(xs, (d) => d.kind === 'blocked' && d.reason === 'start_constraint').e;
    expect(start.summary).toBe('The automatic start call of `init` was blocked by rule #2: it has reached its limit of 0 calls in this batch.');
    const exitBlocked = find(xs, (d) => d.kind === 'exit_blocked').e;
    expect(exitBlocked.details).toContain('the automatic exit calls did not satisfy every requirement, so the loop goes on');
  });

  it('approve_once from the default, approve_scope, heartbeat and outcome error', () => {
    const a = agent([{ tool_name: 'x', rule_type: { type: 'RequiresConsent', value: {} } }]);
    const xs = explained({
      config: { agent: a },
      items: [call(0, 'x'), call(1, 'x', { args: { n: 1 }, consent: 'approve_scope' }), call(2, 'y', { args: { request_heartbeat: true } }), call(3, 'y', { args: { n: 2 }, outcome: 'error' })],
    });
    expect(xs[0]?.e.details).toContain('consent: approved once by the user, not kept (no answer in the trace: setting consentDefault)');
    expect(xs[1]?.e.details).toContain('consent: approved to the end of the replay (standing grant)');
    expect(xs[2]?.e.summary).toBe('`y` passed every check and ran (outcome ok); it asked for a heartbeat, so the loop continues in a new process.');
    expect(xs[3]?.e.details).toContain('the call returned an error: it counts as executed (limits, cooldown) but not as called (ordering, groups)');
  });

  it('works without any context, from the decision alone', () => {
    for (const { d } of explained(pipeline)) {
      const e = explainDecision(d);
      expect(e.title.length).toBeGreaterThan(0);
      expect(e.summary.endsWith('.')).toBe(true);
    }
  });
});

describe('explanations of workflow decisions', () => {
  const xs = explained(flow);

  it('workflow start, blocked move with its prompt, forced transition, errors', () => {
    expect(find(xs, (d) => d.kind === 'transition' && d.from === 'START').e.summary).toBe('The workflow started at node `code`.');
    const { d, e } = find(xs, (x) => x.kind === 'interrupt');
    expect(e.title).toBe('Interrupt: repeated_command in `code`');
    expect(e.summary).toBe('Rule #1 of node `code` (repeated_command) fired: Commands matching ^cargo executed 3 times in 2 minutes.');
    expect(e.prompt).toBe(d.kind === 'interrupt' ? d.text : undefined);
    expect(e.prompt?.startsWith('🚨 WORKFLOW INTERRUPT: Repeated Command Detected\n')).toBe(true);
    expect(e.details).toContain('measured: 3 matching events in the window (threshold 3)');
    expect(e.ruleRef).toEqual({ kind: 'workflow', index: 0, node: 'code' });
    const moved = find(xs, (x) => x.kind === 'transition' && x.from === 'code').e;
    expect(moved.summary).toBe('The workflow moved from `code` to `review`.');
    expect(moved.details).toContain('claim `code_complete` matches the transition `code_complete → review` of `code`');
    expect(moved.details).toContain('force skipped every rule');
    const errors = xs.filter((x) => x.d.kind === 'error').map((x) => x.e.summary);
    expect(errors).toEqual([
      'The workflow ignored this event: next ignored: the workflow has not started (no workflow_start before it).',
      'Line 9 could not be used and was skipped: bad JSON.',
    ]);
  });

  it('hegel: the transition is taken and the interrupt comes from the landing node', () => {
    const wf = workflow('a', { a: { transitions: [['go', 'b']] }, b: { rules: [{ type: 'require_commits', lookback_phases: 1 }] } });
    const items = [ev(0, 'workflow_start'), ev(1, 'next', { claims: ['go'] }), ev(2, 'next', { claims: ['restart_cycle'] }), ev(3, 'next', { claims: ['go'] })];
    const hx = explained({ config: { workflow: wf, settings: { profile: 'hegel' } }, items });
    const i = find(hx, (d) => d.kind === 'interrupt').e;
    expect(i.summary).toBe('Rule #1 of node `b` (require_commits) fired: No commits found in last 1 phases.');
    expect(i.details).toContain('profile hegel: the transition is taken anyway; the interrupt replaces the prompt (`hegel repeat` shows it again)');
    expect(find(hx, (d) => d.kind === 'transition' && d.from === 'b').e.details).toContain('claim `restart_cycle` goes back to the start node');
  });

  it('every_event interrupts say which evaluation reported them', () => {
    const wf = workflow('a', { a: { rules: [{ type: 'repeated_file_edit', threshold: 2, window: 60 }] } });
    const items = [ev(0, 'workflow_start'), ev(1, 'file_edit', { path: 'x.rs' }), ev(2, 'file_edit', { path: 'x.rs' })];
    const xs2 = explained({ config: { workflow: wf, settings: { evaluateOn: 'every_event' } }, items });
    const i = find(xs2, (d) => d.kind === 'interrupt').e;
    expect(i.summary).toBe('Rule #1 of node `a` (repeated_file_edit) fired: x.rs edited 2 times in 1 minute.');
    expect(i.details).toContain('reported by the every_event evaluation after this event');
  });
});
