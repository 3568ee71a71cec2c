/**
 * The edit journal (fake-indexeddb and a Map-backed storage): what a page writes synchronously as it
 * unloads comes back at the next start, never over a newer save, and storage failures are named.
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createStudioStore } from '../../src/app/state/store.ts';
import { startAutosave } from '../../src/app/persistence/autosave.ts';
import { JOURNAL_PREFIX, JOURNAL_TRACE_CHARS, replayJournal, writeJournal } from '../../src/app/persistence/journal.ts';
import { listProjects, openProjectDb, projectOfRecord, readProject, saveProject } from '../../src/app/persistence/projectDb.ts';
import { describeStorageError } from '../../src/app/persistence/storageErrors.ts';
import { memoryStorage } from '../support/memoryStorage.ts';

const ETL = readFileSync('examples/etl-pipeline.toml', 'utf8');
const EXEC = readFileSync('examples/hegel-execution.yaml', 'utf8');

let dbCount = 0;
const dbs: IDBDatabase[] = [];
afterEach(() => dbs.splice(0).forEach((db) => db.close()));
const freshDb = async () => {
  const db = await openProjectDb(indexedDB, `journal-${++dbCount}`);
  dbs.push(db);
  return db;
};

describe('the edit journal', () => {
  it('brings back a change made just before the page went away, as the next stored revision', async () => {
    const db = await freshDb();
    const storage = memoryStorage();
    const store = createStudioStore();
    const autosave = startAutosave({ store, db, channel: null, debounceMs: 10_000 });
    store.getState().importFile('etl.toml', ETL);
    // The page unloads before the debounce: only the synchronous journal write happens.
    const unsaved = autosave.unsaved();
    expect(unsaved?.baseRevision).toBe(0);
    expect(writeJournal(storage, unsaved!.project, unsaved!.baseRevision, 1000)).toEqual({ ok: true });
    autosave.dispose();

    expect(await replayJournal(storage, db, 2000)).toEqual([]);
    const restored = projectOfRecord(await readProject(db, store.getState().project.id));
    expect(restored?.revision).toBe(1);
    expect(restored?.project.docs.map((d) => d.text)).toEqual([ETL]);
    expect(storage.map.size).toBe(0);
  });

  it('has nothing unsaved once a save has stored the open project', async () => {
    const db = await freshDb();
    const store = createStudioStore();
    const saved: unknown[] = [];
    const autosave = startAutosave({ store, db, channel: null, debounceMs: 10_000, onSaved: (p) => saved.push(p) });
    store.getState().importFile('etl.toml', ETL);
    await autosave.flush();
    expect(autosave.unsaved()).toBeUndefined();
    expect(saved).toEqual([store.getState().project]);
    autosave.dispose();
  });

  it('never applies a journal over a newer save; a different change is kept as a recovered copy', async () => {
    const db = await freshDb();
    const storage = memoryStorage();
    const store = createStudioStore();
    store.getState().importFile('etl.toml', ETL);
    const project = store.getState().project;
    expect((await saveProject(db, project, 0, 1)).ok).toBe(true);
    writeJournal(storage, { ...project, docs: [] }, 1, 2);
    // Another tab saves revision 2 with other content before this journal is replayed.
    expect((await saveProject(db, { ...project, name: 'theirs' }, 1, 3)).ok).toBe(true);

    const notices = await replayJournal(storage, db, 4);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('(recovered)');
    expect((await readProject(db, project.id))?.name).toBe('theirs');
    const names = (await listProjects(db)).map((p) => p.name).sort();
    expect(names).toEqual([`${project.name} (recovered)`, 'theirs']);
  });

  it('drops a journal whose content was stored anyway (the last flush made it)', async () => {
    const db = await freshDb();
    const storage = memoryStorage();
    const store = createStudioStore();
    store.getState().importFile('etl.toml', ETL);
    const project = store.getState().project;
    writeJournal(storage, project, 0, 1);
    await saveProject(db, project, 0, 2);
    expect(await replayJournal(storage, db, 3)).toEqual([]);
    expect((await listProjects(db)).length).toBe(1);
    expect(storage.map.size).toBe(0);
  });

  it('leaves large traces out of the journal and takes them from the stored copy', async () => {
    const db = await freshDb();
    const storage = memoryStorage();
    const store = createStudioStore();
    store.getState().importFile('etl.toml', ETL);
    store.getState().addTrace('big.jsonl', 'x'.repeat(JOURNAL_TRACE_CHARS + 1));
    const project = store.getState().project;
    await saveProject(db, project, 0, 1);
    store.getState().importFile('exec.yaml', EXEC);
    writeJournal(storage, store.getState().project, 1, 2);
    expect([...storage.map.values()][0]!.length).toBeLessThan(JOURNAL_TRACE_CHARS);
    expect(await replayJournal(storage, db, 3)).toEqual([]);
    const restored = projectOfRecord(await readProject(db, project.id));
    expect(restored?.project.docs).toHaveLength(2);
    expect(restored?.project.traces?.[0]?.text.length).toBe(JOURNAL_TRACE_CHARS + 1);
  });

  it('ignores damaged entries and entries filed under another project', async () => {
    const db = await freshDb();
    const storage = memoryStorage();
    storage.setItem(`${JOURNAL_PREFIX}p1`, '{not json');
    storage.setItem(`${JOURNAL_PREFIX}p2`, JSON.stringify({ v: 1, baseRevision: 0, writtenAt: 0, project: { id: 'p3', name: 'x', docs: [] } }));
    expect(await replayJournal(storage, db, 1)).toEqual([]);
    expect(storage.map.size).toBe(0);
    expect(await listProjects(db)).toEqual([]);
  });

  it('says what failed, why and what to do when storage is full', () => {
    const store = createStudioStore();
    const written = writeJournal(memoryStorage({ full: true }), store.getState().project, 0, 1);
    expect(written.ok).toBe(false);
    expect(!written.ok && written.message).toMatch(/^The unsaved changes could not be kept for the next visit: the browser's storage for this site is full \(QuotaExceededError\)\. Export a project bundle/);
  });
});

describe('describeStorageError', () => {
  it.each([
    [new DOMException('', 'QuotaExceededError'), /^Autosave failed: the browser's storage for this site is full \(QuotaExceededError\)\. Export/],
    [new DOMException('', 'UnknownError'), /^Autosave failed: UnknownError\. Export a project bundle/],
    [new Error('Disk I/O.'), /^Autosave failed: Disk I\/O\. Export/],
    [new Error(''), /^Autosave failed: the browser gave no reason\. Export/],
    ['', /^Autosave failed: the browser gave no reason\. Export/],
  ])('never leaves the reason empty (%s)', (error, expected) => {
    const text = describeStorageError(error, 'Autosave failed');
    expect(text).toMatch(expected);
    expect(text).not.toContain(': .');
  });
});
