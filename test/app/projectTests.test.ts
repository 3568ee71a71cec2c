/** Rule-set test files in the project: bundle schema 2, the v1 → v2 migration, and round trips through bundles and share links. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeBundle, encodeBundle } from '../../src/core/project/bundle.ts';
import { decodeShareLink, encodeShareLink } from '../../src/core/project/shareLink.ts';
import { bundleOfProject, projectOfBundle } from '../../src/app/persistence/projectBundle.ts';
import { projectOfRecord } from '../../src/app/persistence/projectDb.ts';
import { createStudioStore } from '../../src/app/state/store.ts';

const ETL = readFileSync('examples/etl-pipeline.toml', 'utf8');
const TEST = readFileSync('examples/etl-pipeline.test.yaml', 'utf8');
const WALK = readFileSync('examples/traces/etl-walkthrough.yaml', 'utf8');

function projectWithTest() {
  const store = createStudioStore();
  store.getState().importFile('etl-pipeline.toml', ETL);
  store.getState().addTrace('traces/etl-walkthrough.yaml', WALK);
  const id = store.getState().addTest('etl-pipeline.test.yaml', TEST);
  return { store, id };
}

describe('tests in the project', () => {
  it('are added, edited and removed through store actions, each an undo step', () => {
    const { store, id } = projectWithTest();
    store.getState().setTestText(id, `${TEST}# more\n`);
    expect(store.getState().project.tests?.[0]?.text.endsWith('# more\n')).toBe(true);
    store.getState().undo();
    expect(store.getState().project.tests?.[0]?.text).toBe(TEST);
    store.getState().removeTest(id);
    expect(store.getState().project.tests).toEqual([]);
    store.getState().undo();
    expect(store.getState().project.tests?.map((t) => t.name)).toEqual(['etl-pipeline.test.yaml']);
  });

  it('round-trip through the bundle byte for byte', () => {
    const { store } = projectWithTest();
    const encoded = encodeBundle(bundleOfProject(store.getState().project));
    if (!encoded.ok) throw new Error(encoded.message);
    expect(JSON.parse(encoded.text).schemaVersion).toBe(2);
    const decoded = decodeBundle(encoded.text);
    if (!decoded.ok) throw new Error(decoded.message);
    const back = projectOfBundle(decoded.bundle, { fresh: true });
    expect(back.tests).toEqual(store.getState().project.tests);
  });

  it('round-trip through a share link', async () => {
    const { store } = projectWithTest();
    const { id: _id, ...bundle } = bundleOfProject(store.getState().project);
    const link = await encodeShareLink(bundle);
    const r = await decodeShareLink(`#share=${link}`);
    if (!r.ok) throw new Error(r.message);
    expect(r.bundle.tests).toEqual(store.getState().project.tests);
    expect(r.bundle.tests?.[0]?.text).toBe(TEST);
  });

  it('survive the stored record (autosave) form', () => {
    const { store } = projectWithTest();
    const loaded = projectOfRecord({ ...store.getState().project, revision: 3 });
    expect(loaded?.project.tests).toEqual(store.getState().project.tests);
  });

  it('a schema 1 bundle migrates to schema 2 with no tests; a bundle from a newer version is refused', () => {
    const v1 = { schemaVersion: 1, name: 'p', docs: [], traces: [{ id: 't', name: 't.yaml', text: 'steps: []\n' }] };
    const r = decodeBundle(JSON.stringify(v1));
    expect(r.ok && r.bundle).toEqual({ schemaVersion: 2, name: 'p', docs: [], traces: [{ id: 't', name: 't.yaml', text: 'steps: []\n' }] });
    expect(decodeBundle({ schemaVersion: 3, name: 'p', docs: [] })).toEqual({ ok: false, message: 'This project was made by a newer Rule Studio (schema 3; this one reads up to 2).' });
  });

  it('refuses two test files with one id, naming where', () => {
    const tests = [0, 1].map(() => ({ id: 'same', name: 'a.test.yaml', text: '' }));
    const r = decodeBundle({ schemaVersion: 2, name: 'p', docs: [], tests });
    expect(r).toEqual({ ok: false, message: 'The project bundle is not valid: tests[1].id: "same" is used by two test files.' });
  });
});
