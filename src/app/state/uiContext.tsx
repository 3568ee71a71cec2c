import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { UiState, UiStore } from './ui.ts';

const UiContext = createContext<UiStore | null>(null);

export function UiProvider({ store, children }: { store: UiStore; children: ReactNode }) {
  return <UiContext.Provider value={store}>{children}</UiContext.Provider>;
}

export function useUiStore(): UiStore {
  const s = useContext(UiContext);
  if (!s) throw new Error('useUi must be used inside <UiProvider>');
  return s;
}

export function useUi<T>(selector: (s: UiState) => T): T {
  return useStore(useUiStore(), selector);
}
