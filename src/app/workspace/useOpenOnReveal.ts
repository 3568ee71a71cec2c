/**
 * Opens the bottom panel on Source and problems whenever something asks to show a range of the
 * source ("Show in source", a problem picked, a broken file opened): the bottom panel starts folded,
 * and a request to show the source must not go to a panel nobody can see.
 */
import { useEffect } from 'react';
import { useStudioStore } from '../state/context.tsx';
import { useUiStore } from '../state/uiContext.tsx';

export function useOpenOnReveal(): void {
  const store = useStudioStore();
  const ui = useUiStore();
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.reveal === prev.reveal || s.reveal === undefined) return;
        const u = ui.getState();
        if (u.mode !== 'design') u.setMode('design');
        u.setTab('design-bottom', 'source-problems');
        if (u.collapsed.bottom === true) u.setCollapsed('bottom', false);
      }),
    [store, ui],
  );
}
