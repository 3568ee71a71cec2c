/**
 * The project's traces: choose which to replay (several are merged by time), add recorded logs
 * from files (canonical JSONL, hegel hooks/states, Claude Code transcripts, chat JSON; dropping
 * them on the window works too), write a scripted YAML trace in the Monaco trace editor, open or
 * remove one.
 */
import { blobText } from '../persistence/blobText.ts';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import type { TraceDoc } from '../state/store.ts';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { useSimulation } from './useSimulation.ts';
import { simulationStore } from './simulationStore.ts';
import { resolveChoice } from './runRequest.ts';
import { MAX_TRACE_FILE_BYTES, toggleId } from './traceInput.ts';
import { scriptedTemplate } from './traceTemplate.ts';
import { uniqueTraceName } from './traceEditorModel.ts';
import { TraceEditorSection } from './TraceEditorSection.tsx';
import { CodeText } from '../components/ui/CodeText.tsx';
import { Button } from '../components/ui/Button.tsx';
import { Checkbox } from '../components/ui/Checkbox.tsx';
import { replayTestOffer, testTraceOffers, type TestTraceOffer } from './testTraceOffers.ts';

const NO_TRACES: readonly TraceDoc[] = [];

export function TracesPanel() {
  const traces = useStudio((s) => s.project.traces ?? NO_TRACES);
  const project = useStudio((s) => s.project);
  const store = useStudioStore();
  const choice = useSimulation((s) => s.choice);
  const sim = simulationStore().getState();
  const chosen = resolveChoice(project, choice).traces.map((t) => t.id);
  const fileRef = useRef<HTMLInputElement>(null);
  const editing = useSimulation((s) => s.editingTraceId);
  const setEditing = sim.editTrace;
  const [message, setMessage] = useState<string | undefined>();

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const added: string[] = [];
    const refused: string[] = [];
    for (const f of files) {
      if (f.size > MAX_TRACE_FILE_BYTES) {
        refused.push(`${f.name} is larger than ${MAX_TRACE_FILE_BYTES / 1048576} MB`);
        continue;
      }
      added.push(store.getState().addTrace(f.name, await blobText(f)));
    }
    if (added.length > 0) sim.setChoice({ traceIds: added });
    setMessage(refused.length > 0 ? `Not added: ${refused.join('; ')}.` : added.length > 0 ? `Added ${added.length} trace${added.length > 1 ? 's' : ''}.` : undefined);
  };

  const newScripted = () => {
    // built from the agent (or workflow) the run bar has chosen: its own tools, its own phases
    const { agentDocId, workflowDocId } = resolveChoice(project, choice);
    const doc = (id: string | undefined) => project.docs.find((d) => d.id === id);
    const agentDoc = doc(agentDocId);
    const workflowDoc = doc(workflowDocId);
    const template = scriptedTemplate({
      agent: agentDoc?.kind === 'agent' ? agentDoc.agent : undefined,
      workflow: workflowDoc?.kind === 'workflow' ? workflowDoc.workflow : undefined,
    });
    const id = store.getState().addTrace(uniqueTraceName(traces.map((t) => t.name), 'scenario.yaml'), template);
    sim.setChoice({ traceIds: [id] });
    // the editor takes the keyboard, the cursor at the end of the template (where the next step goes)
    const lines = template.split('\n');
    const last = lines.length > 1 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
    sim.revealTrace(id, last, (lines[last - 1] ?? '').length + 1);
  };

  /** A test's inline trace: added to the project's traces, chosen, and replayed as the test runs it (its settings too). */
  const replayTest = (offer: TestTraceOffer) => replayTestOffer(store, offer);
  // Read again only when the tests change (the project changes at every edit of a rule).
  const tests = project.tests;
  const offers = useMemo(() => (traces.length === 0 ? testTraceOffers({ tests }) : []), [tests, traces.length]);

  const edited = traces.find((t) => t.id === editing);
  return (
    <div className="sim-traces" role="group" aria-label="Traces">
      <h3>Traces</h3>
      {traces.length === 0 ? <p className="sim-muted">No traces yet: add a recorded log, or write a scripted trace.</p> : null}
      {offers.length > 0 ? (
        <div className="sim-test-offers" role="group" aria-label="Traces of this project’s tests">
          <p>Or replay a test of this project (its trace is added here, and its settings are used):</p>
          <ul>
            {offers.map((o) => (
              <li key={`${o.testFileId}:${o.test}`}>
                <Button size="sm" icon="play" label={o.test} aria-label={`Replay the test “${o.test}”`} onClick={() => replayTest(o)} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ul>
        {traces.map((t) => (
          <li key={t.id}>
            <label className="sim-trace-choice">
              <Checkbox checked={chosen.includes(t.id)} onChange={() => sim.setChoice({ traceIds: toggleId(chosen, t.id) })} /> {t.name}
            </label>{' '}
            <Button size="sm" label="Edit" aria-label={`Edit ${t.name}`} aria-pressed={editing === t.id} onClick={() => setEditing(editing === t.id ? undefined : t.id)} />{' '}
            <Button size="sm" variant="danger" label="Remove" aria-label={`Remove ${t.name}`} onClick={() => store.getState().removeTrace(t.id)} />
          </li>
        ))}
      </ul>
      <div className="sim-toolbar">
        <Button size="sm" icon="import" label="Add trace" onClick={() => fileRef.current?.click()} />
        <input ref={fileRef} type="file" multiple hidden aria-label="Trace files" accept=".jsonl,.json,.yaml,.yml,.ndjson" onChange={(e) => void onFiles(e)} />
        <Button size="sm" icon="plus" label="New scripted trace" onClick={newScripted} />
      </div>
      {message ? <p role="status"><CodeText text={message} /></p> : null}
      {edited ? <TraceEditorSection key={edited.id} trace={edited} onClose={() => setEditing(undefined)} /> : null}
    </div>
  );
}
