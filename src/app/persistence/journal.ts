/**
 * The edit journal: the last unsaved state of a project, written synchronously to localStorage
 * when the page is hidden or unloaded (IndexedDB writes are asynchronous and a reload does not
 * wait for them), and replayed into IndexedDB at the next start-up, before the project is
 * restored. An entry records the stored revision it was based on, so a journal older than a save
 * made since (by this tab's last flush or by another tab) is never applied over it.
 */
import type { ProjectData, TraceDoc } from '../state/store.ts';
import { newProjectId } from '../state/store.ts';
import { projectOfRecord, readProject, saveProject } from './projectDb.ts';
import { describeStorageError } from './storageErrors.ts';

export const JOURNAL_PREFIX = 'rule-studio.journal.';
/** Traces longer than this are not copied into the journal; the stored copy is used on replay. */
export const JOURNAL_TRACE_CHARS = 64 * 1024;

/** A trace left out of the journal because of its size (traces never change once added). */
interface OmittedTrace {
  id: string;
  name: string;
  omitted: true;
}

interface JournalEntry {
  v: 1;
  baseRevision: number;
  writtenAt: number;
  project: Omit<ProjectData, 'traces'> & { traces?: (TraceDoc | OmittedTrace)[] };
}

export type JournalWrite = { ok: true } | { ok: false; message: string };

/** The storage the journal uses (localStorage in the page; a Map-backed fake in tests). */
export type JournalStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** localStorage, or undefined where it is unavailable (some privacy modes throw on access). */
export function pageJournalStorage(): JournalStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Writes `project` (based on stored revision `baseRevision`) to the journal, synchronously. */
export function writeJournal(storage: JournalStorage, project: ProjectData, baseRevision: number, now: number): JournalWrite {
  const entry: JournalEntry = {
    v: 1,
    baseRevision,
    writtenAt: now,
    project: {
      ...project,
      ...(project.traces
        ? { traces: project.traces.map((t) => (t.text.length > JOURNAL_TRACE_CHARS ? { id: t.id, name: t.name, omitted: true as const } : t)) }
        : {}),
    },
  };
  try {
    storage.setItem(JOURNAL_PREFIX + project.id, JSON.stringify(entry));
    return { ok: true };
  } catch (e) {
    return { ok: false, message: describeStorageError(e, 'The unsaved changes could not be kept for the next visit') };
  }
}

/** Forgets the journal of a project (its changes are safely stored). */
export function clearJournal(storage: JournalStorage, projectId: string): void {
  try {
    storage.removeItem(JOURNAL_PREFIX + projectId);
  } catch {
    // Nothing to do: a stale entry is recognised by its revision at the next start.
  }
}

/** Every journal key present. */
function journalKeys(storage: JournalStorage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(JOURNAL_PREFIX)) keys.push(key);
  }
  return keys;
}

function parseEntry(text: string | null): JournalEntry | undefined {
  if (text === null) return undefined;
  try {
    const v = JSON.parse(text) as Partial<JournalEntry>;
    return v.v === 1 && typeof v.baseRevision === 'number' && typeof v.project === 'object' && v.project !== null ? (v as JournalEntry) : undefined;
  } catch {
    return undefined;
  }
}

const sameContent = (a: ProjectData, b: ProjectData) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Replays every journal entry into the database, then forgets it. An entry based on the stored
 * revision becomes the next revision; one whose project was saved since with other content is
 * kept as a new project "… (recovered)", so nothing is lost and nothing is overwritten. Returns
 * the notices to show (one per entry that could not be applied as it was).
 */
export async function replayJournal(storage: JournalStorage, db: IDBDatabase, now: number): Promise<string[]> {
  const notices: string[] = [];
  for (const key of journalKeys(storage)) {
    const entry = parseEntry(storage.getItem(key));
    const projectId = key.slice(JOURNAL_PREFIX.length);
    if (!entry || entry.project.id !== projectId) {
      storage.removeItem(key);
      continue;
    }
    try {
      const stored = await readProject(db, projectId);
      const storedTraces = new Map((stored?.traces ?? []).map((t) => [t.id, t]));
      let missing = 0;
      const traces = entry.project.traces?.flatMap((t): TraceDoc[] => {
        if (!('omitted' in t)) return [t];
        const kept = storedTraces.get(t.id);
        if (kept) return [kept];
        missing++;
        return [];
      });
      const loaded = projectOfRecord({ ...entry.project, ...(traces ? { traces } : {}), revision: entry.baseRevision });
      if (!loaded) {
        notices.push('Unsaved changes from your last visit could not be read back (the saved copy is damaged); the project was restored as last saved.');
      } else if ((stored?.revision ?? 0) === entry.baseRevision) {
        await saveProject(db, loaded.project, entry.baseRevision, now);
      } else if (!stored || !sameContent(projectOfRecord(stored)?.project ?? loaded.project, loaded.project)) {
        const copy = { ...loaded.project, id: newProjectId(), name: `${loaded.project.name} (recovered)` };
        await saveProject(db, copy, 0, now);
        notices.push(`"${loaded.project.name}" was changed in another tab after your last visit; your unsaved changes are kept as "${copy.name}" (Projects).`);
      }
      if (missing > 0) notices.push(`${missing} large trace(s) added just before your last visit ended were not saved in time; import them again.`);
    } catch (e) {
      notices.push(describeStorageError(e, 'Unsaved changes from your last visit could not be saved'));
      continue;
    }
    storage.removeItem(key);
  }
  return notices;
}
