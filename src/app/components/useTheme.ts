/**
 * Applies the theme choice to the page and remembers it in localStorage: `data-theme` on <html> is
 * the choice (system / light / dark), `data-scheme` the scheme it resolves to (light / dark;
 * "system" follows the OS through prefers-color-scheme, live). The tokens in styles.css key on
 * `data-scheme`, so the dark palette is written once.
 */
import { useEffect } from 'react';
import type { ThemeChoice, UiStore } from '../state/ui.ts';

const KEY = 'rule-studio:theme';
const CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The scheme a choice resolves to, given whether the OS prefers dark. */
export function schemeOf(choice: ThemeChoice, osPrefersDark: boolean): 'light' | 'dark' {
  return choice === 'dark' || (choice === 'system' && osPrefersDark) ? 'dark' : 'light';
}

export function useTheme(ui: UiStore): void {
  useEffect(() => {
    try {
      const saved = localStorage.getItem(KEY);
      if (saved && (CHOICES as readonly string[]).includes(saved)) ui.getState().setTheme(saved as ThemeChoice);
    } catch {
      // storage blocked: keep the default
    }
    const mq = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : undefined;
    const apply = () => {
      const t = ui.getState().theme;
      document.documentElement.dataset['theme'] = t;
      document.documentElement.dataset['scheme'] = schemeOf(t, mq?.matches ?? false);
    };
    apply();
    mq?.addEventListener('change', apply);
    const unsubscribe = ui.subscribe((s, prev) => {
      if (s.theme === prev.theme) return;
      apply();
      try {
        localStorage.setItem(KEY, s.theme);
      } catch {
        // storage blocked: the choice lasts for this page
      }
    });
    return () => {
      mq?.removeEventListener('change', apply);
      unsubscribe();
    };
  }, [ui]);
}
