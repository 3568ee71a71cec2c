/**
 * Whether the bottom panel is maximised (it takes the graph's room, as VS Code's "Maximize Panel
 * Size"), for this browser tab's session: a reload keeps it, a new tab starts with the graph. The
 * panel's own size is left alone, so restoring returns to it.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { UiStore } from '../state/ui.ts';

const KEY = 'rule-studio:bottom-maximised';
/** The toggle's shortcut (Mod = Ctrl, or Cmd on macOS); `M` for maximise, free in the browsers. */
export const MAXIMISE_SHORTCUT = 'Mod+Shift+M';

function stored(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

const bottomPanel = createStore<{ maximised: boolean }>()(() => ({ maximised: stored() }));

export function setBottomMaximised(maximised: boolean): void {
  bottomPanel.setState({ maximised });
  try {
    sessionStorage.setItem(KEY, maximised ? '1' : '0');
  } catch {
    // storage unavailable: the state lasts for this page only
  }
}

export const useBottomMaximised = (): boolean => useStore(bottomPanel, (s) => s.maximised);
export const bottomMaximised = (): boolean => bottomPanel.getState().maximised;

/**
 * Maximises the bottom panel (unfolding it first) or restores its size. The focus stays in the
 * panel: when it was on the graph, now hidden, or nowhere, it goes to the panel's open tab.
 */
export function toggleBottomPanel(ui: UiStore): void {
  const folded = ui.getState().collapsed['bottom'] === true;
  if (folded) ui.getState().setCollapsed('bottom', false);
  const next = folded || !bottomMaximised();
  setBottomMaximised(next);
  if (!next) return;
  requestAnimationFrame(() => {
    const panel = document.querySelector<HTMLElement>('.area-bottom');
    const at = document.activeElement;
    const lost = at === null || at === document.body || (at instanceof HTMLElement && at.closest('.area-canvas') !== null);
    if (panel && lost && !panel.contains(at)) panel.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  });
}
