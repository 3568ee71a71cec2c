/**
 * Pausing the live Policy view (issue 25.2, lines mode): while the view is paused the followed
 * session's lines are held, not written to the project (so the Policy view stays where it
 * stopped) and counted; "Jump to live" writes them at once. Breakpoints on a policy decision or a
 * rule's location hit the calls they name.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { codexPolicyReport } from '../../src/core/permissions/codex/policyReport.ts';
import { feedHarness } from './liveFeedHarness.ts';
import { breakpointHit, initialLiveState, liveActions, liveStore, policyBreakpointHit, sameBreakpoint, type LiveBreakpoint } from '../../src/app/simulator/liveStore.ts';

const RULES = 'examples/codex-default.rules';
const LOG = readFileSync('examples/traces/codex-session.jsonl', 'utf8');
const LINES = LOG.split(/(?<=\n)/);

beforeEach(() => liveStore.setState({ ...initialLiveState(), active: true, connection: 'open', lines: { name: 'rollout.jsonl' } }));

describe('the live trace feed, paused', () => {
  it('holds and counts lines while paused, and writes them all on Jump to live', () => {
    const { store, timers, feed, fire } = feedHarness();
    let at = 0;
    const send = (from: number, to: number) => {
      for (const l of LINES.slice(from, to)) {
        at += Buffer.byteLength(l);
        feed.lines(0, at, 'rollout.jsonl', l);
      }
    };
    send(0, 5);
    fire();
    const text = () => (store.getState().project.traces ?? []).map((t) => t.text);
    expect(text()).toEqual([LINES.slice(0, 5).join('')]);

    liveActions.pause();
    send(5, LINES.length);
    expect(timers).toEqual([]);
    expect(text()).toEqual([LINES.slice(0, 5).join('')]);
    expect(liveStore.getState().waiting).toBe(LINES.length - 5);

    liveActions.jumpToLive();
    feed.flush();
    expect(text()).toEqual([LOG]);
    expect(liveStore.getState().waiting).toBe(0);
    // nothing new: a second flush writes nothing (no edit for the same text)
    const before = store.getState().project;
    feed.flush();
    expect(store.getState().project).toBe(before);
  });
});

describe('breakpoints of the live Policy view', () => {
  const report = codexPolicyReport([{ path: RULES, text: readFileSync(RULES, 'utf8') }], [{ name: 'rollout.jsonl', text: LOG }]);
  const at = (ri: number) => {
    const r = report.rules[ri];
    return r ? `${r.file}:${r.line}:${r.col}` : '';
  };
  const first = (b: LiveBreakpoint) => report.calls.findIndex((c) => policyBreakpointHit({ decisions: [c.decision ?? 'none'], at: c.rules.map(at) }, [b]) !== undefined);

  it('stop at the first call of a decision, of no rule, or of a rule', () => {
    // the example's calls: allow, forbidden, none, allow, allow, none, prompt, allow
    expect(first({ decision: 'forbidden' })).toBe(1);
    expect(first({ decision: 'none' })).toBe(2);
    expect(first({ decision: 'prompt' })).toBe(6);
    const forbidding = report.calls[1]?.rules[0] ?? -1;
    expect(first({ at: at(forbidding) })).toBe(1);
    expect(first({ at: 'elsewhere.rules:1:1' })).toBe(-1);
  });

  it('are told apart by kind, and policy breakpoints never stop a tool decision', () => {
    expect(sameBreakpoint({ decision: 'deny' }, { decision: 'deny' })).toBe(true);
    expect(sameBreakpoint({ decision: 'deny' }, { at: 'deny' })).toBe(false);
    expect(sameBreakpoint({ rule: 1 }, { rule: 1 })).toBe(true);
    expect(sameBreakpoint({ kind: 'blocked' }, { decision: 'blocked' })).toBe(false);
    const blocked = { seq: 0, event: 0, time: '2025-01-01T10:00:00.000Z', kind: 'blocked', tool: 't', code: 'MaxCallsExceeded', rule: 1, message: 'no' } as const;
    expect(breakpointHit(blocked, [{ decision: 'blocked' }, { at: '1' }])).toBeUndefined();
    expect(breakpointHit(blocked, [{ rule: 1 }])).toEqual({ rule: 1 });
  });
});
