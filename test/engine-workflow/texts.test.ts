import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderHegelInterrupt, renderSpecInterrupt } from '../../src/core/engine/workflow/texts.ts';
import { compactDuration, groupThousands, windowPhrase } from '../../src/core/engine/workflow/index.ts';
import { HEGEL_TAIL, specTail } from './helpers.ts';

describe('groupThousands', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [6200, '6,200'],
    [1100, '1,100'],
    [123456, '123,456'],
    [1234567, '1,234,567'],
  ])('%d → %s', (n, s) => expect(groupThousands(n)).toBe(s));

  it('removing the separators gives the plain number back, groups are 3 digits', () => {
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (n) => {
        const s = groupThousands(n);
        expect(s.replaceAll(',', '')).toBe(String(n));
        const groups = s.split(',');
        expect(groups.slice(1).every((g) => g.length === 3)).toBe(true);
        expect(groups[0]!.length).toBeGreaterThanOrEqual(1);
        expect(groups[0]!.length).toBeLessThanOrEqual(3);
      }),
    );
  });
});

describe('compactDuration', () => {
  it.each([
    [400, '6m 40s'],
    [300, '5m'],
    [45, '45s'],
    [3723, '1h 2m 3s'],
    [3600, '1h'],
    [3603, '1h 3s'],
    [0, '0s'],
  ])('%d s → %s', (n, s) => expect(compactDuration(n)).toBe(s));
});

describe('windowPhrase', () => {
  it.each([
    [120, '2 minutes'],
    [60, '1 minute'],
    [90, '90 seconds'],
    [3600, '1 hour'],
    [7200, '2 hours'],
    [5400, '90 minutes'],
    [1, '1 second'],
    [45, '45 seconds'],
  ])('%d s → %s', (n, s) => expect(windowPhrase(n)).toBe(s));
});

describe('renderers', () => {
  it('spec: no detail lines gives Diagnostic, a blank line, then Suggestion', () => {
    const text = renderSpecInterrupt({ title: 'T', diagnostic: 'D', details: [], suggestion: 'S', node: 'code_review' });
    expect(text).toBe('🚨 WORKFLOW INTERRUPT: T\n\nDiagnostic: D\n\nSuggestion: S\n' + specTail('CODE_REVIEW'));
    expect(text.endsWith('proceeding\n')).toBe(true);
    expect(text.endsWith('\n\n')).toBe(false);
  });

  it('hegel: header is U+26A0 U+FE0F and two spaces; no events leaves the Recent Activity block out', () => {
    const text = renderHegelInterrupt({ ruleType: 'Require Commits', diagnostic: 'D', events: [], suggestion: 'S' });
    expect(text.startsWith('\u26a0\ufe0f  **Require Commits**\n')).toBe(true);
    expect(text).toBe('⚠️  **Require Commits**\n\nD\n\n**Suggestion:** S\n' + HEGEL_TAIL);
    expect(text).not.toContain('Recent Activity');
  });

  it('hegel: events are listed under Recent Activity', () => {
    const text = renderHegelInterrupt({ ruleType: 'X', diagnostic: 'D', events: ['a', 'b'], suggestion: 'S' });
    expect(text).toBe('⚠️  **X**\n\nD\n\n**Recent Activity:**\n- a\n- b\n\n**Suggestion:** S\n' + HEGEL_TAIL);
  });
});
