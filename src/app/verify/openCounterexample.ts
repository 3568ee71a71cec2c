/** "Show trace": a verifier finding's counterexample replayed in the simulator, at the step it names. */
import { resolveSettings } from '../../core/engine/settings.ts';
import type { VerifyDiagnostic } from '../../core/verify/explore.ts';
import { settingsToForm } from '../simulator/settingsForm.ts';
import { simulationStore } from '../simulator/simulationStore.ts';
import type { StudioStore } from '../state/store.ts';
import { verifyStore } from './verifyStore.ts';
import { showCounterexample } from './counterexampleStore.ts';

/**
 * Replays the finding's trace (not added to the project) with its agent or workflow document and the settings
 * it was found under, shows the simulator and selects the finding's step. Returns false (with a
 * notice) when the document is gone.
 */
export async function openCounterexample(store: StudioStore, d: VerifyDiagnostic, show: () => void): Promise<boolean> {
  const trace = d.trace;
  const kind = d.target.kind === 'workflow' ? 'workflow' : 'agent';
  const doc = store.getState().project.docs.find((x) => x.fileName === d.file && x.kind === kind);
  if (!trace || !doc) {
    store.getState().notify('error', `The ${kind} of this finding is no longer in the project.`);
    return false;
  }
  const used = verifyStore().getState().settings ?? resolveSettings({});
  const sim = simulationStore().getState();
  sim.setForm(settingsToForm(used));
  show();
  const name = `${d.code} counterexample.yaml`;
  const traceId = `verify:${d.code}:${d.range.start.line}`;
  showCounterexample(d, traceId);
  await sim.startRequest(
    {
      request: { ruleFiles: [{ name: doc.fileName, text: doc.text }], traces: [{ name, text: trace.yaml }], settings: used },
      resolved: { traces: [{ id: traceId, name, text: trace.yaml }], ...(kind === 'workflow' ? { workflowDocId: doc.id } : { agentDocId: doc.id }) },
    },
    used,
  );
  simulationStore().getState().selectStep(trace.step - 1);
  return true;
}
