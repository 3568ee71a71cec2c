/**
 * The canvas highlight at the selected step: the tool or phase involved and the rule that decided
 * (see {@link highlightOf}). The lead wires it into the canvas.
 */
import { useStore } from 'zustand';
import { simulationStore } from './simulationStore.ts';
import type { SimulationHighlight } from './highlightOf.ts';

export { highlightOf, type SimulationHighlight } from './highlightOf.ts';

/** The canvas highlight at the selected step (undefined when nothing is selected). */
export function useSimulationHighlight(): SimulationHighlight | undefined {
  return useStore(simulationStore(), (s) => s.highlight);
}
