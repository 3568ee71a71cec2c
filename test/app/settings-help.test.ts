/**
 * The Setup tab's settings form (review of 2026-11-29: native controls, errors in one line at the
 * bottom): every setting has help that ends with its default, and a bad number is reported under
 * its field with what was typed and what is allowed.
 */
import { describe, expect, it } from 'vitest';
import { defaultForm, fieldProblem, formToSettings } from '../../src/app/simulator/settingsForm.ts';
import { settingHelp } from '../../src/app/simulator/settingsHelp.ts';

describe('settings help and inline problems', () => {
  it('says what each setting does and its default', () => {
    expect(settingHelp('orderingScope')).toMatch(/Default: batch\.$/);
    expect(settingHelp('requirePermissions')).toMatch(/Default: on\.$/);
    expect(settingHelp('dedupeWindowMs')).toMatch(/0 turns it off\. Default: 300000 ms\.$/);
    expect(settingHelp('maxSteps')).toMatch(/^Stop the run after this many steps\. Empty: up to 2,000,000\.$/);
  });

  it('reports a bad number with what was typed and what is allowed; the text typed stays in the form', () => {
    const form = { ...defaultForm(), dedupeWindowMs: '5m', executionTimeoutMs: ' ' };
    const r = formToSettings(form);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(fieldProblem(form.dedupeWindowMs, r.errors.dedupeWindowMs as string)).toBe('“5m” is not allowed: a whole number of milliseconds (0 or more).');
    expect(fieldProblem(form.executionTimeoutMs, r.errors.executionTimeoutMs as string)).toBe('Empty: a whole number of milliseconds (0 or more).');
    expect(form.dedupeWindowMs).toBe('5m');
  });
});
