/** Brings the simulator into view (the place the workspace shows it). */
import { useUi } from '../state/uiContext.tsx';

export function useShowSimulator(): () => void {
  const setMode = useUi((s) => s.setMode);
  return () => setMode('simulate');
}
