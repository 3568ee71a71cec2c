/** The Source pane's stand-in while Monaco loads shows only the start of a big text. */
import { describe, expect, it } from 'vitest';
import { FALLBACK_CHARS, fallbackText, PREVIEW_CHARS } from '../../src/app/editor/fallbackText.ts';

describe('fallbackText', () => {
  it('keeps a small text whole', () => {
    expect(fallbackText('a = 1\nb = 2\n')).toBe('a = 1\nb = 2\n');
  });
  it('cuts a big text after the last whole line within the limit and says so', () => {
    const line = 'x'.repeat(99);
    const text = Array.from({ length: 40_000 }, () => line).join('\n');
    const shown = fallbackText(text);
    expect(shown.length).toBeLessThanOrEqual(FALLBACK_CHARS + 2);
    expect(shown.endsWith(`${line}\n…`)).toBe(true);
    expect(shown.split('\n').slice(0, -1).every((l) => l === line)).toBe(true);
  });
  it('cuts to a shorter limit when asked (the preview of a big text waiting to be opened)', () => {
    const text = Array.from({ length: 1_000 }, (_, i) => `line ${i}`).join('\n');
    const shown = fallbackText(text, PREVIEW_CHARS);
    expect(shown.length).toBeLessThanOrEqual(PREVIEW_CHARS + 2);
    expect(shown.startsWith('line 0\nline 1\n')).toBe(true);
    expect(shown.endsWith('\n…')).toBe(true);
  });
});
