/** `evaluateOn: every_event` in both profiles (§3.1, §5). */
import { describe, expect, it } from 'vitest';
import type { WorkflowRule } from '../../src/core/model/workflow.ts';
import { cmd, ev, next, run, start, tokens, workflow, type Numbered } from './helpers.ts';

const EVERY = { evaluateOn: 'every_event' } as const;
const interrupts = (ds: Numbered[]) => ds.flatMap((d) => (d.kind === 'interrupt' ? [`${d.event}:${d.ruleType}`] : []));

const one = (...rules: WorkflowRule[]) =>
  workflow('code', { code: { transitions: [['go', 'review']], rules }, review: { transitions: [['back', 'code'], ['ok', 'done']], rules } });

describe('every_event (spec)', () => {
  const wf = one({ type: 'repeated_command', threshold: 2, window: 60 });

  it('reports once when a rule starts firing, not again while it keeps firing', () => {
    const out = run(wf, [start(0), cmd(1, 'ls'), cmd(2, 'ls'), cmd(3, 'ls'), tokens(4, 1, 1)], EVERY);
    expect(interrupts(out)).toEqual(['2:repeated_command']);
  });

  it('reports again after the rule stopped firing (the window slid)', () => {
    const out = run(wf, [start(0), cmd(1, 'ls'), cmd(2, 'ls'), tokens(100, 1, 1), cmd(101, 'ls'), cmd(102, 'ls')], EVERY);
    expect(interrupts(out)).toEqual(['2:repeated_command', '5:repeated_command']);
  });

  it('reports again after the phase changed', () => {
    const out = run(wf, [start(0), cmd(1, 'ls'), cmd(2, 'ls'), next(3, ['go'], { force: true }), cmd(4, 'ls'), cmd(5, 'ls')], EVERY);
    expect(interrupts(out)).toEqual(['2:repeated_command', '5:repeated_command']);
  });

  it('in mode `next` nothing is reported between nexts', () => {
    expect(interrupts(run(wf, [start(0), cmd(1, 'ls'), cmd(2, 'ls'), cmd(3, 'ls')]))).toEqual([]);
  });

  it('an interrupt from a next is always reported, and the same event does not report the rule twice', () => {
    const out = run(wf, [start(0), cmd(1, 'ls'), cmd(2, 'ls'), next(3, ['go']), next(4, ['go'])], EVERY);
    expect(interrupts(out)).toEqual(['2:repeated_command', '3:repeated_command', '4:repeated_command']);
  });

  it('a next interrupt marks its rule firing: later events do not report it again', () => {
    const timed = one({ type: 'token_budget', max_tokens: 10 });
    const out = run(timed, [start(0), tokens(1, 20, 0), next(2, ['go']), tokens(3, 1, 1)], EVERY);
    expect(interrupts(out)).toEqual(['1:token_budget', '2:token_budget']);
  });

  it('phase_timeout fires on the first event past the limit, once', () => {
    const timed = one({ type: 'phase_timeout', max_duration: 60 });
    const out = run(timed, [start(0), tokens(30, 1, 1), ev(61, 'continue'), ev(62, 'batch_start'), tokens(90, 1, 1)], EVERY);
    expect(interrupts(out)).toEqual(['2:phase_timeout']);
  });

  it('several rules can start firing on one event, each reported once, in rule order', () => {
    const both = one({ type: 'token_budget', max_tokens: 10 }, { type: 'repeated_command', threshold: 1, window: 60 });
    const out = run(both, [start(0), ev(1, 'tool_call', { tool: 'Bash', args: { command: 'make' }, tokens: { input: 11, output: 0 } })], EVERY);
    expect(interrupts(out)).toEqual(['1:token_budget', '1:repeated_command']);
  });

  it("a next's force also holds back the every_event pass for that event", () => {
    const budget = one({ type: 'token_budget', max_tokens: 10 });
    const out = run(budget, [start(0), tokens(1, 20, 0), next(2, ['go'], { force: ['token_budget'] }), tokens(3, 20, 0), tokens(4, 1, 0)], EVERY);
    // forced move into review (a new phase), where the budget is crossed again at 3
    expect(interrupts(out)).toEqual(['1:token_budget', '3:token_budget']);
  });

  it('require_commits fires right on entering a phase without commits, then clears on a commit', () => {
    const rc = one({ type: 'require_commits', lookback_phases: 1 });
    const out = run(rc, [start(0), ev(1, 'commit', { hash: 'a' }), ev(2, 'commit', { hash: 'b' }), next(3, ['go'])], EVERY);
    expect(interrupts(out)).toEqual(['0:require_commits', '3:require_commits']);
  });
});

describe('every_event (hegel)', () => {
  it('counts in the window anchored at the current phase start, once', () => {
    const wf = one({ type: 'repeated_command', pattern: 'build', threshold: 2, window: 60 });
    const out = run(wf, [start(0), cmd(10, 'build'), cmd(20, 'build'), cmd(30, 'build'), cmd(200, 'build')], { ...EVERY, profile: 'hegel' });
    expect(interrupts(out)).toEqual(['2:repeated_command']);
  });

  it('a window that closes before reaching the threshold never fires (it does not slide)', () => {
    const wf = one({ type: 'repeated_command', pattern: 'build', threshold: 2, window: 60 });
    const out = run(wf, [start(0), cmd(10, 'build'), cmd(100, 'build'), cmd(110, 'build')], { ...EVERY, profile: 'hegel' });
    expect(interrupts(out)).toEqual([]);
    expect(interrupts(run(wf, [start(0), cmd(10, 'build'), cmd(100, 'build'), cmd(110, 'build')], EVERY))).toEqual(['3:repeated_command']);
  });

  it("the next's interrupt (old anchor) is not repeated by the pass on the same event", () => {
    const wf = workflow('plan', {
      plan: { transitions: [['go', 'code']] },
      code: { transitions: [['ok', 'done']], rules: [{ type: 'repeated_command', threshold: 2, window: 60 }] },
    });
    const out = run(wf, [start(0), cmd(1, 'a'), cmd(2, 'b'), next(3, ['go']), cmd(4, 'c'), cmd(5, 'd')], { ...EVERY, profile: 'hegel' });
    // at 3 the interrupt comes from plan's anchor; in code's own phase it stops firing at 4, fires again at 5
    expect(interrupts(out)).toEqual(['3:repeated_command', '5:repeated_command']);
  });

  it('phase_timeout in the first visit runs to now', () => {
    const wf = one({ type: 'phase_timeout', max_duration: 60 });
    const out = run(wf, [start(0), ev(30, 'continue'), ev(61, 'continue'), ev(70, 'continue')], { ...EVERY, profile: 'hegel' });
    expect(interrupts(out)).toEqual(['2:phase_timeout']);
  });
});
