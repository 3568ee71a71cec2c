/**
 * The global keyboard shortcuts: every action of the registry by its `shortcuts`, plus Mod+K /
 * Mod+Shift+P for the command palette. While focus is in a text field or the editor, shortcuts
 * are left alone (the field keeps its own undo; the Source editor handles Undo/Redo itself), and
 * so they are while the presenter view is open (it has its own keys).
 */
import { useEffect } from 'react';
import { ALL_ACTIONS } from '../actions/index.ts';
import type { ActionContext } from '../actions/types.ts';
import { isTextTarget } from '../graph/keys.ts';
import { actionForKey, isMac, matchesShortcut, ownsArrowKeys } from './shortcuts.ts';
import { simulationStore } from '../simulator/simulationStore.ts';

export function useShortcuts(ctx: ActionContext): void {
  useEffect(() => {
    const mac = isMac(navigator.platform || navigator.userAgent);
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (isTextTarget(e.target)) return;
      if (ctx.ui.getState().dialog !== null || simulationStore().getState().presenter) return;
      const action = actionForKey(ALL_ACTIONS, e, mac, ctx);
      if (!action) return;
      if (e.key.startsWith('Arrow') && ownsArrowKeys(e.target)) return;
      e.preventDefault();
      if (action.enabled && !action.enabled(ctx)) return;
      void action.run(ctx);
    };
    // The palette keys are caught in the capture phase, before Monaco (which binds Ctrl+K as a
    // chord prefix) or any other widget can swallow them; the rest waits for the bubble phase.
    const onPaletteKey = (e: KeyboardEvent) => {
      if (!matchesShortcut('Mod+K', e, mac) && !matchesShortcut('Mod+Shift+P', e, mac)) return;
      e.preventDefault();
      e.stopPropagation();
      if (ctx.ui.getState().dialog === 'palette') document.querySelector<HTMLElement>('.palette [data-autofocus]')?.focus();
      else ctx.ui.getState().openDialog('palette');
    };
    window.addEventListener('keydown', onPaletteKey, true);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onPaletteKey, true);
      window.removeEventListener('keydown', onKey);
    };
  }, [ctx]);
}
