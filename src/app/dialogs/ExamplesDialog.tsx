/**
 * The gallery: cards with a preview of each graph, the guided walk-throughs first (a rule set and
 * a scripted trace, opened in the presenter), then the examples (one click opens a copy as new
 * documents in the current project: one undo step; the example itself never changes). The
 * projects saved in this browser have their own tab, to reopen one (the open project is saved
 * first).
 */
import { useEffect, useState } from 'react';
import { Tabs } from 'radix-ui';
import { EXAMPLES, FOLDER_EXAMPLES, WALKTHROUGHS, type FolderExample, type Walkthrough } from '../examples.ts';
import { openExample, openFolderExample } from './openExample.ts';
import { useStudio, useStudioStore } from '../state/context.tsx';
import { loadCodecs } from '../state/codecs.ts';
import { useUiStore } from '../state/uiContext.tsx';
import { persistenceSession } from '../persistence/session.ts';
import type { StoredProjectInfo } from '../persistence/projectDb.ts';
import { exampleInfo } from './exampleInfo.ts';
import { Modal } from './Modal.tsx';
import { openTeachingPayload } from '../simulator/teaching.ts';
import { ChosenSettings } from '../../core/engine/settings.ts';
import { previewOfFile } from './gallery/graphPreview.ts';
import { GraphPreviewImage } from './gallery/GraphPreviewImage.tsx';
import { CodeText } from '../components/ui/CodeText.tsx';
import './gallery/gallery.css';
import { LETTA_FAMILY } from '../../core/model/lettaFamily.ts';
import { Loading } from '../components/ui/Loading.tsx';

/** A folder example's preview: the graph of its last file (the user tier's policy). */
const previewOfFolder = (f: FolderExample) => {
  const last = f.files.at(-1);
  return last && previewOfFile(last.name, last.text);
};

const INFOS = EXAMPLES.map((e) => ({ ...exampleInfo(e), text: e.text }));

/** What a card says the file is. */
const familyOf = (name: string) =>
  /\.af$/i.test(name) ? `${LETTA_FAMILY} agent` : /\.ya?ml$/i.test(name) ? 'hegel workflow' : /\.json$/i.test(name) ? 'Claude Code settings' : /\.rules$/i.test(name) ? 'Codex rules' : 'Pattern agent';

/**
 * One card. Its button holds just the title, so the button's name is exactly what it shows (WCAG
 * 2.5.3); the button's hit area stretches over the whole card, and the description is its
 * accessible description.
 */
function Card({ name, title, family, description, preview, onOpen, mono }: { name: string; title: string; family: string; description: string; preview: ReturnType<typeof previewOfFile>; onOpen(): void; mono: boolean }) {
  const id = `card-${name.replace(/\W+/g, '-')}`;
  return (
    <li className="gallery-card">
      <GraphPreviewImage preview={preview} />
      <div className="gallery-card-body">
        <button type="button" className={mono ? 'gallery-card-title mono' : 'gallery-card-title'} aria-describedby={id} onClick={onOpen}>
          {title}
        </button>
        <span className="gallery-card-family">{family}</span>
        <span id={id} className="gallery-card-text">
          <CodeText text={description} />
        </span>
      </div>
    </li>
  );
}

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
  if (projects === undefined) return <Loading label="Loading saved projects" />;
  if (others.length === 0) return <p className="muted gallery-empty">No other saved projects. Every project you work on is saved in this browser as you go, and listed here.</p>;
  return (
    <ul className="saved-projects" aria-label="Saved projects">
      {others.map((p) => (
        <li key={p.id}>
          <button type="button" className="saved-project" onClick={() => void session.openStored(p.id).then((ok) => ok && onOpened())}>
            <span className="saved-project-name">{p.name}</span>
            <span className="muted">
              {p.docCount} document{p.docCount === 1 ? '' : 's'} · saved {new Date(p.savedAt).toLocaleString()}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function ExamplesDialog() {
  const store = useStudioStore();
  const ui = useUiStore();
  const close = () => ui.getState().closeDialog();
  const open = async (name: string, text: string) => {
    await loadCodecs();
    const notice = openExample(store, name, text);
    if (notice !== undefined) store.getState().notify('info', notice);
    close();
  };
  const openFolder = async (f: FolderExample) => {
    await loadCodecs();
    const notice = openFolderExample(store, f);
    if (notice !== undefined) store.getState().notify('info', notice);
    close();
  };
  const walk = (w: Walkthrough) => {
    close();
    ui.getState().showSimulator();
    const content = { title: w.title, files: [{ name: w.ruleFile.name, text: w.ruleFile.text }], trace: w.trace, settings: ChosenSettings.parse(w.settings ?? {}), step: -1, note: w.note };
    void openTeachingPayload(content, store).then((r) =>
      store.getState().notify(r.ok ? 'info' : 'error', r.ok ? `Opened the walk-through “${w.title}”: use Step forward.` : r.message),
    );
  };
  return (
    <Modal title="Examples" onClose={close} className="modal-wide">
      <Tabs.Root defaultValue="gallery" className="gallery-tabs">
        <Tabs.List className="gallery-tab-list" aria-label="Examples or saved projects">
          <Tabs.Trigger value="gallery" className="gallery-tab">
            Gallery
          </Tabs.Trigger>
          <Tabs.Trigger value="saved" className="gallery-tab">
            Saved projects
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="gallery" className="gallery-pane">
          <h3>Guided walk-throughs</h3>
          <p className="muted">A rule set and a scripted trace, opened in the presenter: step through with → or Space; Escape leaves for the simulator.</p>
          <ul className="gallery-grid" aria-label="Guided walk-throughs">
            {WALKTHROUGHS.map((w) => (
              <Card key={w.trace.name} name={w.trace.name} title={w.title} family={`${familyOf(w.ruleFile.name)} · walk-through`} description={w.description} preview={previewOfFile(w.ruleFile.name, w.ruleFile.text)} onOpen={() => walk(w)} mono={false} />
            ))}
          </ul>
          <h3>Examples</h3>
          <p className="muted">Each example opens as a project of its own. Your work stays saved in this browser (the Saved projects tab).</p>
          <ul className="gallery-grid" aria-label="Examples">
            {INFOS.map((e) => (
              <Card key={e.name} name={e.name} title={e.name} family={familyOf(e.name)} description={e.description} preview={previewOfFile(e.name, e.text)} onOpen={() => void open(e.name, e.text)} mono />
            ))}
            {FOLDER_EXAMPLES.map((f) => (
              <Card key={f.name} name={f.name} title={`${f.name}/`} family="Gemini CLI policies" description={f.description} preview={previewOfFolder(f)} onOpen={() => void openFolder(f)} mono />
            ))}
          </ul>
        </Tabs.Content>
        <Tabs.Content value="saved" className="gallery-pane">
          <SavedProjects onOpened={close} />
        </Tabs.Content>
      </Tabs.Root>
    </Modal>
  );
}
