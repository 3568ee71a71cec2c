/**
 * Start-up of everything that keeps work safe: import by drop and paste, IndexedDB, opening a
 * share link from the URL (as a new project) or else restoring the last open project exactly,
 * then autosave on every change.
 */
import type { StudioStore } from '../state/store.ts';
import type { UiStore } from '../state/ui.ts';
import { startAutosave } from './autosave.ts';
import { saveStatusStore } from './saveStatus.ts';
import { loadCodecs } from '../state/codecs.ts';
import { onFirstIntent } from '../state/onFirstIntent.ts';
import { installImportHandlers } from './importHandlers.ts';
import { installOffThreadReading } from '../analysis/offThreadReading.ts';
import { installOffThreadEditing } from '../analysis/offThreadEditing.ts';
import { clearJournal, hasJournal, pageJournalStorage, replayJournal, writeJournal } from './journal.ts';
import { flushPendingEdits } from './pendingEdits.ts';
import { lastProjectId, openProjectDb, projectOfRecord, readProject } from './projectDb.ts';
import { createSession, type PersistenceSession } from './session.ts';
import { openShareFromUrl } from './share.ts';
import { connectLive, liveStore } from '../simulator/liveStore.ts';
import { createLiveTraceFeed } from '../simulator/liveTrace.ts';
import { fetchServedSession, isServedPage, linkServed, openServedProject, trackServed } from './served.ts';
import { heldPastes, releasePaste } from './heldPastes.ts';
import { applyImport } from './importApply.ts';
import { readImport } from './importReading.ts';
import { selectForReplay } from './importHandlers.ts';
import { SHARE_HASH_KEY } from '../../core/project/bundleVersion.ts';

const TAB_PROJECT_KEY = 'rule-studio.openProject';
/** An empty project loads its codecs at the user's first move, or after this long idle. */
const CODECS_IDLE_MS = 5_000;
/** The project this tab opened from `rule-studio serve`'s files (a reload keeps it, unsaved edits and all). */
const SERVED_PROJECT_KEY = 'rule-studio.servedProject';

/** Runs a sessionStorage access, which throws in some privacy modes. */
function tabStorage<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}

/**
 * Whether this start may restore a project, judged before the database opens: a journal, a share
 * link, served files, or a project this tab had open. (A project the last visit saved is found
 * only in the database; the codecs then load after it opens.)
 */
function mayRestore(): boolean {
  const journal = pageJournalStorage();
  return (
    (journal !== undefined && (hasJournal(journal) || heldPastes(journal).length > 0)) ||
    location.hash.startsWith(`#${SHARE_HASH_KEY}=`) ||
    isServedPage() ||
    Boolean(tabStorage(() => sessionStorage.getItem(TAB_PROJECT_KEY)))
  );
}

/** Starts persistence for the page; resolves once the last project is restored. */
export async function startPersistence(store: StudioStore, ui: UiStore): Promise<PersistenceSession | undefined> {
  installImportHandlers(store);
  installOffThreadReading(store);
  installOffThreadEditing(store);
  // Every way a project comes back (the journal, a share link, the stored project, served files)
  // reads rule texts, so the codecs load beside the database when one of them may apply. A first
  // visit with nothing to restore never waits for them: the empty project draws and settles, and
  // they load at the user's first move, or on the first document (see `onFirstIntent`).
  let codecsLoading = mayRestore() ? loadCodecs() : undefined;
  const root = document.documentElement;
  let db: IDBDatabase;
  try {
    db = await openProjectDb();
  } catch {
    store.getState().notify('error', 'This browser cannot store projects (IndexedDB is unavailable), so nothing is saved automatically: export a project bundle to keep your work.');
    await openShareFromUrl(store);
    root.dataset.autosave = 'error';
    return undefined;
  }
  /** Waits for the codecs (loading them now if nothing did); false, with a notice, when they cannot load. */
  const codecsReady = async (): Promise<boolean> => {
    try {
      await (codecsLoading ??= loadCodecs());
      return true;
    } catch (e) {
      store.getState().notify('error', `Rule Studio could not load its rule-file readers (${e instanceof Error ? e.message : String(e)}), so the last project was not opened; reload the page.`);
      return false;
    }
  };
  const journal = pageJournalStorage();
  // Changes the last visit could not store in time come back first, so the restore below sees them.
  // Said once the project is open: opening a project drops the errors of the one before it.
  const journalNotices: string[] = [];
  if (journal && hasJournal(journal)) {
    if (!(await codecsReady())) return undefined;
    journalNotices.push(...(await replayJournal(journal, db, Date.now())));
  }
  const autosave = startAutosave({
    store,
    db,
    onConflict: () => ui.getState().openDialog('conflict'),
    onStatus: (s) => {
      root.dataset.autosave = s;
      saveStatusStore.setState({ status: s });
    },
    // A big document stored while a graph edit's text is written would be cloned whole (rules and
    // all). One whose text is being read is stored as its text (see docStorage.ts), so it is not held.
    hold: (project) => project.docs.some((d) => d.pendingText !== undefined),
    onSaved: (project) => {
      if (journal && store.getState().project === project) clearJournal(journal, project.id);
    },
  });
  const session = createSession(store, db, autosave);
  const untouched = store.getState().project;

  // Each tab reopens the project it had open (sessionStorage survives a reload, per tab); a new tab the last one saved.
  const tabProject = tabStorage(() => sessionStorage.getItem(TAB_PROJECT_KEY));
  store.subscribe((s, prev) => {
    if (s.project.id !== prev.project.id) tabStorage(() => sessionStorage.setItem(TAB_PROJECT_KEY, s.project.id));
  });

  const served = isServedPage() ? await fetchServedSession() : undefined;
  if (typeof served === 'string') store.getState().notify('error', `The files rule-studio serve was started on could not be opened (${served}).`);
  const servedSession = typeof served === 'object' ? served : undefined;
  const reopensServed = servedSession !== undefined && tabProject !== undefined && tabProject !== null && tabStorage(() => sessionStorage.getItem(SERVED_PROJECT_KEY)) === tabProject;
  if (servedSession && !reopensServed) {
    if (!(await codecsReady())) return undefined;
    await openServedProject(store, servedSession);
    tabStorage(() => sessionStorage.setItem(SERVED_PROJECT_KEY, store.getState().project.id));
  } else if (!(await openShareFromUrl(store))) {
    const fromTab = tabProject ? await readProject(db, tabProject).catch(() => undefined) : undefined;
    const id = fromTab ? tabProject : await lastProjectId(db).catch(() => undefined);
    const record = fromTab ?? (id ? await readProject(db, id).catch(() => undefined) : undefined);
    if (record && !(await codecsReady())) return undefined;
    const loaded = projectOfRecord(record);
    if (record && !loaded) store.getState().notify('error', 'The last project could not be restored (its stored data is damaged); it was left in storage as it is.');
    // Restore only if nothing was done in the page meanwhile.
    if (loaded && store.getState().project === untouched) {
      autosave.adopt(loaded.project, loaded.revision);
      store.getState().loadProject(loaded.project);
    }
  }
  for (const text of journalNotices) store.getState().notify('error', text);
  // Pastes the last visit received before its codecs loaded, into the project now open.
  for (const held of heldPastes(journal)) {
    if (!(await codecsReady())) break;
    applyImport(store, readImport(undefined, held.text), (id) => selectForReplay([id]));
    releasePaste(journal, held.id);
  }
  if (servedSession) trackServed(store, servedSession, linkServed(store, servedSession));
  if (servedSession?.live) {
    ui.getState().showSimulator();
    // Codex / Gemini CLI: the session's lines, kept as a trace the Policy view decides
    const feed = createLiveTraceFeed(store);
    // "Jump to live" in lines mode: the lines held while paused are written now
    liveStore.subscribe((s, before) => {
      if (s.lines && s.following && !before.following) feed.flush();
    });
    const stop = liveStore.subscribe((s) => {
      if (!s.lines) return;
      stop();
      ui.getState().showPolicy();
    });
    connectLive({ interrupt: (text) => store.getState().notify('info', text), note: (text) => store.getState().notify('info', text), lines: feed.lines });
  }
  root.dataset.autosave = autosave.status() === 'idle' ? 'saved' : autosave.status();
  if (codecsLoading === undefined) onFirstIntent(() => void loadCodecs().catch(() => undefined), CODECS_IDLE_MS);

  window.addEventListener('hashchange', () => void openShareFromUrl(store));
  let journalFailed = false;
  /** Leaving (or hiding) the page: waiting edits into the store, the unsaved project into the journal, then a save. */
  const leaving = () => {
    flushPendingEdits();
    const unsaved = autosave.unsaved();
    if (journal && unsaved) {
      const written = writeJournal(journal, unsaved.project, unsaved.baseRevision, Date.now(), unsaved.base);
      // Said once while the page is still shown (a hidden tab coming back shows it); an unloading
      // page cannot, so the journal leaves a marker the next start turns into the same warning.
      if (!written.ok && !journalFailed) store.getState().notify('error', written.message);
      journalFailed = !written.ok;
    }
    void autosave.flush();
  };
  window.addEventListener('pagehide', leaving);
  window.addEventListener('beforeunload', (event) => {
    leaving();
    // Changes too big for the journal and not stored yet: the browser asks before the page goes.
    if (journalFailed && autosave.unsaved()) event.preventDefault();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leaving();
  });
  return session;
}
