/**
 * Projects in IndexedDB: one record per project with a revision counter, and which project was
 * open last. A save states the revision it expects to replace; if another tab has saved since,
 * the save is refused inside the same transaction, so two tabs never silently overwrite each other.
 */
import { BUNDLE_SCHEMA_VERSION } from '../../core/project/bundleVersion.ts';
import { codecs } from '../state/codecs.ts';
import type { ProjectData } from '../state/store.ts';
import { projectOfBundle } from './projectBundle.ts';
import { tracesForStorage, tracesFromStorage } from './traceBlobs.ts';
import { docsForStorage, docsFromStorage } from './docStorage.ts';

export const DB_NAME = 'rule-studio';
const DB_VERSION = 1;
const PROJECTS = 'projects';
const META = 'meta';

/** A stored project: its data plus the revision (1 on first save, +1 per save) and save time. */
export interface StoredProject extends ProjectData {
  revision: number;
  savedAt: number;
}

/** What the explorer lists to reopen. */
export interface StoredProjectInfo {
  id: string;
  name: string;
  docCount: number;
  savedAt: number;
}

export type SaveResult = { ok: true; revision: number } | { ok: false; stored: StoredProject };

const promised = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

const done = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

/** Opens (creating when needed) the studio's database. */
export function openProjectDb(factory: IDBFactory = indexedDB, name = DB_NAME): Promise<IDBDatabase> {
  const req = factory.open(name, DB_VERSION);
  req.onupgradeneeded = () => {
    const db = req.result;
    if (!db.objectStoreNames.contains(PROJECTS)) db.createObjectStore(PROJECTS, { keyPath: 'id' });
    if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
  };
  return promised(req);
}

/** A stored record as a project, validated like a bundle (a damaged record gives undefined). */
export function projectOfRecord(rec: unknown): { project: ProjectData; revision: number } | undefined {
  if (typeof rec !== 'object' || rec === null) return undefined;
  const r = rec as Partial<StoredProject>;
  const decoded = codecs().decodeBundle({ schemaVersion: BUNDLE_SCHEMA_VERSION, id: r.id, name: r.name, activeDocId: r.activeDocId, docs: r.docs, traces: r.traces, tests: r.tests });
  if (!decoded.ok || typeof r.revision !== 'number') return undefined;
  return { project: projectOfBundle(decoded.bundle, { fresh: false }), revision: r.revision };
}

/** The stored record of a project, as stored (unvalidated). */
export async function readProject(db: IDBDatabase, id: string): Promise<StoredProject | undefined> {
  const rec = (await promised(db.transaction(PROJECTS).objectStore(PROJECTS).get(id))) as StoredProject | undefined;
  if (!rec || typeof rec !== 'object') return rec;
  return { ...rec, docs: (await docsFromStorage(rec.docs)) as StoredProject['docs'], traces: (await tracesFromStorage(rec.traces)) as StoredProject['traces'] };
}

/** The meta key of a project's stored revision (kept beside the record, see {@link saveProject}). */
const revisionKey = (id: string) => `revision:${id}`;

/**
 * Saves a project if the stored revision is still `expected` (0 = not stored yet); otherwise
 * writes nothing and returns the stored record. Also records the project as the last one open.
 * The revision is read from the meta store, where every save puts it beside the record: reading
 * the record itself would deserialise the whole previous project (seconds of main-thread work for
 * a 30,000-rule agent) on every save. Records saved before there was a meta revision are read.
 */
export async function saveProject(db: IDBDatabase, project: ProjectData, expected: number, now: number): Promise<SaveResult> {
  const tx = db.transaction([PROJECTS, META], 'readwrite');
  const projects = tx.objectStore(PROJECTS);
  const meta = tx.objectStore(META);
  const result = await new Promise<SaveResult>((resolve, reject) => {
    const failed = (r: IDBRequest) => () => reject(r.error ?? new Error('IndexedDB read failed'));
    const write = (current: number) => {
      const revision = current + 1;
      projects.put({ ...project, docs: docsForStorage(project.docs), traces: tracesForStorage(project.traces), revision, savedAt: now });
      meta.put(revision, revisionKey(project.id));
      meta.put(project.id, 'lastProjectId');
      resolve({ ok: true, revision });
    };
    const refuse = () => {
      const get = projects.get(project.id);
      get.onerror = failed(get);
      get.onsuccess = () => resolve({ ok: false, stored: get.result as StoredProject });
    };
    const rev = meta.get(revisionKey(project.id));
    rev.onerror = failed(rev);
    rev.onsuccess = () => {
      if (typeof rev.result === 'number') return rev.result === expected ? write(rev.result) : refuse();
      // No revision beside the record: not stored yet, or stored before revisions were kept there.
      const key = projects.getKey(project.id);
      key.onerror = failed(key);
      key.onsuccess = () => {
        if (key.result === undefined) return write(0);
        const get = projects.get(project.id);
        get.onerror = failed(get);
        get.onsuccess = () => {
          const stored = get.result as StoredProject;
          if (stored.revision !== expected) resolve({ ok: false, stored });
          else write(stored.revision);
        };
      };
    };
  });
  await done(tx);
  return result;
}

/** The id of the project saved last (in any tab). */
export async function lastProjectId(db: IDBDatabase): Promise<string | undefined> {
  const v: unknown = await promised(db.transaction(META).objectStore(META).get('lastProjectId'));
  return typeof v === 'string' ? v : undefined;
}

/** Every stored project, most recently saved first. */
export async function listProjects(db: IDBDatabase): Promise<StoredProjectInfo[]> {
  const all = (await promised(db.transaction(PROJECTS).objectStore(PROJECTS).getAll())) as StoredProject[];
  return all
    .map((p) => ({ id: p.id, name: p.name, docCount: Array.isArray(p.docs) ? p.docs.length : 0, savedAt: p.savedAt }))
    .sort((a, b) => b.savedAt - a.savedAt);
}
