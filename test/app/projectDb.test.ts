/**
 * saveProject's revision check: the revision is kept in the meta store beside each record (so a
 * save never reads the whole stored project back), and records stored before that are still
 * checked by their own revision.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openProjectDb, projectOfRecord, readProject, saveProject } from '../../src/app/persistence/projectDb.ts';
import { BLOB_TRACE_CHARS } from '../../src/app/persistence/traceBlobs.ts';
import type { ProjectData } from '../../src/app/state/store.ts';

const project = (name: string): ProjectData => ({ id: 'p1', name, docs: [] });
let n = 0;

describe('saveProject', () => {
  it('counts revisions from 1 and refuses a save built on a revision that moved on', async () => {
    const db = await openProjectDb(indexedDB, `projectDb-${++n}`);
    expect(await saveProject(db, project('a'), 0, 1)).toEqual({ ok: true, revision: 1 });
    expect(await saveProject(db, project('b'), 1, 2)).toEqual({ ok: true, revision: 2 });
    const refused = await saveProject(db, project('c'), 1, 3);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect([refused.stored.name, refused.stored.revision]).toEqual(['b', 2]);
    expect((await readProject(db, 'p1'))?.name).toBe('b');
    // A first save of a project someone else stored already is refused too.
    expect((await saveProject(db, project('d'), 0, 4)).ok).toBe(false);
    db.close();
  });

  it('checks a record stored without a revision beside it by the record’s own revision', async () => {
    const name = `projectDb-${++n}`;
    const db = await openProjectDb(indexedDB, name);
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('projects', 'readwrite');
      tx.objectStore('projects').put({ ...project('old'), revision: 7, savedAt: 0 });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    const refused = await saveProject(db, project('x'), 3, 1);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.stored.revision).toBe(7);
    expect(await saveProject(db, project('y'), 7, 2)).toEqual({ ok: true, revision: 8 });
    // From then on the revision beside the record is the one checked.
    expect((await saveProject(db, project('z'), 7, 3)).ok).toBe(false);
    expect(await saveProject(db, project('z'), 8, 3)).toEqual({ ok: true, revision: 9 });
    db.close();
  });

  it('keeps a trace’s lead-in note, with its text or in a Blob (a large trace), through a save and a read', async () => {
    const db = await openProjectDb(indexedDB, `projectDb-${++n}`);
    const big = 'x'.repeat(BLOB_TRACE_CHARS);
    const traces = [
      { id: 't1', name: 'small.jsonl', text: '', note: 'Before the first step.' },
      { id: 't2', name: 'big.jsonl', text: big, note: 'A long one.' },
      { id: 't3', name: 'plain.jsonl', text: '' },
    ];
    await saveProject(db, { ...project('noted'), traces }, 0, 1);
    const read = projectOfRecord(await readProject(db, 'p1'));
    expect(read?.project.traces?.map((t) => [t.id, t.note, t.text.length])).toEqual([
      ['t1', 'Before the first step.', 0],
      ['t2', 'A long one.', BLOB_TRACE_CHARS],
      ['t3', undefined, 0],
    ]);
    db.close();
  });
});
