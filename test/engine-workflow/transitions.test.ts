/** Transition choice, stays, recorded landings, force and out-of-context events (§3, §5). */
import { describe, expect, it } from 'vitest';
import { createWorkflowEngine } from '../../src/core/engine/workflow/index.ts';
import { resolveSettings } from '../../src/core/engine/settings.ts';
import { cmd, ev, next, run, start, tokens, workflow, type Numbered } from './helpers.ts';

const kinds = (ds: Numbered[]) => ds.map((d) => `${d.event}:${d.kind}`);
const moves = (ds: Numbered[]) => ds.flatMap((d) => (d.kind === 'transition' ? [`${d.from}>${d.to}`] : []));

const wf = workflow('plan', {
  plan: { transitions: [['a', 'code'], ['b', 'review'], ['again', 'plan']] },
  code: { transitions: [['code_complete', 'review'], ['code_complete', 'done']] },
  review: { transitions: [['ok', 'done']] },
});

describe.each(['spec', 'hegel'] as const)('transitions (%s)', (profile) => {
  it('takes the first transition in file order whose `when` is claimed', () => {
    expect(moves(run(wf, [start(0), next(1, ['b', 'a'])], { profile }))).toEqual(['START>plan', 'plan>code']);
    expect(moves(run(wf, [start(0), next(1, ['a']), next(2, ['code_complete'])], { profile }))).toEqual([
      'START>plan',
      'plan>code',
      'code>review',
    ]);
  });

  it('no matching claim is a stay: no decision', () => {
    expect(run(wf, [start(0), next(1, ['zzz']), next(2, [])], { profile })).toEqual([
      { event: 0, kind: 'transition', from: 'START', to: 'plan' },
    ]);
  });

  it('restart_cycle targets the start node and wins over other claims', () => {
    const out = run(wf, [start(0), next(1, ['a']), next(2, ['code_complete', 'restart_cycle'])], { profile });
    expect(moves(out)).toEqual(['START>plan', 'plan>code', 'code>plan']);
  });

  it('a self-loop and a restart at the start node are stays: the phase goes on', () => {
    const timed = workflow('plan', {
      plan: { transitions: [['again', 'plan'], ['a', 'done']], rules: [{ type: 'phase_timeout', max_duration: 60 }] },
    });
    // the phase started at 0 keeps running through both stays, so the timeout fires at 61 s
    const out = run(timed, [start(0), next(30, ['again'], { force: true }), next(40, ['restart_cycle'], { force: true }), next(61, ['zzz'])], {
      profile,
    });
    expect(kinds(out)).toEqual(['0:transition', '3:interrupt']);
  });

  it('workflow_start may name the node to enter', () => {
    expect(moves(run(wf, [start(0, 'review'), next(1, ['ok'])], { profile }))).toEqual(['START>review', 'review>done']);
  });

  it('out-of-context events give an error (line 0, for the caller to fill) and change nothing', () => {
    const out = run(wf, [next(0, ['a']), start(1), start(2), next(3, ['b']), next(4, ['ok']), next(5, ['ok'])], { profile });
    expect(out).toEqual([
      { event: 0, kind: 'error', line: 0, message: 'next ignored: the workflow has not started (no workflow_start before it)' },
      { event: 1, kind: 'transition', from: 'START', to: 'plan' },
      { event: 2, kind: 'error', line: 0, message: "workflow_start ignored: the workflow already started (current node 'plan')" },
      { event: 3, kind: 'transition', from: 'plan', to: 'review' },
      { event: 4, kind: 'transition', from: 'review', to: 'done' },
      { event: 5, kind: 'error', line: 0, message: "next ignored: the workflow is already at 'done'" },
    ]);
  });

  it('unknown nodes are errors and leave the state unchanged', () => {
    const broken = workflow('a', { a: { transitions: [['go', 'nowhere'], ['ok', 'done']] } });
    expect(run(broken, [start(0, 'zz'), start(1), next(2, ['go']), next(3, [], { to: 'zz' }), next(4, ['ok'])], { profile })).toEqual([
      { event: 0, kind: 'error', line: 0, message: "workflow_start ignored: unknown node 'zz'" },
      { event: 1, kind: 'transition', from: 'START', to: 'a' },
      { event: 2, kind: 'error', line: 0, message: "next ignored: node 'nowhere' does not exist (from 'a')" },
      { event: 3, kind: 'error', line: 0, message: "next ignored: node 'zz' does not exist (from 'a')" },
      { event: 4, kind: 'transition', from: 'a', to: 'done' },
    ]);
  });

  it('an explicit `done` node is ignored: done stays implicit and final', () => {
    const explicit = workflow('a', { a: { transitions: [['ok', 'done']] }, done: { transitions: [['back', 'a']] } });
    expect(kinds(run(explicit, [start(0), next(1, ['ok']), next(2, ['back'])], { profile }))).toEqual([
      '0:transition',
      '1:transition',
      '2:error',
    ]);
  });
});

describe('force and recorded landings', () => {
  const guarded = workflow('code', {
    code: {
      transitions: [['code_complete', 'review']],
      rules: [
        { type: 'token_budget', max_tokens: 10 },
        { type: 'repeated_command', threshold: 1, window: 60 },
      ],
    },
    review: { transitions: [['ok', 'done']] },
  });
  const busy = [start(0), tokens(1, 50, 50), cmd(2, 'ls')];

  it('spec: force true skips all rules', () => {
    expect(kinds(run(guarded, [...busy, next(3, ['code_complete'], { force: true })]))).toEqual(['0:transition', '3:transition']);
  });

  it('spec: force [types] skips only those types; the next rule can still block', () => {
    const out = run(guarded, [...busy, next(3, ['code_complete'], { force: ['token_budget'] })]);
    expect(out.filter((d) => d.kind === 'interrupt')).toMatchObject([{ ruleType: 'repeated_command', rule: 1 }]);
    expect(moves(out)).toEqual(['START>code']);
    const both = run(guarded, [...busy, next(3, ['code_complete'], { force: ['token_budget', 'repeated_command'] })]);
    expect(moves(both)).toEqual(['START>code', 'code>review']);
  });

  it('spec: a recorded landing (`to`) evaluates the rules but lands anyway (interrupt, then transition)', () => {
    const out = run(guarded, [...busy, next(3, [], { to: 'review' })]);
    expect(out.map((d) => (d.kind === 'interrupt' ? `${d.event}:interrupt:${d.ruleType}` : `${d.event}:${d.kind}`))).toEqual([
      '0:transition',
      '3:interrupt:token_budget',
      '3:transition',
    ]);
    expect(moves(out)).toEqual(['START>code', 'code>review']);
  });

  it('spec: `to` wins over claims, and `to` equal to the current node is a stay', () => {
    expect(moves(run(guarded, [start(0), next(1, ['code_complete'], { to: 'done' })]))).toEqual(['START>code', 'code>done']);
    expect(moves(run(guarded, [start(0), next(1, ['code_complete'], { to: 'code' })]))).toEqual(['START>code']);
  });

  const hegelWf = workflow('plan', {
    plan: { transitions: [['go', 'code']] },
    code: {
      transitions: [['code_complete', 'done']],
      rules: [
        { type: 'repeated_command', threshold: 1, window: 60 },
        { type: 'repeated_file_edit', threshold: 1, window: 60 },
      ],
    },
  });
  const hegelBusy = [start(0), cmd(1, 'ls'), ev(2, 'file_edit', { path: 'a' })];

  it('hegel: the transition is always taken, then the interrupt; force [type] skips that type only', () => {
    const out = run(hegelWf, [...hegelBusy, next(3, ['go'], { force: ['repeated_command'] })], { profile: 'hegel' });
    expect(out.map((d) => (d.kind === 'interrupt' ? `interrupt:${d.node}:${d.ruleType}:${d.rule}` : d.kind))).toEqual([
      'transition',
      'transition',
      'interrupt:code:repeated_file_edit:1',
    ]);
    expect(kinds(run(hegelWf, [...hegelBusy, next(3, ['go'], { force: true })], { profile: 'hegel' }))).toEqual([
      '0:transition',
      '3:transition',
    ]);
  });

  it("hegel: a recorded landing evaluates the landing node's rules", () => {
    const out = run(hegelWf, [...hegelBusy, next(3, [], { to: 'code' })], { profile: 'hegel' });
    expect(out.map((d) => d.kind)).toEqual(['transition', 'transition', 'interrupt']);
  });

  it('continue and repeat change nothing', () => {
    const steps = [...busy, ev(3, 'continue'), ev(4, 'repeat'), next(5, ['code_complete'])];
    const plain = [...busy, next(5, ['code_complete'])];
    for (const profile of ['spec', 'hegel'] as const)
      expect(run(guarded, steps, { profile }).map(({ event: _e, ...d }) => d)).toEqual(run(guarded, plain, { profile }).map(({ event: _e, ...d }) => d));
  });

  it('without workflow_start nothing is recorded into phases', () => {
    const engine = createWorkflowEngine(guarded, resolveSettings({}));
    engine.step(tokens(0, 5, 5), { executed: true });
    expect(engine.snapshot()).toMatchObject({ status: 'not_started', node: null, history: [], rules: [] });
  });
});

describe('phases', () => {
  it.each(['spec', 'hegel'] as const)('stays never open a new phase (%s)', (profile) => {
    const engine = createWorkflowEngine(wf, resolveSettings({ profile }));
    for (const e of [start(0), next(1, ['again']), next(2, ['restart_cycle']), next(3, ['zzz']), next(4, ['a'])]) engine.step(e, { executed: true });
    expect(engine.snapshot().history.map((p) => [p.node, p.start, p.end])).toEqual([
      ['plan', start(0).time, next(4, []).time],
      ['code', next(4, []).time, null],
    ]);
  });
});
