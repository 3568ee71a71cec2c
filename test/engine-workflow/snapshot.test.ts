/** The plain-data snapshot for the UI, and the cost of every_event on long traces. */
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/core/engine/settings.ts';
import { createWorkflowEngine } from '../../src/core/engine/workflow/index.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import { cmd, commit, next, sec, start, tokens, workflow } from './helpers.ts';

const wf = workflow('code', {
  code: {
    transitions: [['go', 'review']],
    rules: [
      { type: 'repeated_command', pattern: 'cargo', threshold: 2, window: 60 },
      { type: 'token_budget', max_tokens: 1000 },
      { type: 'phase_timeout', max_duration: 100 },
      { type: 'require_commits', lookback_phases: 1 },
      { type: 'repeated_command', pattern: '(', threshold: 1, window: 60 },
    ],
  },
  review: { transitions: [['ok', 'done']] },
});

function feed(profile: 'spec' | 'hegel', events: TraceEvent[]) {
  const engine = createWorkflowEngine(wf, resolveSettings({ profile, evaluateOn: 'every_event' }));
  for (const e of events) engine.step(e, { executed: true });
  return engine.snapshot();
}

describe('snapshot', () => {
  it.each(['spec', 'hegel'] as const)('shows the node, phase metrics vs limits, windows, firing and history (%s)', (profile) => {
    const s = feed(profile, [start(0), cmd(10, 'cargo build'), cmd(20, 'ls'), cmd(30, 'cargo test'), tokens(40, 300, 200), commit(50)]);
    expect(s).toEqual({
      profile,
      evaluateOn: 'every_event',
      status: 'running',
      node: 'code',
      phaseStart: sec(0),
      now: sec(50),
      rules: [
        {
          rule: 0,
          type: 'repeated_command',
          value: 2,
          limit: 2,
          unit: 'events',
          violated: true,
          firing: true,
          inert: false,
          window: [
            { time: sec(10), text: 'cargo build', tool: 'Bash' },
            { time: sec(30), text: 'cargo test', tool: 'Bash' },
          ],
        },
        { rule: 1, type: 'token_budget', value: 500, limit: 1000, unit: 'tokens', violated: false, firing: false, inert: false },
        { rule: 2, type: 'phase_timeout', value: 50_000, limit: 100_000, unit: 'ms', violated: false, firing: false, inert: false },
        { rule: 3, type: 'require_commits', value: 1, limit: 1, unit: 'commits', violated: false, firing: false, inert: false },
        { rule: 4, type: 'repeated_command', value: 0, limit: 1, unit: 'events', violated: false, firing: false, inert: true },
      ],
      history: [{ node: 'code', start: sec(0), end: null, tokensIn: 300, tokensOut: 200, turns: 1, commits: 1 }],
    });
  });

  it('after done: status done, closed phases in the history', () => {
    const s = feed('spec', [start(0), next(5, ['go'], { force: true }), next(9, ['ok'])]);
    expect(s.status).toBe('done');
    expect(s.node).toBe('done');
    expect(s.rules).toEqual([]);
    expect(s.history.map((p) => [p.node, p.start, p.end])).toEqual([
      ['code', sec(0), sec(5)],
      ['review', sec(5), sec(9)],
      ['done', sec(9), null],
    ]);
  });
});

// Speed is measured by `npm run bench -- engine`, never asserted here: this only checks that a long
// every_event run with many distinct commands keeps firing.
describe('long every_event runs', () => {
  it.each(['spec', 'hegel'] as const)('every_event over 60,000 events with many distinct commands keeps interrupting (%s)', (profile) => {
    const heavy = workflow('code', {
      code: {
        rules: [
          { type: 'repeated_command', threshold: 50, window: 600 },
          { type: 'repeated_command', pattern: 'cargo (build|test)', threshold: 400, window: 300 },
          { type: 'repeated_file_edit', threshold: 30, window: 120 },
        ],
      },
    });
    const engine = createWorkflowEngine(heavy, resolveSettings({ profile, evaluateOn: 'every_event' }));
    engine.step(start(0), { executed: true });
    let interrupts = 0;
    for (let i = 1; i <= 60_000; i++) {
      const e: TraceEvent =
        i % 3 === 0
          ? { type: 'file_edit', time: sec(i / 10), path: `src/f${i % 50}.rs`, tool: 'Edit' }
          : { type: 'command', time: sec(i / 10), command: i % 2 ? `cargo build ${i % 7}` : `echo ${i}`, tool: 'Bash' };
      interrupts += engine.step(e, { executed: true }).length;
    }
    expect(interrupts).toBeGreaterThan(0);
  });
});
