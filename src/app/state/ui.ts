/**
 * UI-only state that is not part of the project (never undone, never autosaved except the theme
 * and the workspace layout): open dialogs, the workspace mode and its panels' tabs and folds, the
 * theme, the command palette.
 */
import { createStore } from 'zustand/vanilla';
import { DEFAULT_LAYOUT, type Mode, type WorkspaceLayout } from '../workspace/layoutMemory.ts';

export type Dialog = 'examples' | 'palette' | 'conflict' | 'add-rule' | 'connect' | 'connect-phase' | 'help' | null;
export type ThemeChoice = 'system' | 'light' | 'dark';
export type { Mode } from '../workspace/layoutMemory.ts';

export interface UiState {
  dialog: Dialog;
  /** Design (graph, inspector, source and problems) or Simulate (graph beside the simulator). */
  mode: Mode;
  /** The open tab of each tabbed region, by region (see `workspace/views.tsx`). */
  tabs: Readonly<Record<string, string>>;
  collapsed: Readonly<Record<string, boolean>>;
  theme: ThemeChoice;
  openDialog(d: Exclude<Dialog, null>): void;
  closeDialog(): void;
  setMode(m: Mode): void;
  /**
   * Simulate mode with the simulator unfolded: for whatever leads the user to the simulator (a
   * trace, a walk-through, "Open simulation", a test's trace). The mode switch keeps their fold.
   */
  showSimulator(): void;
  /** Design mode with the Policy view shown in the bottom panel, unfolded. */
  showPolicy(): void;
  setTab(region: string, view: string): void;
  setCollapsed(panel: string, collapsed: boolean): void;
  setTheme(t: ThemeChoice): void;
}

export function createUiStore(initialTheme: ThemeChoice = 'system', layout: WorkspaceLayout = DEFAULT_LAYOUT) {
  return createStore<UiState>()((set) => ({
    dialog: null,
    mode: layout.mode,
    tabs: {},
    collapsed: layout.collapsed,
    theme: initialTheme,
    openDialog: (dialog) => set({ dialog }),
    closeDialog: () => set({ dialog: null }),
    setMode: (mode) => set({ mode }),
    showSimulator: () => set((s) => ({ mode: 'simulate', collapsed: { ...s.collapsed, simulator: false } })),
    showPolicy: () => set((s) => ({ mode: 'design', tabs: { ...s.tabs, 'design-bottom': 'policy' }, collapsed: { ...s.collapsed, bottom: false } })),
    setTab: (region, view) => set((s) => ({ tabs: { ...s.tabs, [region]: view } })),
    setCollapsed: (panel, c) => set((s) => ({ collapsed: { ...s.collapsed, [panel]: c } })),
    setTheme: (theme) => set({ theme }),
  }));
}

export type UiStore = ReturnType<typeof createUiStore>;
