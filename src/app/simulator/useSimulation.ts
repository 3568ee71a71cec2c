/** React access to the simulation store (a module singleton: no provider needed). */
import { useStore } from 'zustand';
import { simulationStore, type SimulationState } from './simulationStore.ts';

/** Selects a slice of the simulation state; re-renders when it changes. */
export function useSimulation<T>(selector: (s: SimulationState) => T): T {
  return useStore(simulationStore(), selector);
}
