/**
 * The editors' dark theme, on the design system's dark tokens (styles.css): the editor's background
 * is the app's dark `--bg` (a field's), its current line `--surface`, its text `--fg`, line numbers
 * `--muted`. Every token colour reads at 4.5:1 or more on both (axe found Monaco's own string colour
 * under AA in the trace editor, review17 s7). Pure: Vitest checks the contrast.
 */

export interface DarkTokens {
  bg: string;
  surface: string;
  fg: string;
  muted: string;
}

/** The dark tokens of styles.css, as shipped (used where the page cannot be read, and checked against the file by a test). */
export const DARK_TOKENS: DarkTokens = { bg: '#0f1115', surface: '#16181d', fg: '#e6e8ee', muted: '#9aa0ac' };

/** Token colours (Monaco's `vs-dark` hues, each lifted to AA on the dark tokens). */
export const DARK_TOKEN_RULES: readonly { token: string; foreground: string }[] = [
  { token: 'comment', foreground: '8CBF76' },
  { token: 'string', foreground: 'E8A888' },
  { token: 'string.yaml', foreground: 'E8A888' },
  { token: 'number', foreground: 'BFDCB0' },
  { token: 'keyword', foreground: '7DB6F2' },
  { token: 'type', foreground: '5ED3BC' },
  { token: 'tag', foreground: '7DB6F2' },
  { token: 'attribute.name', foreground: '9CDCFE' },
  { token: 'variable', foreground: '9CDCFE' },
  { token: 'delimiter', foreground: 'D4D4D4' },
  { token: 'operators', foreground: 'D4D4D4' },
  { token: 'invalid', foreground: 'FF8A8A' },
];

const hex6 = (c: string) => c.replace('#', '').slice(0, 6).toUpperCase();

/** The Monaco theme data of the studio's dark editors on `t`. */
export function darkThemeData(t: DarkTokens) {
  return {
    base: 'vs-dark' as const,
    inherit: true,
    rules: [{ token: '', foreground: hex6(t.fg), background: hex6(t.bg) }, ...DARK_TOKEN_RULES],
    colors: {
      'editor.background': `#${hex6(t.bg)}`,
      'editor.foreground': `#${hex6(t.fg)}`,
      'editorGutter.background': `#${hex6(t.bg)}`,
      'editor.lineHighlightBackground': `#${hex6(t.surface)}`,
      'editor.lineHighlightBorder': `#${hex6(t.surface)}`,
      'editorLineNumber.foreground': `#${hex6(t.muted)}`,
      'editorLineNumber.activeForeground': `#${hex6(t.fg)}`,
    },
  };
}

/** WCAG contrast ratio of two `#rrggbb` colours. */
export function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const n = parseInt(hex6(c), 16);
    const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * ch[0]! + 0.7152 * ch[1]! + 0.0722 * ch[2]!;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

const asHex = (v: string): string | undefined => (/^#[0-9a-f]{6}$/i.test(v.trim()) ? v.trim() : undefined);

/**
 * The dark tokens as the page's stylesheet has them (a hidden probe under the dark selector of
 * styles.css, so a change of the design system reaches the editors), else {@link DARK_TOKENS}.
 */
export function readDarkTokens(): DarkTokens {
  if (typeof document === 'undefined' || !document.body) return DARK_TOKENS;
  const probe = document.createElement('div');
  probe.className = 'presenter';
  probe.dataset['stageTheme'] = 'dark';
  probe.hidden = true;
  document.body.append(probe);
  const css = getComputedStyle(probe);
  const read = (name: keyof DarkTokens) => asHex(css.getPropertyValue(`--${name}`)) ?? DARK_TOKENS[name];
  const tokens = { bg: read('bg'), surface: read('surface'), fg: read('fg'), muted: read('muted') };
  probe.remove();
  return tokens;
}
