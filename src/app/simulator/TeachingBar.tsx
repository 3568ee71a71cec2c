/** Teaching mode: the presenter view toggle (the teaching link is copied from the presenter). */
import { Toggle } from '../components/ui/Toggle.tsx';
import { useSimulation } from './useSimulation.ts';
import { simulationStore } from './simulationStore.ts';

export function TeachingBar() {
  const presenter = useSimulation((s) => s.presenter);
  return (
    <div className="sim-teaching">
      <Toggle pressed={presenter} onChange={(v) => simulationStore().getState().setPresenter(v)} label="Presenter" icon="present" />
    </div>
  );
}
