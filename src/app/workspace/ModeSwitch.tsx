/**
 * The mode switch of the toolbar: Design or Simulate (a pressed segment shows which), and Present,
 * which opens the full-screen presenter view over either.
 */
import { useUi, useUiStore } from '../state/uiContext.tsx';
import { simulationStore } from '../simulator/simulationStore.ts';
import { Button } from '../components/ui/Button.tsx';

/** `foldPresent`: show Present as its icon alone (the toolbar is short of room). */
export function ModeSwitch({ foldPresent = false }: { foldPresent?: boolean }) {
  const ui = useUiStore();
  const mode = useUi((s) => s.mode);
  return (
    <>
      <div className="segmented" role="group" aria-label="Mode">
        <button type="button" className="btn" aria-pressed={mode === 'design'} onClick={() => ui.getState().setMode('design')}>
          Design
        </button>
        <button type="button" className="btn" aria-pressed={mode === 'simulate'} onClick={() => ui.getState().setMode('simulate')}>
          Simulate
        </button>
      </div>
      <Button variant="ghost" icon="present" label="Present" iconOnly={foldPresent} title="Presenter view: the graph and the current decision at stage size (Escape leaves)" onClick={() => simulationStore().getState().setPresenter(true)} />
    </>
  );
}
