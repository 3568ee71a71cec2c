import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { contrast, darkThemeData, DARK_TOKEN_RULES, DARK_TOKENS } from '../../src/app/editor/darkTheme.ts';

describe('the editors’ dark theme', () => {
  it('uses the dark tokens styles.css ships', () => {
    const css = readFileSync(new URL('../../src/app/styles.css', import.meta.url), 'utf8');
    const block = css.slice(css.indexOf(":root[data-scheme='dark']"));
    const value = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(block)?.[1]?.toLowerCase();
    expect({ bg: value('bg'), surface: value('surface'), fg: value('fg'), muted: value('muted') }).toEqual(DARK_TOKENS);
    expect(darkThemeData(DARK_TOKENS).colors['editor.background']).toBe(DARK_TOKENS.bg.toUpperCase().replace('#', '#'));
  });
  it('draws every token at 4.5:1 or more on the background and on the current line', () => {
    const low = [...DARK_TOKEN_RULES, { token: 'text', foreground: DARK_TOKENS.fg }, { token: 'line number', foreground: DARK_TOKENS.muted }].flatMap((r) =>
      [DARK_TOKENS.bg, DARK_TOKENS.surface].map((bg) => ({ token: r.token, bg, ratio: contrast(`#${r.foreground.replace('#', '')}`, bg) })).filter((x) => x.ratio < 4.5),
    );
    expect(low).toEqual([]);
    // Monaco's own string colour is what axe flagged on this background: the check can fail
    expect(contrast('#CE9178', '#0f1115')).toBeGreaterThan(4.5);
    expect(contrast('#444444', DARK_TOKENS.bg)).toBeLessThan(4.5);
  });
});
