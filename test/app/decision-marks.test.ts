/**
 * Timeline rows (review of 2026-11-29: rows ended in raw suffixes such as "(ok, end)"): a row is
 * its text and its marks, each mark a symbol for the eye and words for a screen reader, in the
 * column it always takes; no parenthesised suffix is left in the text.
 */
import { describe, expect, it } from 'vitest';
import { decisionHead, decisionLabel, decisionMarks } from '../../src/app/simulator/decisionText.ts';
import type { Decision } from '../../src/core/engine/decisions.ts';

const T = '2025-01-01T10:00:00.000Z';
const base = { seq: 0, event: 0, time: T };
const SAMPLES: Decision[] = [
  { ...base, kind: 'allowed', tool: 'extract', outcome: 'ok', flow: 'end' },
  { ...base, kind: 'allowed', tool: 'deploy', outcome: 'error', flow: 'continue', consent: 'approve_once' },
  { ...base, kind: 'auto', tool: 'connect', reason: 'start_constraint', outcome: 'ok', flow: 'heartbeat' },
  { ...base, kind: 'blocked', tool: 'load', code: 'MaxCallsExceeded', rule: 3, message: 'Tool load has exceeded maximum calls (1). Current: 1' },
  { ...base, kind: 'periodic_due', tool: 'sync', rule: 0 },
  { ...base, kind: 'interrupt', node: 'code', ruleType: 'token_budget', rule: 1, text: 't' },
  { ...base, kind: 'exit_blocked', pending: ['save'], code: 'RequiredBeforeExit', message: 'm' },
];

describe('timeline rows', () => {
  it('keep outcome, flow, consent and rule out of the text, as marks with words', () => {
    for (const d of SAMPLES) expect(decisionHead(d).text + (decisionHead(d).detail ?? '')).not.toMatch(/[()]/);
    const [ok, error, auto, blocked] = SAMPLES.map((d) => decisionMarks(d));
    expect(ok?.map((m) => [m.slot, m.glyph, m.words])).toEqual([
      ['main', '✓', 'ran: ok'],
      ['flow', '∎', 'the turn ends'],
    ]);
    expect(error?.map((m) => m.words)).toEqual(['consent: approve once', 'ran: returned an error', 'the agent continues']);
    expect(auto?.map((m) => m.glyph)).toEqual(['start', '✓', '♥']);
    expect(blocked?.map((m) => [m.slot, m.glyph, m.words])).toEqual([['main', '#4', 'rule #4']]);
  });

  it('name the call a decision is about where the worker named one (Bash(npm run build)), else the tool', () => {
    const [ok, , auto, blocked] = SAMPLES as [Decision, Decision, Decision, Decision];
    expect(decisionHead(ok, undefined, 'extract(src/a.csv)').text).toBe('allowed extract(src/a.csv)');
    expect(decisionHead(blocked, undefined, 'load(sales)')).toEqual({ text: 'blocked load(sales)', detail: 'MaxCallsExceeded' });
    expect(decisionHead({ ...base, kind: 'deduplicated', tool: 'Bash', code: 'Deduplicated', message: 'm' }, 60_000, 'Bash(ls)').text).toBe('merged Bash(ls)');
    expect(decisionHead(auto, undefined, 'connect(x)').text).toBe('auto connect');
    expect(decisionHead(ok).text).toBe('allowed extract');
  });

  it('give one mark per column at most, so marks line up row to row', () => {
    for (const d of SAMPLES) {
      const slots = decisionMarks(d).map((m) => m.slot);
      expect(new Set(slots).size).toBe(slots.length);
    }
  });

  it('read as one line in words for tooltips and the Changes list', () => {
    expect(decisionLabel(SAMPLES[0] as Decision)).toBe('allowed extract — ran: ok, the turn ends');
    expect(decisionLabel(SAMPLES[3] as Decision)).toBe('blocked load MaxCallsExceeded — rule #4');
    expect(decisionLabel(SAMPLES[6] as Decision)).toBe('exit blocked: pending save');
  });
});
