/** "Save as test" in the simulator: pins the decisions of the current run (or the selected one) as a new test of the project. */
import { useStudio, useStudioStore } from '../state/context.tsx';
import { useSimulation } from '../simulator/useSimulation.ts';
import { saveRunAsTest } from './saveAsTest.ts';
import { Button } from '../components/ui/Button.tsx';

export function SaveAsTest() {
  const store = useStudioStore();
  const run = useSimulation((s) => s.run);
  const selected = useSimulation((s) => s.selected);
  const project = useStudio((s) => s.project);
  const ready = run?.status === 'done' && run.traceIds.length === 1;
  const save = async (only?: number) => {
    // the worker holds the decisions: read the one pinned, or all of them
    const decisions = run ? await (only !== undefined ? run.log.range(only, only + 1) : run.log.range(0, run.log.length)) : [];
    const r = saveRunAsTest(project, run, decisions, only);
    if (!r.ok) {
      store.getState().notify('error', r.message);
      return;
    }
    store.getState().addTest(r.fileName, r.text);
    store.getState().notify('info', `Saved “${r.testName}” as ${r.fileName}; it runs in the Tests view after every edit.`);
  };
  return (
    <span className="save-as-test" role="group" aria-label="Save as test">
      <Button label="Save as test" onClick={() => void save()} disabled={!ready} title="Pin every decision of this run as a test" />
      <Button label="Save selected" onClick={() => void save(selected)} disabled={!ready || selected === undefined} title="Pin only the selected decision" />
    </span>
  );
}
