/**
 * The mode switch of the toolbar: Design or Simulate (a pressed segment shows which), and Present,
 * which opens the full-screen presenter view over either.
 */
import { useUi, useUiStore } from '../state/uiContext.tsx';
import { simulationStore } from '../simulator/simulationStore.ts';
import { Button } from '../components/ui/Button.tsx';
import { SegmentedControl } from '../components/ui/SegmentedControl.tsx';

/** `foldPresent`: show Present as its icon alone (the toolbar is short of room). */
export function ModeSwitch({ foldPresent = false }: { foldPresent?: boolean }) {
  const ui = useUiStore();
  const mode = useUi((s) => s.mode);
  return (
    <>
      <SegmentedControl
        label="Mode"
        value={mode}
        onChange={(m) => ui.getState().setMode(m)}
        items={[
          { value: 'design', label: 'Design' },
          { value: 'simulate', label: 'Simulate' },
        ]}
      />
      <Button variant="ghost" icon="present" label="Present" iconOnly={foldPresent} title="Presenter view: the graph and the current decision at stage size (Escape leaves)" onClick={() => simulationStore().getState().setPresenter(true)} />
    </>
  );
}
