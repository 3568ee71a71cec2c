/**
 * The project explorer: the project name, its agents, workflows and permission rules (open, add
 * or import, delete — undoable, no confirm), the project's traces (opening one shows the
 * Simulate mode), and the Examples gallery entry.
 */
import './explorer.css';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { useUiStore } from '../state/uiContext.tsx';
import { activeDoc } from '../state/store.ts';
import type { RuleDoc } from '../state/documents.ts';
import { DocList } from './DocList.tsx';
import { Button } from '../components/ui/Button.tsx';
import { UNDO_HINT } from '../graph/keys.ts';
import { pickAndImport } from '../persistence/importHandlers.ts';

/** A Claude Code settings file, Codex rules or Gemini CLI policies: permission rules, not an agent's tool rules. */
const isPermissions = (d: RuleDoc) => d.kind === 'agent' && (d.agent.family === 'claude' || d.agent.family === 'codex' || d.agent.family === 'gemini');

// Every Codex rules file reads as an agent named `codex`, every Gemini policy file as one named
// `gemini`, every Claude Code settings file as `claude-code`: their files (a Gemini file with its
// tier's folder) tell them apart, and are what the Simulate and Policy views name.
const nameOf = (d: RuleDoc) => (d.kind === 'agent' ? (isPermissions(d) ? d.fileName : d.agent.name) : d.workflow.name);

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
    s().notify('info', `Deleted ${isPermissions(d) ? 'permission rules' : d.kind} “${nameOf(d)}”. ${UNDO_HINT}`);
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
        docs={docs.filter((d) => d.kind === 'agent' && !isPermissions(d))}
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
      <DocList
        title="Permission rules"
        docs={docs.filter(isPermissions)}
        activeId={active?.id}
        nameOf={nameOf}
        onOpen={(d) => s().setActiveDoc(d.id)}
        onDelete={remove}
        addLabel="Import permission rules"
        addHint="Import a Claude Code settings.json, Codex .rules files or a Gemini CLI policy TOML (a policies folder: Import folder, in the palette)"
        addIcon="import"
        onAdd={() => pickAndImport(store)}
      />
      <section className="explorer-section" aria-label="Traces">
        <h2>Traces ({traces.length})</h2>
        {traces.length === 0 ? (
          <p className="muted">Add recorded or scripted traces in Simulate mode.</p>
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
