/**
 * The mode switch of the toolbar: Design or Simulate (a pressed segment shows which), and Present,
 * which opens the full-screen presenter view over either.
 */
import { useUi, useUiStore } from '../state/uiContext.tsx';
import { simulationStore } from '../simulator/simulationStore.ts';
import { Button } from '../components/ui/Button.tsx';
import { SegmentedControl } from '../components/ui/SegmentedControl.tsx';
import { useStudio } from '../state/context.tsx';
import { useSimulation } from '../simulator/useSimulation.ts';
import { canPresent, PRESENT_UNAVAILABLE } from '../actions/workspaceActions.ts';

/** `foldPresent`: show Present as its icon alone (the toolbar is short of room). */
export function ModeSwitch({ foldPresent = false }: { foldPresent?: boolean }) {
  const ui = useUiStore();
  const mode = useUi((s) => s.mode);
  const project = useStudio((s) => s.project);
  // re-rendered when a run starts or is dropped (canPresent reads it)
  useSimulation((s) => s.run);
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
      <Button variant="ghost" icon="present" label="Present" iconOnly={foldPresent} title="Presenter view: the graph and the current decision at stage size (Escape leaves)"
        disabled={!canPresent(project)}
        unavailable={PRESENT_UNAVAILABLE}
        onClick={() => simulationStore().getState().setPresenter(true)} />
    </>
  );
}
