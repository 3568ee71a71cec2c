/**
 * Applies the theme choice to the page (`data-theme` on <html>; "system" follows the OS through
 * prefers-color-scheme) and remembers it in localStorage.
 */
import { useEffect } from 'react';
import type { ThemeChoice, UiStore } from '../state/ui.ts';

const KEY = 'rule-studio:theme';
const CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

export function useTheme(ui: UiStore): void {
  useEffect(() => {
    try {
      const saved = localStorage.getItem(KEY);
      if (saved && (CHOICES as readonly string[]).includes(saved)) ui.getState().setTheme(saved as ThemeChoice);
    } catch {
      // storage blocked: keep the default
    }
    const apply = (t: ThemeChoice) => {
      document.documentElement.dataset['theme'] = t;
    };
    apply(ui.getState().theme);
    return ui.subscribe((s, prev) => {
      if (s.theme === prev.theme) return;
      apply(s.theme);
      try {
        localStorage.setItem(KEY, s.theme);
      } catch {
        // storage blocked: the choice lasts for this page
      }
    });
  }, [ui]);
}
