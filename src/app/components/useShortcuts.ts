/**
 * The global keyboard shortcuts: every action of the registry by its `shortcuts`, plus Mod+K /
 * Mod+Shift+P for the command palette. While focus is in a text field or the editor, shortcuts
 * are left alone (the field keeps its own undo; the Source editor handles Undo/Redo itself) but
 * for those marked `anywhere` (F6) and Undo/Redo in a draft field with nothing uncommitted, and so they are while the presenter view is open (it has its
 * own keys). A shortcut that does not apply is never dropped silently: while the studio is still
 * getting ready it waits (see whenReady.ts), else a notice says why it did not run.
 */
import { useEffect } from 'react';
import { ALL_ACTIONS } from '../actions/index.ts';
import type { Action, ActionContext } from '../actions/types.ts';
import { isTextTarget } from '../graph/keys.ts';
import { actionForKey, isLeftToShortcuts, isMac, matchesShortcut, ownsArrowKeys, ownsTypeahead, PALETTE_SHORTCUTS } from './shortcuts.ts';
import { simulationStore } from '../simulator/simulationStore.ts';
import { gettingReady, whenReady } from './whenReady.ts';
import { installClipboardEvents } from '../graph/clipboardEvents.ts';

const enabledNow = (action: Action, ctx: ActionContext) => !action.enabled || action.enabled(ctx);

/** Says why `action` did not run (keys that also move about the page, as arrows, say nothing). */
function tellUnavailable(action: Action, ctx: ActionContext, e: KeyboardEvent): void {
  if (!action.unavailable || (e.key.length > 1 && !e.ctrlKey && !e.metaKey && !e.altKey && !/^F\d+$/.test(e.key))) return;
  ctx.store.getState().notify('info', `${action.label}: ${action.unavailable}.`);
}

export function useShortcuts(ctx: ActionContext): void {
  useEffect(() => {
    const mac = isMac(navigator.platform || navigator.userAgent);
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented && !isLeftToShortcuts(e)) return;
      if (ctx.ui.getState().dialog !== null || simulationStore().getState().presenter) return;
      const text = isTextTarget(e.target);
      // Select all on the studio (not in a field) is never the page's text; on the graph (or with
      // the focus nowhere) it selects every node.
      if (!text && matchesShortcut('Mod+A', e, mac)) {
        e.preventDefault();
        const onGraph = !(e.target instanceof Element) || e.target === document.body || e.target.closest('section.canvas') !== null;
        const all = ALL_ACTIONS.find((a) => a.id === 'select-all');
        if (onGraph && all) {
          if (enabledNow(all, ctx)) void all.run(ctx);
          else tellUnavailable(all, ctx, e);
        }
        return;
      }
      const action = actionForKey(ALL_ACTIONS, e, mac, ctx);
      // A committed draft field (a Name field after Enter) has nothing of its own to undo.
      const committed = e.target instanceof HTMLElement && e.target.dataset['draft'] === 'committed' && (action?.id === 'undo' || action?.id === 'redo');
      // Copy and paste keys are the browser's: it fires the copy or paste event answered below.
      if (!action || action.native || (text && !action.anywhere && !committed)) return;
      if (e.key.startsWith('Arrow') && ownsArrowKeys(e.target)) return;
      if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && ownsTypeahead(e.target)) return;
      e.preventDefault();
      if (enabledNow(action, ctx)) return void action.run(ctx);
      if (!gettingReady()) return tellUnavailable(action, ctx, e);
      whenReady(async () => {
        if (!enabledNow(action, ctx)) {
          tellUnavailable(action, ctx, e);
          return false;
        }
        await action.run(ctx);
        return true;
      }, isTextTarget);
    };
    // The palette keys are caught in the capture phase, before Monaco (which binds Ctrl+K as a
    // chord prefix) or any other widget can swallow them; the rest waits for the bubble phase.
    const onPaletteKey = (e: KeyboardEvent) => {
      if (!PALETTE_SHORTCUTS.some((k) => matchesShortcut(k, e, mac))) return;
      e.preventDefault();
      e.stopPropagation();
      if (ctx.ui.getState().dialog === 'palette') document.querySelector<HTMLElement>('.palette [data-autofocus]')?.focus();
      else ctx.ui.getState().openDialog('palette');
    };
    window.addEventListener('keydown', onPaletteKey, true);
    window.addEventListener('keydown', onKey);
    const removeClipboard = installClipboardEvents(ctx);
    return () => {
      removeClipboard();
      window.removeEventListener('keydown', onPaletteKey, true);
      window.removeEventListener('keydown', onKey);
    };
  }, [ctx]);
}
