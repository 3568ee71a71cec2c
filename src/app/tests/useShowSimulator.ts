/** Brings the simulator into view (the place the workspace shows it). */
import { useUi } from '../state/uiContext.tsx';

export function useShowSimulator(): () => void {
  const show = useUi((s) => s.showSimulator);
  return () => show();
}
