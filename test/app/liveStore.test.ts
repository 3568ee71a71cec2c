/**
 * The live view's state (issue 25.2): decisions appended once however the stream repeats itself,
 * breakpoints that stop the view (never what arrives), scrubbing and Jump to live, the status pill,
 * the rule-set comparison and which decision Save as test pins.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Decision } from '../../src/core/engine/decisions.ts';
import { ruleSetHash } from '../../src/core/ruleSetHash.ts';
import { connectLive, initialLiveState, liveActions, liveStatus, liveStore, receive, sameRules, testTarget, type LiveState } from '../../src/app/simulator/liveStore.ts';

const time = '2025-01-01T10:00:00.000Z';
const allowed = (seq: number, tool: string): Decision => ({ seq, event: seq, time, kind: 'allowed', tool, outcome: 'ok', flow: 'continue' });
const blocked = (seq: number, tool: string, rule: number): Decision => ({ seq, event: seq, time, kind: 'blocked', tool, code: 'MaxCallsExceeded', rule, message: 'no' });
const interrupt = (seq: number): Decision => ({ seq, event: seq, time, kind: 'interrupt', node: 'review', ruleType: 'PhaseTimeout', rule: 0, text: 'Ask the user' });

const state = (over: Partial<LiveState> = {}): LiveState => ({ ...initialLiveState(), active: true, connection: 'open', ...over });
const apply = (s: LiveState, session: number, offset: number, ds: Decision[]): LiveState => ({ ...s, ...receive(s, session, offset, ds) });

describe('live view state', () => {
  beforeEach(() => liveStore.setState(state()));

  it('appends each line once: a repeated or older offset is dropped', () => {
    let s = apply(state(), 0, 10, [allowed(0, 'a')]);
    s = apply(s, 0, 20, [allowed(1, 'b'), blocked(2, 'b', 3)]);
    s = apply(s, 0, 20, [allowed(1, 'b'), blocked(2, 'b', 3)]);
    s = apply(s, 0, 10, [allowed(0, 'a')]);
    expect(s.entries.map((e) => e.decision.seq)).toEqual([0, 1, 2]);
    expect(s.position).toBe(2);
    expect(s.following).toBe(true);
  });

  it('a later session replaces the decisions of the earlier one; an earlier one is ignored', () => {
    let s = apply(state(), 0, 10, [allowed(0, 'a'), allowed(1, 'b')]);
    s = apply(s, 1, 5, [allowed(0, 'c')]);
    expect(s.session).toBe(1);
    expect(s.entries.map((e) => ('tool' in e.decision ? e.decision.tool : ''))).toEqual(['c']);
    s = apply(s, 0, 30, [allowed(2, 'old')]);
    expect(s.entries.map((e) => ('tool' in e.decision ? e.decision.tool : ''))).toEqual(['c']);
  });

  it('a breakpoint on a kind stops the view at the first match; later decisions keep arriving', () => {
    let s = apply(state({ breakpoints: [{ kind: 'blocked' }] }), 0, 10, [allowed(0, 'a'), blocked(1, 'b', 4), allowed(2, 'c')]);
    expect(s.following).toBe(false);
    expect(s.position).toBe(1);
    expect(s.pausedBy).toBe('Paused at a blocked decision');
    s = apply(s, 0, 20, [blocked(3, 'b', 4)]);
    expect(s.entries).toHaveLength(4);
    expect(s.position, 'the paused view stays where it stopped').toBe(1);
    expect(liveStatus(s)).toBe('PAUSED');
  });

  it('a breakpoint on a rule stops at a decision that rule made, not at others', () => {
    let s = apply(state({ breakpoints: [{ rule: 4 }] }), 0, 10, [blocked(0, 'b', 2), allowed(1, 'a')]);
    expect(s.following).toBe(true);
    s = apply(s, 0, 20, [blocked(2, 'b', 4)]);
    expect(s.following).toBe(false);
    expect(s.pausedBy).toBe('Paused at rule #5');
  });

  it('scrubbing leaves live mode; Jump to live follows the newest again; breakpoints toggle', () => {
    liveStore.setState(apply(state(), 0, 10, [allowed(0, 'a'), allowed(1, 'b'), allowed(2, 'c')]));
    liveActions.scrubTo(0);
    expect(liveStatus(liveStore.getState())).toBe('PAUSED');
    expect(liveStore.getState().position).toBe(0);
    liveActions.scrubTo(99);
    expect(liveStore.getState().position).toBe(2);
    liveActions.jumpToLive();
    expect(liveStatus(liveStore.getState())).toBe('LIVE');
    liveActions.toggleBreakpoint({ kind: 'interrupt' });
    liveActions.toggleBreakpoint({ rule: 1 });
    liveActions.toggleBreakpoint({ kind: 'interrupt' });
    expect(liveStore.getState().breakpoints).toEqual([{ rule: 1 }]);
  });

  it('says DISCONNECTED whenever the stream is down, whatever the view', () => {
    expect(liveStatus({ connection: 'down', following: true })).toBe('DISCONNECTED');
    expect(liveStatus({ connection: 'down', following: false })).toBe('DISCONNECTED');
    expect(liveStatus({ connection: 'open', following: true })).toBe('LIVE');
  });

  it('compares the open rule files with the session’s by hash', () => {
    const files = [{ name: 'agent.toml', text: 'a = 1\n' }];
    const ruleset = { hash: ruleSetHash(files), files };
    expect(sameRules(ruleset, [...files, { name: 'other.yaml', text: 'x' }])).toBe(true);
    expect(sameRules(ruleset, [{ name: 'agent.toml', text: 'a = 2\n' }])).toBe(false);
    expect(sameRules(ruleset, []), 'a rule file missing from the project').toBe(false);
  });

  it('Save as test pins the decision shown when scrubbed back, else the newest violation, else the newest', () => {
    const s = apply(state(), 0, 10, [allowed(0, 'a'), blocked(1, 'b', 4), allowed(2, 'c')]);
    expect(testTarget(s)?.decision.seq).toBe(1);
    expect(testTarget({ ...s, following: false, position: 0 })?.decision.seq).toBe(0);
    expect(testTarget(apply(state(), 0, 10, [allowed(0, 'a'), allowed(1, 'b')]))?.decision.seq).toBe(1);
  });
});

/** An EventSource stand-in the test drives. */
class FakeSource {
  static CLOSED = 2;
  static last: FakeSource | undefined;
  readyState = 0;
  listeners = new Map<string, ((e: unknown) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.last = this;
  }
  addEventListener(type: string, f: (e: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), f]);
  }
  emit(type: string, data?: unknown) {
    for (const f of this.listeners.get(type) ?? []) f({ data: JSON.stringify(data) });
  }
  close() {
    this.readyState = 2;
  }
}

describe('connectLive', () => {
  it('follows the stream: rule set, decisions in one batch, an interrupt told once, down and back', async () => {
    const told: string[] = [];
    const stop = connectLive({ interrupt: (t) => told.push(t), note: (t) => told.push(`note: ${t}`) }, FakeSource as unknown as typeof EventSource);
    const src = FakeSource.last as FakeSource;
    expect(src.url).toBe('./__rule-studio/live');
    src.emit('open');
    src.emit('ruleset', { hash: 'h', files: [] });
    src.emit('decisions', { session: 0, offset: 10, decisions: [allowed(0, 'a')] });
    src.emit('decisions', { session: 0, offset: 20, decisions: [interrupt(1)] });
    src.emit('decisions', { session: 0, offset: 20, decisions: [interrupt(1)] });
    await Promise.resolve();
    expect(liveStore.getState().entries.map((e) => e.decision.seq)).toEqual([0, 1]);
    expect(told).toEqual(['Interrupt at review: Ask the user']);
    src.emit('error');
    expect(liveStatus(liveStore.getState())).toBe('DISCONNECTED');
    src.emit('open');
    expect(liveStatus(liveStore.getState())).toBe('LIVE');
    src.emit('reset', { session: 1, why: 'session.jsonl was truncated' });
    expect(liveStore.getState().entries).toEqual([]);
    expect(told.at(-1)).toBe('note: The followed session started over: session.jsonl was truncated.');
    stop();
    expect(src.readyState).toBe(2);
  });

  it('lines mode (Codex, Gemini CLI): the rule set says so, lines and a new session go to the lines hook', () => {
    const got: unknown[][] = [];
    const stop = connectLive({ interrupt: () => undefined, note: () => undefined, lines: (...a) => got.push(a) }, FakeSource as unknown as typeof EventSource);
    const src = FakeSource.last as FakeSource;
    src.emit('open');
    src.emit('ruleset', { hash: 'h', files: [], lines: true, name: 'rollout.jsonl' });
    expect(liveStore.getState().lines).toEqual({ name: 'rollout.jsonl' });
    src.emit('lines', { session: 0, offset: 12, name: 'rollout.jsonl', text: '{"a":1}\n' });
    src.emit('reset', { session: 1, why: 'rollout.jsonl was truncated', name: 'rollout.jsonl' });
    expect(got).toEqual([
      [0, 12, 'rollout.jsonl', '{"a":1}\n'],
      [1, 0, 'rollout.jsonl', undefined],
    ]);
    stop();
  });
});
