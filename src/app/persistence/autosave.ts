/**
 * Autosave: every change of the project is written to IndexedDB after a short pause, with a
 * revision check so two tabs never silently overwrite each other. Another tab's save is announced
 * on a BroadcastChannel: a tab with no unsaved changes follows it; a tab with unsaved changes (or
 * whose save is refused because the stored revision moved on) stops saving and raises a conflict
 * for the user to settle — reload theirs, or keep mine as a copy.
 */
import { newProjectId, type ProjectData, type StudioStore } from '../state/store.ts';
import { projectOfRecord, readProject, saveProject } from './projectDb.ts';
import { describeStorageError } from './storageErrors.ts';

export const AUTOSAVE_DEBOUNCE_MS = 300;
/** The longest a save waits while a big document is written or read (see `AutosaveOptions.hold`). */
export const AUTOSAVE_MAX_HOLD_MS = 10_000;
export const CHANNEL_NAME = 'rule-studio-projects';

export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'conflict' | 'error';

/** Another tab saved the project this tab has open while this tab had changes of its own. */
export interface Conflict {
  projectId: string;
  theirRevision: number;
  theirSavedAt?: number;
}

interface SavedMessage {
  type: 'saved';
  projectId: string;
  revision: number;
  tab: string;
}

export interface AutosaveOptions {
  store: StudioStore;
  db: IDBDatabase;
  /** Called when a conflict arises (the app opens the conflict dialog). */
  onConflict?(c: Conflict): void;
  onStatus?(s: AutosaveStatus): void;
  /** Called after `project` was stored (the journal forgets it when it is still the open one). */
  onSaved?(project: ProjectData): void;
  debounceMs?: number;
  /** Channel for save announcements; `null` for none. Defaults to a BroadcastChannel. */
  channel?: BroadcastChannel | null;
  now?: () => number;
  /**
   * True while `project` is costly to store and soon cheap (a big document's text is being written
   * or read off the main thread: stored then, its 30,000 rules are cloned on the page's thread,
   * hundreds of milliseconds in one task). The save after the pause then waits, at most
   * {@link AutosaveOptions.maxHoldMs}; `flush` (page hide) never waits.
   */
  hold?: (project: ProjectData) => boolean;
  /** The longest a save waits for `hold` (default {@link AUTOSAVE_MAX_HOLD_MS}). */
  maxHoldMs?: number;
}

export interface Autosave {
  /** Writes the pending change now (tests, page hide). */
  flush(): Promise<void>;
  /** Records that `project` is stored at `revision` (after restoring or opening it). */
  adopt(project: ProjectData, revision: number): void;
  /**
   * The open project when it has changes not yet stored, with the stored revision they build on
   * and, when this tab knows it, the project as stored at that revision (the journal writes only
   * what differs from it).
   */
  unsaved(): { project: ProjectData; baseRevision: number; base?: ProjectData } | undefined;
  /** The open conflict, if any. */
  conflict(): Conflict | undefined;
  /** Settles the conflict by loading the stored (their) version. */
  reloadTheirs(): Promise<void>;
  /** Settles the conflict by saving this tab's project under a new id (theirs stays as it is). */
  keepMineAsCopy(): Promise<void>;
  status(): AutosaveStatus;
  dispose(): void;
}

/** Starts autosaving `store` into `db`. */
export function startAutosave(opts: AutosaveOptions): Autosave {
  const { store, db } = opts;
  const debounceMs = opts.debounceMs ?? AUTOSAVE_DEBOUNCE_MS;
  const now = opts.now ?? (() => Date.now());
  const channel = opts.channel === undefined ? (typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null) : opts.channel;
  const tab = `tab-${now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

  /** The revision of each project as this tab last loaded or saved it. */
  const known = new Map<string, number>();
  /** The project as last loaded from or written to storage: no unsaved changes while it is current. */
  let synced: ProjectData | undefined;
  /** The project as stored at the revision {@link known} holds for its id (whether or not it is still open). */
  let stored: { project: ProjectData; revision: number } | undefined;
  let pending: ProjectData | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Conflict | undefined;
  let state: AutosaveStatus = 'idle';
  let chain: Promise<void> = Promise.resolve();
  /** When the waiting save was first held (see `hold`). */
  let heldSince: number | undefined;
  const maxHoldMs = opts.maxHoldMs ?? AUTOSAVE_MAX_HOLD_MS;

  const setStatus = (s: AutosaveStatus) => {
    state = s;
    opts.onStatus?.(s);
  };
  const raise = (c: Conflict) => {
    current = c;
    pending = undefined;
    setStatus('conflict');
    opts.onConflict?.(c);
  };

  const write = async (project: ProjectData) => {
    if (current?.projectId === project.id) return;
    setStatus('saving');
    try {
      const r = await saveProject(db, project, known.get(project.id) ?? 0, now());
      if (!r.ok) return raise({ projectId: project.id, theirRevision: r.stored.revision, theirSavedAt: r.stored.savedAt });
      known.set(project.id, r.revision);
      stored = { project, revision: r.revision };
      if (store.getState().project === project) synced = project;
      channel?.postMessage({ type: 'saved', projectId: project.id, revision: r.revision, tab } satisfies SavedMessage);
      setStatus(pending ? 'pending' : 'saved');
      opts.onSaved?.(project);
    } catch (e) {
      setStatus('error');
      store.getState().notify('error', describeStorageError(e, 'Autosave failed'));
    }
  };
  /** Saves run one after another, never interleaved. */
  const enqueue = (project: ProjectData) => (chain = chain.then(() => write(project)));

  const flush = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    heldSince = undefined;
    const p = pending;
    pending = undefined;
    return p ? enqueue(p) : chain;
  };

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.project === prev.project || s.project === synced || current?.projectId === s.project.id) return;
    // Switching projects (New project, open a bundle): the previous one is saved first.
    if (pending && pending.id !== s.project.id) void flush();
    pending = s.project;
    setStatus('pending');
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(due, debounceMs);
  });

  /** The pause is over: save, unless the project is held (then look again after another pause). */
  function due() {
    timer = undefined;
    if (pending && opts.hold?.(pending)) {
      const t = now();
      heldSince ??= t;
      if (t - heldSince < maxHoldMs) {
        timer = setTimeout(due, debounceMs);
        return;
      }
    }
    void flush();
  }

  const onMessage = (ev: MessageEvent<SavedMessage>) => {
    const m = ev.data;
    const open = store.getState().project;
    if (m?.type !== 'saved' || m.tab === tab || m.projectId !== open.id) return;
    if (m.revision <= (known.get(m.projectId) ?? 0) || current) return;
    if (open === synced && !pending) {
      // Nothing unsaved here: follow the other tab.
      chain = chain.then(async () => {
        const loaded = projectOfRecord(await readProject(db, m.projectId));
        if (!loaded || store.getState().project !== open) return;
        known.set(loaded.project.id, loaded.revision);
        stored = { project: loaded.project, revision: loaded.revision };
        synced = loaded.project;
        store.getState().loadProject(loaded.project);
        store.getState().notify('info', 'This project was changed in another tab; showing the latest version.');
      });
    } else raise({ projectId: m.projectId, theirRevision: m.revision });
  };
  channel?.addEventListener('message', onMessage);

  return {
    flush,
    adopt(project, revision) {
      known.set(project.id, revision);
      stored = { project, revision };
      synced = project;
    },
    unsaved() {
      const project = store.getState().project;
      if (project === synced || current?.projectId === project.id) return undefined;
      const baseRevision = known.get(project.id) ?? 0;
      const base = stored && stored.project.id === project.id && stored.revision === baseRevision ? stored.project : undefined;
      return { project, baseRevision, ...(base ? { base } : {}) };
    },
    conflict: () => current,
    status: () => state,
    async reloadTheirs() {
      const c = current;
      if (!c) return;
      const loaded = projectOfRecord(await readProject(db, c.projectId));
      current = undefined;
      if (!loaded) {
        store.getState().notify('error', 'The other tab’s version could not be read; this tab’s project is kept as a copy instead.');
        return this.keepMineAsCopy();
      }
      known.set(c.projectId, loaded.revision);
      stored = { project: loaded.project, revision: loaded.revision };
      synced = loaded.project;
      store.getState().loadProject(loaded.project);
      setStatus('saved');
    },
    async keepMineAsCopy() {
      current = undefined;
      const mine = store.getState().project;
      store.getState().loadProject({ ...mine, id: newProjectId(), name: `${mine.name} (copy)` });
      await flush();
    },
    dispose() {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      channel?.removeEventListener('message', onMessage);
      if (opts.channel === undefined) channel?.close();
    },
  };
}
