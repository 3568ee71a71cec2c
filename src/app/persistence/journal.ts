/**
 * The edit journal: the unsaved edit of a project, written synchronously to localStorage when the
 * page is hidden or unloaded (IndexedDB writes are asynchronous and a reload does not wait for
 * them), and replayed into IndexedDB at the next start-up, before the project is restored. An
 * entry records the stored revision it was based on, so a journal older than a save made since
 * (by this tab's last flush or by another tab) is never applied over it.
 *
 * The journal holds the edit, not the project: a document unchanged since the stored copy is a
 * reference to it, a changed text is the one span that changed (checked against the stored text's
 * hash), and the model of a big text is left out and read again from the text on replay. So
 * pasting a small agent beside a 2.4-million-character one journals the small one only; the
 * whole project (text, model and layout, three times the text) would not fit localStorage.
 * When storage refuses the entry anyway, a small marker says so at the next start.
 */
import type { Agent } from '../../core/model/toolRules.ts';
import type { Workflow } from '../../core/model/workflow.ts';
import { readDocText, type RuleDoc } from '../state/documents.ts';
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

/** Texts up to this many characters keep their model in the journal; longer ones are read again on replay. */
export const JOURNAL_MODEL_TEXT_CHARS = 64 * 1024;
/** The marker a failed journal write leaves for the next start (it is small enough to fit when the entry did not). */
export const JOURNAL_FAILED_KEY = 'rule-studio.journal-failed';

/** A document as stored at the journal's base revision, unchanged. */
interface StoredDocRef {
  id: string;
  stored: true;
}

/** The one span of a text that changed since the stored copy: `remove` characters at `at` replaced by `insert`. */
interface TextSplice {
  /** {@link textHash} and length of the stored text the splice applies to. */
  baseHash: number;
  baseLength: number;
  at: number;
  remove: number;
  insert: string;
}

/** A changed or new document: the document, its text whole or as a splice, its model when small. */
type JournalDoc = Omit<RuleDoc, 'text' | 'agent' | 'workflow'> & {
  kind: RuleDoc['kind'];
  text?: string;
  textSplice?: TextSplice;
  agent?: Agent;
  workflow?: Workflow;
};

interface JournalEntry {
  v: 2;
  baseRevision: number;
  writtenAt: number;
  project: Omit<ProjectData, 'traces' | 'docs'> & { docs: (StoredDocRef | JournalDoc)[]; traces?: (TraceDoc | OmittedTrace)[] };
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

/** A 32-bit FNV-1a hash of a text's UTF-16 code units (to check a splice's base; not cryptographic). */
export function textHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The splice that turns `base` into `text` (their common start and end kept). */
function spliceOf(base: string, text: string): TextSplice {
  const max = Math.min(base.length, text.length);
  let start = 0;
  while (start < max && base.charCodeAt(start) === text.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && base.charCodeAt(base.length - 1 - end) === text.charCodeAt(text.length - 1 - end)) end++;
  return { baseHash: textHash(base), baseLength: base.length, at: start, remove: base.length - start - end, insert: text.slice(start, text.length - end) };
}

/** One document of the entry: a reference when unchanged since `base`, else what changed. */
function journalDoc(doc: RuleDoc, base: RuleDoc | undefined): StoredDocRef | JournalDoc {
  if (doc === base) return { id: doc.id, stored: true };
  const { text, ...rest } = doc;
  const out: JournalDoc = base && base.kind === doc.kind && text.length > JOURNAL_MODEL_TEXT_CHARS ? { ...rest, textSplice: spliceOf(base.text, text) } : { ...rest, text };
  // A big model is read again from its text; one whose text is still being written is kept (its text lags it).
  if (text.length > JOURNAL_MODEL_TEXT_CHARS && !doc.pendingText) {
    delete out.agent;
    delete out.workflow;
  }
  return out;
}

/**
 * Writes the unsaved edit of `project` to the journal, synchronously: `base` is the project as
 * stored at revision `baseRevision` (absent when it was never stored), and only what differs from
 * it is written. When storage refuses, a small marker is left for the next start to say so.
 */
export function writeJournal(storage: JournalStorage, project: ProjectData, baseRevision: number, now: number, base?: ProjectData): JournalWrite {
  const baseDocs = new Map((base?.id === project.id ? base.docs : []).map((d) => [d.id, d]));
  const entry: JournalEntry = {
    v: 2,
    baseRevision,
    writtenAt: now,
    project: {
      ...project,
      docs: project.docs.map((d) => journalDoc(d, baseDocs.get(d.id))),
      ...(project.traces
        ? { traces: project.traces.map((t) => (t.text.length > JOURNAL_TRACE_CHARS ? { id: t.id, name: t.name, omitted: true as const } : t)) }
        : {}),
    },
  };
  try {
    storage.setItem(JOURNAL_PREFIX + project.id, JSON.stringify(entry));
    storage.removeItem(JOURNAL_FAILED_KEY);
    return { ok: true };
  } catch (e) {
    const message = describeStorageError(e, 'The unsaved changes could not be kept for the next visit');
    try {
      storage.setItem(JOURNAL_FAILED_KEY, JSON.stringify({ projectId: project.id, name: project.name, at: now, message }));
    } catch {
      // Nothing more can be written: the page says so while it is still shown.
    }
    return { ok: false, message };
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

/** Whether the journal holds anything for {@link replayJournal} (an entry, or a failed write's marker). */
export function hasJournal(storage: JournalStorage): boolean {
  try {
    return storage.getItem(JOURNAL_FAILED_KEY) !== null || journalKeys(storage).length > 0;
  } catch {
    return false;
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
    return v.v === 2 && typeof v.baseRevision === 'number' && typeof v.project === 'object' && v.project !== null && Array.isArray(v.project.docs) ? (v as JournalEntry) : undefined;
  } catch {
    return undefined;
  }
}

/** The notice for the marker a failed journal write left. */
function failedNotice(text: string): string {
  try {
    const v = JSON.parse(text) as { name?: unknown; message?: unknown };
    if (typeof v.message === 'string') return `Changes made just before your last visit ended${typeof v.name === 'string' ? ` to “${v.name}”` : ''} may be missing. ${v.message}`;
  } catch {
    // a damaged marker still says something was lost
  }
  return 'Changes made just before your last visit ended may be missing: the browser refused to keep them.';
}

/** An empty model for a document whose text does not read and that has no stored model. */
const emptyModel = (d: JournalDoc): { agent: Agent } | { workflow: Workflow } =>
  d.kind === 'agent' ? { agent: { name: '', tools: [], rules: [] } } : { workflow: { name: '', mode: '', start_node: '', nodes: [] } };

/**
 * A journaled document back as a document: the stored one for a reference, else its text (the
 * splice applied to the stored text) and its model (from the journal, else read from the text,
 * else the stored model — the last good graph, as the editor keeps it). Undefined when it cannot
 * be rebuilt (its stored base is gone or changed).
 */
function docOfJournal(d: StoredDocRef | JournalDoc, stored: RuleDoc | undefined): RuleDoc | undefined {
  if ('stored' in d) return stored;
  let text = d.text;
  if (text === undefined) {
    const sp = d.textSplice;
    if (!sp || !stored || stored.text.length !== sp.baseLength || textHash(stored.text) !== sp.baseHash) return undefined;
    text = stored.text.slice(0, sp.at) + sp.insert + stored.text.slice(sp.at + sp.remove);
  }
  const { textSplice: _splice, ...rest } = d;
  if (d.agent || d.workflow) return { ...rest, text } as RuleDoc;
  const reading = readDocText(d.kind, d.fileName, text, stored?.kind === 'agent' ? stored.agent.name : undefined);
  const model = reading.ok
    ? d.kind === 'agent' ? { agent: reading.model as Agent } : { workflow: reading.model as Workflow }
    : stored && stored.kind === d.kind ? (stored.kind === 'agent' ? { agent: stored.agent } : { workflow: stored.workflow }) : emptyModel(d);
  return { ...rest, text, ...model } as RuleDoc;
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
  const failed = storage.getItem(JOURNAL_FAILED_KEY);
  if (failed !== null) {
    storage.removeItem(JOURNAL_FAILED_KEY);
    notices.push(failedNotice(failed));
  }
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
      let lostDocs = 0;
      const traces = entry.project.traces?.flatMap((t): TraceDoc[] => {
        if (!('omitted' in t)) return [t];
        const kept = storedTraces.get(t.id);
        if (kept) return [kept];
        missing++;
        return [];
      });
      const storedDocs = new Map(((projectOfRecord(stored)?.project.docs ?? []) as RuleDoc[]).map((d) => [d.id, d]));
      const docs = entry.project.docs.flatMap((d): RuleDoc[] => {
        const doc = docOfJournal(d, storedDocs.get(d.id));
        if (!doc) lostDocs++;
        return doc ? [doc] : [];
      });
      const loaded = projectOfRecord({ ...entry.project, docs, ...(traces ? { traces } : {}), revision: entry.baseRevision });
      if (!loaded) {
        notices.push('Unsaved changes from your last visit could not be read back (the saved copy is damaged); the project was restored as last saved.');
      } else if ((stored?.revision ?? 0) === entry.baseRevision) {
        await saveProject(db, loaded.project, entry.baseRevision, now);
      } else if (!stored || !sameContent(projectOfRecord(stored)?.project ?? loaded.project, loaded.project)) {
        const copy = { ...loaded.project, id: newProjectId(), name: `${loaded.project.name} (recovered)` };
        await saveProject(db, copy, 0, now);
        notices.push(`"${loaded.project.name}" was changed in another tab after your last visit; your unsaved changes are kept as "${copy.name}" (Projects).`);
      }
      if (lostDocs > 0) notices.push(`${lostDocs} document(s) changed just before your last visit ended could not be brought back (the saved copy they were based on changed since); the rest of the changes were.`);
      if (missing > 0) notices.push(`${missing} large trace(s) added just before your last visit ended were not saved in time; import them again.`);
    } catch (e) {
      notices.push(describeStorageError(e, 'Unsaved changes from your last visit could not be saved'));
      continue;
    }
    storage.removeItem(key);
  }
  return notices;
}
