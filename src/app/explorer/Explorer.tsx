/**
 * The project explorer: the project name, its agents and workflows (open, add, delete —
 * undoable, no confirm), the project's traces (opening one shows the Simulation tab), and the Examples
 * gallery entry.
 */
import './explorer.css';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { useUiStore } from '../state/uiContext.tsx';
import { activeDoc } from '../state/store.ts';
import type { RuleDoc } from '../state/documents.ts';
import { DocList } from './DocList.tsx';
import { Button } from '../components/ui/Button.tsx';
import { UNDO_HINT } from '../graph/keys.ts';

// Every Codex rules file reads as an agent named `codex`, every Gemini policy file as one named
// `gemini`: their files (a Gemini file with its tier's folder) tell them apart.
const nameOf = (d: RuleDoc) => (d.kind === 'agent' ? (d.agent.family === 'gemini' || d.agent.family === 'codex' ? d.fileName : d.agent.name) : d.workflow.name);

export function Explorer() {
  const store = useStudioStore();
  const ui = useUiStore();
  const projectName = useStudio((s) => s.project.name);
  const docs = useStudio((s) => s.project.docs);
  const traces = useStudio((st) => st.project.traces) ?? [];
  const active = useStudio(activeDoc);
  const s = () => store.getState();
  const remove = (d: RuleDoc) => {
    s().removeDoc(d.id);
    s().notify('info', `Deleted ${d.kind} “${nameOf(d)}”. ${UNDO_HINT}`);
  };
  return (
    <nav className="explorer" aria-label="Project">
      <div className="explorer-project">
        <label htmlFor="project-name" className="muted">
          Project
        </label>
        <input id="project-name" type="text" value={projectName} onChange={(e) => s().renameProject(e.target.value)} />
      </div>
      <DocList
        title="Agents"
        docs={docs.filter((d) => d.kind === 'agent')}
        activeId={active?.id}
        nameOf={nameOf}
        onOpen={(d) => s().setActiveDoc(d.id)}
        onDelete={remove}
        addLabel="New agent"
        onAdd={() => s().addAgent()}
      />
      <DocList
        title="Workflows"
        docs={docs.filter((d) => d.kind === 'workflow')}
        activeId={active?.id}
        nameOf={nameOf}
        onOpen={(d) => s().setActiveDoc(d.id)}
        onDelete={remove}
        addLabel="New workflow"
        onAdd={() => s().addWorkflow()}
      />
      <section className="explorer-section" aria-label="Traces">
        <h2>Traces ({traces.length})</h2>
        {traces.length === 0 ? (
          <p className="muted">Add recorded or scripted traces in the Simulation tab.</p>
        ) : (
          <ul className="explorer-traces">
            {traces.map((t) => (
              <li key={t.id}>
                <button type="button" onClick={() => ui.getState().showSimulator()}>
                  {t.name}
                </button>
              </li>
            ))}
          </ul>
        )}
        <Button className="explorer-add" icon="play" label="Open simulation" onClick={() => ui.getState().showSimulator()} />
      </section>
      <Button className="explorer-examples" icon="examples" label="Examples gallery" onClick={() => ui.getState().openDialog('examples')} />
    </nav>
  );
}
