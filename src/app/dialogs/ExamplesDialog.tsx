/**
 * The examples gallery: one click opens a copy of an example as new documents in the current
 * project (one undo step; the example itself never changes). Below it, the projects saved in
 * this browser, to reopen one (the open project is saved first).
 */
import { useEffect, useState } from 'react';
import { EXAMPLES, WALKTHROUGHS, type Walkthrough } from '../examples.ts';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { useUiStore } from '../state/uiContext.tsx';
import { persistenceSession } from '../persistence/session.ts';
import type { StoredProjectInfo } from '../persistence/projectDb.ts';
import { exampleInfo } from './exampleInfo.ts';
import { Modal } from './Modal.tsx';
import { openTeachingPayload } from '../simulator/teaching.ts';
import { resolveSettings } from '../../core/engine/settings.ts';

const INFOS = EXAMPLES.map((e) => ({ ...exampleInfo(e), text: e.text }));

function SavedProjects({ onOpened }: { onOpened(): void }) {
  const openId = useStudio((s) => s.project.id);
  const [projects, setProjects] = useState<StoredProjectInfo[] | undefined>();
  const session = persistenceSession();
  useEffect(() => {
    let live = true;
    void session?.listProjects().then((p) => live && setProjects(p)).catch(() => live && setProjects([]));
    return () => {
      live = false;
    };
  }, [session]);
  const others = projects?.filter((p) => p.id !== openId) ?? [];
  if (!session) return <p className="muted">Projects cannot be saved in this browser.</p>;
  if (projects === undefined) return <p className="muted">Loading saved projects…</p>;
  if (others.length === 0) return <p className="muted">No other saved projects.</p>;
  return (
    <ul className="gallery">
      {others.map((p) => (
        <li key={p.id}>
          <button type="button" onClick={() => void session.openStored(p.id).then((ok) => ok && onOpened())}>
            {p.name}
          </button>
          <span className="muted">
            {p.docCount} document{p.docCount === 1 ? '' : 's'} · saved {new Date(p.savedAt).toLocaleString()}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function ExamplesDialog() {
  const store = useStudioStore();
  const ui = useUiStore();
  const close = () => ui.getState().closeDialog();
  const open = (name: string, text: string) => {
    const added = store.getState().importFile(name, text);
    if (added > 0) store.getState().notify('info', `Opened a copy of the example ${name}.`);
    close();
  };
  const walk = (w: Walkthrough) => {
    close();
    ui.getState().showSimulator();
    const content = { title: w.title, files: [{ name: w.ruleFile.name, text: w.ruleFile.text }], trace: w.trace, settings: resolveSettings(w.settings), step: -1 };
    void openTeachingPayload(content, store).then((r) =>
      store.getState().notify(r.ok ? 'info' : 'error', r.ok ? `Opened the walk-through “${w.title}”: use Step forward.` : r.message),
    );
  };
  return (
    <Modal title="Examples" onClose={close}>
      <p className="muted">Open a copy of an example in this project. Your own documents are kept; Undo removes it again.</p>
      <ul className="gallery" aria-label="Examples">
        {INFOS.map((e) => (
          <li key={e.name}>
            <button type="button" onClick={() => open(e.name, e.text)} aria-describedby={`example-${e.name}`}>
              {e.name}
            </button>
            <span className="badge">{e.kind}</span>
            <span id={`example-${e.name}`} className="muted">
              {e.description}
            </span>
          </li>
        ))}
      </ul>
      <h3>Guided walk-throughs</h3>
      <p className="muted">A rule set and a scripted trace, opened as a new project in the Simulation tab, ready to step through in presenter view.</p>
      <ul className="gallery" aria-label="Guided walk-throughs">
        {WALKTHROUGHS.map((w) => (
          <li key={w.trace.name}>
            <button type="button" onClick={() => walk(w)} aria-describedby={`walk-${w.trace.name}`}>
              {w.title}
            </button>
            <span id={`walk-${w.trace.name}`} className="muted">
              {w.description}
            </span>
          </li>
        ))}
      </ul>
      <h3>Saved projects</h3>
      <SavedProjects onOpened={close} />
    </Modal>
  );
}
