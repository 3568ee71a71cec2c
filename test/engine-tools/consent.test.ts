/** Consent (§4 step 8, §8): answers, standing grants per tool, defaults, requirePermissions. */
import { describe, expect, it } from 'vitest';
import { agent, call, replay } from './helpers.ts';

const a = agent([
  { tool_name: 'shell', rule_type: { type: 'RequiresConsent', value: {} } },
  { tool_name: 'mail', rule_type: { type: 'RequiresConsent', value: { scope: 'send' } } },
]);
const summary = (ds: ReturnType<typeof replay>) => ds.map((d) => (d.kind === 'allowed' ? (d.consent ?? 'none') : d.kind));
const n = (i: number) => ({ args: { i } });

describe('consent', () => {
  it('approve_once is not kept; the default answer (approve_once) applies when the trace has none', () => {
    expect(summary(replay(a, [call('shell', 0, { ...n(1), consent: 'approve_once' }), call('shell', 1, n(2)), call('shell', 2, { ...n(3), consent: 'deny' })]))).toEqual([
      'approve_once',
      'approve_once',
      'denied',
    ]);
  });

  it('approve_for N is valid while now < answer time + N s', () => {
    const ds = replay(a, [call('shell', 0, { ...n(1), consent: { approve_for: 10 } }), call('shell', 9.999, n(2)), call('shell', 10, n(3))], {
      consentDefault: 'deny',
    });
    expect(summary(ds)).toEqual(['approve_for', 'grant', 'denied']);
  });

  it('approve_scope is kept to the end of the replay, across batches', () => {
    const ds = replay(a, [call('shell', 0, { ...n(1), consent: 'approve_scope' }), call('shell', 100_000, { ...n(2), consent: 'deny' })]);
    expect(summary(ds)).toEqual(['approve_scope', 'grant']);
  });

  it('grants are kept per tool, not per scope string', () => {
    const ds = replay(a, [call('shell', 0, { consent: 'approve_scope' }), call('mail', 1, { consent: 'timeout' })]);
    expect(ds[1]).toEqual({ event: 1, kind: 'denied', tool: 'mail', code: 'PermissionDenied', rule: 1, message: 'Permission denied for tool mail (scope: send)' });
  });

  it('timeout answers deny, with scope none when the rule has none', () => {
    expect(replay(a, [call('shell', 0, { consent: 'timeout' })])[0]).toMatchObject({ message: 'Permission denied for tool shell (scope: none)', rule: 0 });
  });

  it.each([
    ['approve_scope', ['approve_scope', 'grant']],
    [{ approve_for: 1 }, ['approve_for', 'approve_for']],
    ['deny', ['denied', 'denied']],
    ['timeout', ['denied', 'denied']],
  ] as const)('consentDefault %j', (consentDefault, want) => {
    expect(summary(replay(a, [call('shell', 0, n(1)), call('shell', 2, n(2))], { consentDefault }))).toEqual(want);
  });

  it('requirePermissions false skips consent entirely (and allowed carries no consent)', () => {
    expect(summary(replay(a, [call('shell', 0, { consent: 'deny' })], { requirePermissions: false }))).toEqual(['none']);
  });

  it('tools without a consent rule carry no consent', () => {
    expect(summary(replay(a, [call('ls', 0, { consent: 'deny' })]))).toEqual(['none']);
  });

  it('a grant is recorded only at step 10: a timed-out or blocked call keeps none', () => {
    const b = agent([
      { tool_name: 'shell', rule_type: { type: 'RequiresConsent', value: {} } },
      { tool_name: 'shell', rule_type: { type: 'MaxCalls', value: 5 } },
    ]);
    const ds = replay(b, [call('shell', 0, { ...n(1), consent: 'approve_scope', duration_ms: 50 }), call('shell', 1, n(2))], {
      executionTimeoutMs: 10,
      consentDefault: 'deny',
    });
    expect(summary(ds)).toEqual(['timeout', 'denied']);
  });

  it('an error outcome still executes and keeps its grant', () => {
    const ds = replay(a, [call('shell', 0, { ...n(1), consent: 'approve_scope', outcome: 'error' }), call('shell', 1, n(2))], { consentDefault: 'deny' });
    expect(summary(ds)).toEqual(['approve_scope', 'grant']);
  });

  it('a synthetic call uses the standing grant or the default; its decision carries no consent', () => {
    const b = agent([
      { tool_name: 's', rule_type: { type: 'StartConstraint' } },
      { tool_name: 's', rule_type: { type: 'RequiresConsent', value: {} } },
    ]);
    expect(replay(b, [call('x', 0)], { consentDefault: 'deny' })[0]).toMatchObject({ kind: 'denied', tool: 's', reason: 'start_constraint', rule: 1 });
    expect(replay(b, [call('x', 0)])[0]).toEqual({ event: 0, kind: 'auto', tool: 's', reason: 'start_constraint', outcome: 'ok', flow: 'end' });
  });
});
