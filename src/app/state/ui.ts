/**
 * UI-only state that is not part of the project (never undone, never autosaved except the theme):
 * open dialogs, the bottom panel's tab, the theme, the command palette.
 */
import { createStore } from 'zustand/vanilla';

export type Dialog = 'examples' | 'palette' | 'conflict' | null;
export type BottomTab = 'problems' | 'source' | 'simulation' | 'tests';
export type ThemeChoice = 'system' | 'light' | 'dark';

export interface UiState {
  dialog: Dialog;
  bottomTab: BottomTab;
  theme: ThemeChoice;
  openDialog(d: Exclude<Dialog, null>): void;
  closeDialog(): void;
  setBottomTab(t: BottomTab): void;
  setTheme(t: ThemeChoice): void;
}

export function createUiStore(initialTheme: ThemeChoice = 'system') {
  return createStore<UiState>()((set) => ({
    dialog: null,
    bottomTab: 'problems',
    theme: initialTheme,
    openDialog: (dialog) => set({ dialog }),
    closeDialog: () => set({ dialog: null }),
    setBottomTab: (bottomTab) => set({ bottomTab }),
    setTheme: (theme) => set({ theme }),
  }));
}

export type UiStore = ReturnType<typeof createUiStore>;
