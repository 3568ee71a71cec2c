/**
 * Autosave into IndexedDB (fake-indexeddb) with two stores standing for two tabs: saves happen
 * after a pause, reopening restores exactly, and neither tab ever overwrites the other's save.
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createStudioStore, type StudioStore } from '../../src/app/state/store.ts';
import { startAutosave, type Autosave, type Conflict } from '../../src/app/persistence/autosave.ts';
import { lastProjectId, listProjects, openProjectDb, projectOfRecord, readProject } from '../../src/app/persistence/projectDb.ts';
import { BLOB_TRACE_CHARS } from '../../src/app/persistence/traceBlobs.ts';

const ETL = readFileSync('examples/etl-pipeline.toml', 'utf8');
const EXEC = readFileSync('examples/hegel-execution.yaml', 'utf8');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dbCount = 0;
const cleanup: (() => void)[] = [];
afterEach(() => cleanup.splice(0).forEach((f) => f()));

interface Tab {
  store: StudioStore;
  autosave: Autosave;
  conflicts: Conflict[];
}

/** A tab: a store and its autosave on database `name`, announcing saves on `channel`. */
async function tab(name: string, opts: { channel?: string | null; project?: StudioStore } = {}): Promise<Tab> {
  const db = await openProjectDb(indexedDB, name);
  const store = opts.project ?? createStudioStore();
  const conflicts: Conflict[] = [];
  const channel = opts.channel ? new BroadcastChannel(opts.channel) : null;
  const autosave = startAutosave({ store, db, channel, debounceMs: 20, onConflict: (c) => conflicts.push(c) });
  cleanup.push(() => {
    autosave.dispose();
    channel?.close();
    db.close();
  });
  return { store, autosave, conflicts };
}

/** A second tab that opened the stored project `id`, as a reload would. */
async function openedTab(name: string, id: string, channel?: string): Promise<Tab> {
  const t = await tab(name, { channel: channel ?? null });
  const db = await openProjectDb(indexedDB, name);
  const loaded = projectOfRecord(await readProject(db, id));
  db.close();
  if (!loaded) throw new Error('not stored');
  t.autosave.adopt(loaded.project, loaded.revision);
  t.store.getState().loadProject(loaded.project);
  return t;
}

describe('autosave', () => {
  it('saves after a pause, and reopening restores the project exactly', async () => {
    const name = `db-${++dbCount}`;
    const a = await tab(name);
    a.store.getState().importFile('etl-pipeline.toml', ETL);
    a.store.getState().importFile('execution.yaml', EXEC);
    const id = a.store.getState().project.docs[0]!.id;
    a.store.getState().setPositions(id, { connect_db: { x: 10.5, y: -3 } });
    a.store.getState().setText(id, ETL.replace('[[agents.tool_rules]]', '[[agents.tool_rules]')); // half-typed
    expect(a.autosave.status()).toBe('pending');
    await sleep(60);
    await a.autosave.flush();
    expect(a.autosave.status()).toBe('saved');

    const db = await openProjectDb(indexedDB, name);
    const project = a.store.getState().project;
    expect(await lastProjectId(db)).toBe(project.id);
    const rec = await readProject(db, project.id);
    expect(rec?.revision).toBe(1);
    expect(projectOfRecord(rec)?.project).toEqual(project);
    expect(await listProjects(db)).toEqual([{ id: project.id, name: project.name, docCount: 2, savedAt: rec!.savedAt }]);
    db.close();
  });

  it('stores large traces as Blobs and restores their text exactly', async () => {
    const name = `db-${++dbCount}`;
    const a = await tab(name);
    const big = Array.from({ length: 20_000 }, (_, i) => JSON.stringify({ type: 'model_end', time: `2025-01-01T00:00:${String(i % 60).padStart(2, '0')}Z` })).join('\n');
    expect(big.length).toBeGreaterThan(BLOB_TRACE_CHARS);
    a.store.getState().addTrace('big.jsonl', big);
    a.store.getState().addTrace('small.jsonl', '{"type":"model_end","time":"2025-01-01T00:00:00Z"}');
    await sleep(60);
    await a.autosave.flush();

    const db = await openProjectDb(indexedDB, name);
    const id = a.store.getState().project.id;
    const raw = (await new Promise((resolve) => {
      const req = db.transaction('projects').objectStore('projects').get(id);
      req.onsuccess = () => resolve(req.result);
    })) as { traces: { text: string; blob?: Blob }[] };
    expect(raw.traces[0]?.blob).toBeInstanceOf(Blob);
    expect(raw.traces[0]?.text).toBe('');
    expect(raw.traces[1]?.blob).toBeUndefined();
    const restored = projectOfRecord(await readProject(db, id))?.project;
    expect(restored?.traces).toEqual(a.store.getState().project.traces);
    db.close();
  });

  it('coalesces quick edits into one save and bumps the revision per save', async () => {
    const name = `db-${++dbCount}`;
    const a = await tab(name);
    for (const n of ['a', 'b', 'c']) a.store.getState().addAgent(n);
    await sleep(60);
    await a.autosave.flush();
    const db = await openProjectDb(indexedDB, name);
    expect((await readProject(db, a.store.getState().project.id))?.revision).toBe(1);
    a.store.getState().renameProject('Renamed');
    await a.autosave.flush();
    expect((await readProject(db, a.store.getState().project.id))?.revision).toBe(2);
    expect((await readProject(db, a.store.getState().project.id))?.name).toBe('Renamed');
    db.close();
  });

  it('saves the previous project before switching to a new one', async () => {
    const name = `db-${++dbCount}`;
    const a = await tab(name);
    a.store.getState().importFile('etl-pipeline.toml', ETL);
    const first = a.store.getState().project.id;
    a.store.getState().newProject();
    a.store.getState().addAgent('fresh');
    await sleep(60);
    await a.autosave.flush();
    const db = await openProjectDb(indexedDB, name);
    expect((await listProjects(db)).map((p) => p.id).sort()).toEqual([first, a.store.getState().project.id].sort());
    db.close();
  });

  it('refuses to overwrite a newer save from another tab and raises a conflict instead', async () => {
    const name = `db-${++dbCount}`;
    const a = await tab(name);
    a.store.getState().importFile('etl-pipeline.toml', ETL);
    await a.autosave.flush();
    const id = a.store.getState().project.id;
    const b = await openedTab(name, id);

    b.store.getState().renameProject('Edited in B');
    await b.autosave.flush();
    a.store.getState().renameProject('Edited in A');
    await a.autosave.flush();

    expect(a.conflicts).toEqual([{ projectId: id, theirRevision: 2, theirSavedAt: expect.any(Number) }]);
    expect(a.autosave.status()).toBe('conflict');
    const db = await openProjectDb(indexedDB, name);
    expect((await readProject(db, id))?.name).toBe('Edited in B');

    // Further edits in A are not written while the conflict is open.
    a.store.getState().addAgent('more');
    await sleep(60);
    await a.autosave.flush();
    expect((await readProject(db, id))?.revision).toBe(2);
    db.close();
  });

  it('settles a conflict by reloading theirs', async () => {
    const name = `db-${++dbCount}`;
    const a = await tab(name);
    a.store.getState().importFile('etl-pipeline.toml', ETL);
    await a.autosave.flush();
    const id = a.store.getState().project.id;
    const b = await openedTab(name, id);
    b.store.getState().renameProject('Theirs');
    await b.autosave.flush();
    a.store.getState().renameProject('Mine');
    await a.autosave.flush();

    await a.autosave.reloadTheirs();
    expect(a.store.getState().project.name).toBe('Theirs');
    expect(a.autosave.conflict()).toBeUndefined();
    a.store.getState().renameProject('Mine after reload');
    await a.autosave.flush();
    const db = await openProjectDb(indexedDB, name);
    expect(await readProject(db, id)).toMatchObject({ name: 'Mine after reload', revision: 3 });
    db.close();
  });

  it('settles a conflict by keeping mine as a copy, leaving theirs untouched', async () => {
    const name = `db-${++dbCount}`;
    const a = await tab(name);
    a.store.getState().importFile('etl-pipeline.toml', ETL);
    await a.autosave.flush();
    const id = a.store.getState().project.id;
    const b = await openedTab(name, id);
    b.store.getState().renameProject('Theirs');
    await b.autosave.flush();
    a.store.getState().addAgent('mine');
    await a.autosave.flush();

    await a.autosave.keepMineAsCopy();
    const copy = a.store.getState().project;
    expect(copy.id).not.toBe(id);
    expect(copy.name).toBe('Untitled project (copy)');
    const db = await openProjectDb(indexedDB, name);
    expect((await readProject(db, id))?.name).toBe('Theirs');
    expect(projectOfRecord(await readProject(db, copy.id))?.project.docs.map((d) => d.fileName)).toEqual(['etl-pipeline.toml', 'mine.toml']);
    db.close();
  });

  it('follows another tab’s save when it has nothing unsaved, and raises a conflict when it has', async () => {
    const name = `db-${++dbCount}`;
    const ch = `channel-${dbCount}`;
    const a = await tab(name, { channel: ch });
    a.store.getState().importFile('etl-pipeline.toml', ETL);
    await a.autosave.flush();
    const id = a.store.getState().project.id;
    const b = await openedTab(name, id, ch);

    b.store.getState().renameProject('From B');
    await b.autosave.flush();
    await sleep(50);
    expect(a.store.getState().project.name).toBe('From B');
    expect(a.conflicts).toEqual([]);

    a.store.getState().renameProject('A, unsaved'); // pending in A …
    b.store.getState().renameProject('B again'); // … when B saves
    await b.autosave.flush();
    await sleep(50);
    expect(a.conflicts).toEqual([{ projectId: id, theirRevision: 3 }]);
    await a.autosave.flush();
    const db = await openProjectDb(indexedDB, name);
    expect((await readProject(db, id))?.name).toBe('B again');
    db.close();
  });

  it('waits while the project is held (a big text on its way), at most maxHoldMs; a flush never waits', async () => {
    const name = `db-${++dbCount}`;
    const db = await openProjectDb(indexedDB, name);
    const store = createStudioStore();
    let held = true;
    let clock = 0;
    const autosave = startAutosave({ store, db, channel: null, debounceMs: 10, maxHoldMs: 1000, now: () => clock, hold: () => held });
    cleanup.push(() => {
      autosave.dispose();
      db.close();
    });
    const stored = async () => (await readProject(db, store.getState().project.id))?.name;
    store.getState().renameProject('held');
    await sleep(60);
    expect(autosave.status()).toBe('pending');
    expect(await stored()).toBeUndefined();
    held = false; // the text arrived: the next look saves
    await sleep(60);
    expect(autosave.status()).toBe('saved');
    expect(await stored()).toBe('held');

    held = true;
    store.getState().renameProject('held too long');
    await sleep(40);
    expect(autosave.status()).toBe('pending');
    clock += 1000; // held for maxHoldMs: saved anyway
    await sleep(60);
    expect(await stored()).toBe('held too long');

    store.getState().renameProject('page hidden');
    await autosave.flush(); // page hide: saved at once, held or not
    expect(await stored()).toBe('page hidden');
  });
});
