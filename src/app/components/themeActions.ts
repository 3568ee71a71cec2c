/** Theme commands for the palette (the toolbar has its own theme switch). */
import type { Action } from '../actions/types.ts';
import type { ThemeChoice } from '../state/ui.ts';

const theme = (t: ThemeChoice, label: string): Action => ({
  id: `theme-${t}`,
  label,
  hint: t === 'system' ? 'Follow the operating system' : undefined,
  run: ({ ui }) => ui.getState().setTheme(t),
});

export const themeActions: Action[] = [theme('system', 'Theme: follow system'), theme('light', 'Theme: light'), theme('dark', 'Theme: dark')];
