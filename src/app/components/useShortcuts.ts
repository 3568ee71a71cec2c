/**
 * The global keyboard shortcuts: every action of the registry by its `shortcuts`, plus Mod+K /
 * Mod+Shift+P for the command palette. While focus is in a text field or the editor, shortcuts
 * are left alone (the field keeps its own undo; the Source editor handles Undo/Redo itself).
 */
import { useEffect } from 'react';
import { ALL_ACTIONS } from '../actions/index.ts';
import type { ActionContext } from '../actions/types.ts';
import { isTextTarget } from '../graph/keys.ts';
import { actionForKey, isMac, matchesShortcut } from './shortcuts.ts';

export function useShortcuts(ctx: ActionContext): void {
  useEffect(() => {
    const mac = isMac(navigator.platform || navigator.userAgent);
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (matchesShortcut('Mod+K', e, mac) || matchesShortcut('Mod+Shift+P', e, mac)) {
        e.preventDefault();
        ctx.ui.getState().openDialog('palette');
        return;
      }
      if (isTextTarget(e.target)) return;
      if (ctx.ui.getState().dialog !== null) return;
      const action = actionForKey(ALL_ACTIONS, e, mac);
      if (!action) return;
      e.preventDefault();
      if (action.enabled && !action.enabled(ctx)) return;
      void action.run(ctx);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ctx]);
}
