/** Saves the workspace mode and folds whenever they change, so a reload comes back the same. */
import { useEffect } from 'react';
import type { UiStore } from '../state/ui.ts';
import { saveLayout } from './layoutMemory.ts';

export function useRememberLayout(ui: UiStore): void {
  useEffect(
    () =>
      ui.subscribe((s, prev) => {
        if (s.mode !== prev.mode || s.collapsed !== prev.collapsed) saveLayout({ mode: s.mode, collapsed: s.collapsed });
      }),
    [ui],
  );
}
