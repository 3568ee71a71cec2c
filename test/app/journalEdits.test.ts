/**
 * The journal holds the edit, not the project (issue 29): with a 2.4-million-character agent open
 * and stored, a pasted small agent reloaded away 30 ms later used to be lost — the journal of the
 * whole project (text, model, layout: ~3× the text) exceeded localStorage's quota, so nothing was
 * written, and nothing said so. Now unchanged documents are references, a changed big text is the
 * span that changed, and a refused write leaves a marker the next start turns into a warning.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { startAutosave } from '../../src/app/persistence/autosave.ts';
import { JOURNAL_FAILED_KEY, JOURNAL_PREFIX, replayJournal, writeJournal } from '../../src/app/persistence/journal.ts';
import { openProjectDb, projectOfRecord, readProject, saveProject } from '../../src/app/persistence/projectDb.ts';
import type { AgentDoc } from '../../src/app/state/documents.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { compactAgentToml } from '../support/bigAgent.ts';
import { memoryStorage } from '../support/memoryStorage.ts';

/** Chromium's localStorage quota: 5,242,880 UTF-16 code units per origin (keys and values). */
const QUOTA_CHARS = 5 * 1024 * 1024;

const quotaStorage = (quota = QUOTA_CHARS) => memoryStorage({ quota });

/** 40,500 compactly written rules: 2.4 million characters, the size of the agent. */
const BIG = compactAgentToml(40_500);
const SMALL = '[[agents]]\nname = "pasted"\ntools = ["a"]\n';

let n = 0;
const dbs: IDBDatabase[] = [];
afterEach(() => dbs.splice(0).forEach((db) => db.close()));
const freshDb = async () => {
  const db = await openProjectDb(indexedDB, `journal-edits-${++n}`);
  dbs.push(db);
  return db;
};

/** A studio with the big agent open and stored, autosave waiting long (the page goes first). */
async function bigStored() {
  const db = await freshDb();
  const store = createStudioStore();
  const autosave = startAutosave({ store, db, channel: null, debounceMs: 60_000 });
  store.getState().importFile('big.toml', BIG);
  await autosave.flush();
  expect(autosave.unsaved()).toBeUndefined();
  return { db, store, autosave };
}

describe('the journal holds the edit', () => {
  it('the big agent is 2.4 million characters', () => {
    expect(BIG.length).toBeGreaterThan(2_400_000);
    expect(BIG.length).toBeLessThan(2_500_000);
  });

  it('repro: a pasted small agent beside the 2.4M-character agent is journaled and comes back', async () => {
    const { db, store, autosave } = await bigStored();
    const storage = quotaStorage();
    store.getState().importFile('pasted.toml', SMALL);
    const unsaved = autosave.unsaved()!;
    expect(unsaved.base).toBeDefined();
    // the whole project, as the journal wrote it before (text, model, layout), does not fit
    expect(JSON.stringify(unsaved.project).length).toBeGreaterThan(QUOTA_CHARS);
    expect(writeJournal(storage, unsaved.project, unsaved.baseRevision, 1, unsaved.base)).toEqual({ ok: true });
    expect([...storage.map.values()][0]!.length).toBeLessThan(10_000);
    autosave.dispose();

    expect(await replayJournal(storage, db, 2)).toEqual([]);
    const restored = projectOfRecord(await readProject(db, store.getState().project.id))!;
    expect(restored.revision).toBe(2);
    expect(restored.project.docs.map((d) => d.fileName)).toEqual(['big.toml', 'pasted.toml']);
    expect(restored.project.docs[0]!.text).toBe(BIG);
    expect((restored.project.docs[1] as AgentDoc).agent.name).toBe('pasted');
    expect(storage.map.size).toBe(0);
  });

  it('a change typed in the big text is journaled as the span that changed, and its model is read again on replay', async () => {
    const { db, store, autosave } = await bigStored();
    const storage = quotaStorage();
    const doc = store.getState().project.docs[0] as AgentDoc;
    const edited = BIG.replace('name = "big"', 'name = "bigger"');
    expect(edited).not.toBe(BIG);
    store.getState().setText(doc.id, edited);
    const unsaved = autosave.unsaved()!;
    expect(writeJournal(storage, unsaved.project, unsaved.baseRevision, 1, unsaved.base)).toEqual({ ok: true });
    const entry = [...storage.map.values()][0]!;
    expect(entry.length).toBeLessThan(10_000);
    expect(entry).toContain('"insert":"ger"');
    autosave.dispose();

    expect(await replayJournal(storage, db, 2)).toEqual([]);
    const restored = projectOfRecord(await readProject(db, doc.id === undefined ? '' : store.getState().project.id))!;
    expect(restored.project.docs[0]!.text).toBe(edited);
    expect((restored.project.docs[0] as AgentDoc).agent.name).toBe('bigger');
  });

  it('a splice whose stored text changed since is not applied over it: the document is named as lost', async () => {
    const { db, store, autosave } = await bigStored();
    const storage = quotaStorage();
    const project = store.getState().project;
    store.getState().setText(project.docs[0]!.id, BIG.replace('name = "big"', 'name = "mine"'));
    const unsaved = autosave.unsaved()!;
    writeJournal(storage, unsaved.project, unsaved.baseRevision, 1, unsaved.base);
    autosave.dispose();
    // another tab stores a different text of the same document first
    const theirs = { ...project, docs: [{ ...project.docs[0]!, text: BIG.replace('name = "big"', 'name = "theirs"') }] };
    expect((await saveProject(db, theirs, 1, 2)).ok).toBe(true);
    const notices = await replayJournal(storage, db, 3);
    expect(notices).toContainEqual(expect.stringMatching(/^1 document\(s\) changed just before your last visit ended could not be brought back/));
    const kept = projectOfRecord(await readProject(db, project.id))!;
    expect(kept.project.docs[0]!.text).toContain('name = "theirs"');
  });

  it('warns at the next start when storage refused the journal', async () => {
    const db = await freshDb();
    const store = createStudioStore();
    store.getState().importFile('pasted.toml', SMALL);
    const storage = quotaStorage(2_000);
    const written = writeJournal(storage, { ...store.getState().project, name: 'x'.repeat(3_000) }, 0, 1);
    expect(written.ok).toBe(false);
    expect(storage.map.has(JOURNAL_FAILED_KEY)).toBe(false); // even the marker did not fit this tiny quota
    const roomy = quotaStorage();
    expect(writeJournal(roomy, store.getState().project, 0, 1)).toEqual({ ok: true });
    // a full storage refusing the entry but taking the marker
    const full = quotaStorage(600);
    const refused = writeJournal(full, { ...store.getState().project, name: 'Mine', docs: [{ ...store.getState().project.docs[0]!, text: SMALL.repeat(50) }] }, 0, 1);
    expect(refused.ok).toBe(false);
    expect(full.map.has(JOURNAL_FAILED_KEY)).toBe(true);
    expect([...full.map.keys()].some((k) => k.startsWith(JOURNAL_PREFIX))).toBe(false);
    const notices = await replayJournal(full, db, 2);
    expect(notices).toEqual([expect.stringMatching(/^Changes made just before your last visit ended to “Mine” may be missing\. The unsaved changes could not be kept for the next visit: the browser's storage for this site is full/)]);
    expect(full.map.has(JOURNAL_FAILED_KEY)).toBe(false);
  });
});
