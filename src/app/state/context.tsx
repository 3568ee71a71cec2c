/** React access to the studio store: one store per app, provided at the root. */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { StudioState, StudioStore } from './store.ts';

const StoreContext = createContext<StudioStore | null>(null);

export function StudioProvider({ store, children }: { store: StudioStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The store itself (for actions and non-React subscribers). */
export function useStudioStore(): StudioStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStudio must be used inside <StudioProvider>');
  return store;
}

/** Selects a slice of the studio state; re-renders when it changes. */
export function useStudio<T>(selector: (s: StudioState) => T): T {
  return useStore(useStudioStore(), selector);
}
