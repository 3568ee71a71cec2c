/**
 * The page's persistence session (IndexedDB and autosave), reachable from actions and dialogs.
 * Absent until start-up has opened the database, or when the browser has no IndexedDB.
 */
import type { StudioStore } from '../state/store.ts';
import type { Autosave } from './autosave.ts';
import { loadCodecs } from '../state/codecs.ts';
import { listProjects, projectOfRecord, readProject, type StoredProjectInfo } from './projectDb.ts';

export interface PersistenceSession {
  autosave: Autosave;
  /** Stored projects, most recent first. */
  listProjects(): Promise<StoredProjectInfo[]>;
  /** Saves the open project, then opens the stored project `id`. */
  openStored(id: string): Promise<boolean>;
}

let current: PersistenceSession | undefined;

export const persistenceSession = (): PersistenceSession | undefined => current;

/** Creates the page's session over an open database. */
export function createSession(store: StudioStore, db: IDBDatabase, autosave: Autosave): PersistenceSession {
  current = {
    autosave,
    listProjects: () => listProjects(db),
    async openStored(id) {
      await autosave.flush();
      const record = await readProject(db, id);
      await loadCodecs();
      const loaded = projectOfRecord(record);
      if (!loaded) {
        store.getState().notify('error', 'That project could not be read from storage; nothing was changed.');
        return false;
      }
      autosave.adopt(loaded.project, loaded.revision);
      store.getState().loadProject(loaded.project);
      return true;
    },
  };
  return current;
}
