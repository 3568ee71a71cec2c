/**
 * Big documents are stored as their text, in a Blob (issue 9.3): cloning a 30,000-rule model and
 * its 3.7 MB text into IndexedDB held the page for over a second. A big document whose text reads
 * cleanly is stored with its rules left out and gets them back by reading its text when the
 * project is opened; small documents, and big ones whose text does not read cleanly or has not
 * been read yet, keep their model.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { docsForStorage, docsFromStorage, storedAsText } from '../../src/app/persistence/docStorage.ts';
import { openProjectDb, projectOfRecord, readProject, saveProject } from '../../src/app/persistence/projectDb.ts';
import { installOffThreadReading } from '../../src/app/analysis/offThreadReading.ts';
import { createStudioStore, type ProjectData } from '../../src/app/state/store.ts';
import { diagnosticsOf, docsFromFile, OFF_THREAD_CHARS, primeDiagnostics, type AgentDoc } from '../../src/app/state/documents.ts';
import { toolGraphOf } from '../../src/app/graph/docGraph.ts';
import { bigAgentToml } from '../support/bigAgent.ts';
import { analyseImport } from '../../src/worker/importService.ts';
import { adoptAnalysis } from '../../src/app/analysis/docAnalysis.ts';

const BIG = bigAgentToml(3000);
const bigDoc = () => docsFromFile('big.toml', BIG).docs[0] as AgentDoc;
let remove: (() => void) | undefined;
afterEach(() => {
  remove?.();
  remove = undefined;
});

describe('the stored form of documents', () => {
  it('keeps a big document’s text in a Blob, and leaves out its rules when its text is known to read cleanly', async () => {
    expect(BIG.length).toBeGreaterThan(OFF_THREAD_CHARS);
    const doc = bigDoc();
    // Not read yet (a big paste being read): stored at once as its text, its big model left out.
    expect(storedAsText(doc)).toBe(true);
    diagnosticsOf(doc); // read in place (no off-thread reader installed)
    expect(storedAsText(doc)).toBe(true);
    const [stored] = docsForStorage([doc]) as (AgentDoc & { textBlob: Blob })[];
    expect(stored!.agent.rules).toEqual([]);
    expect(stored!.text).toBe('');
    expect(await stored!.textBlob.text()).toBe(doc.text);
    expect((docsForStorage([doc])[0] as { textBlob: Blob }).textBlob).toBe(stored!.textBlob); // made once per text
    expect(stored!.layout).toBe(doc.layout);
    expect(stored!.agent.name).toBe('big');
    expect(stored!.agent.tools).toBe(doc.agent.tools);
    expect(doc.agent.rules).toHaveLength(3000); // the document itself is untouched

    // A new document object with the same text (a layout change) is still known to read cleanly.
    const moved = { ...doc, layout: { tool_00000: { x: 1, y: 2 } } };
    expect(storedAsText(moved)).toBe(true);
    // Not read yet with a small model (the last good one, cheap to clone): the model is kept.
    const fewRules = { ...doc, text: `${doc.text}\n# edited`, agent: { ...doc.agent, tools: [], rules: doc.agent.rules.slice(0, 10) } };
    expect(storedAsText(fewRules)).toBe(false);
    // A graph edit whose text is still being written: the model is ahead of the text, so it is kept.
    const writing: AgentDoc = { ...doc, agent: { ...doc.agent, rules: doc.agent.rules.slice(1) }, pendingText: { base: doc.agent } };
    expect(storedAsText(writing)).toBe(false);
    expect((docsForStorage([writing])[0] as AgentDoc).agent.rules).toHaveLength(2999);

    const small = docsFromFile('small.toml', '[[agents]]\nname = "a"\ntools = ["x"]\n[[agents.tool_rules]]\ntool_name = "x"\nrule_type = { type = "MaxCalls", value = 2 }\n').docs[0] as AgentDoc;
    diagnosticsOf(small);
    expect(docsForStorage([small])[0]).toBe(small);

    const broken = { ...doc, text: `${BIG}\n[[agents.tool_rules]\n` };
    primeDiagnostics(broken, { diagnostics: [], textApplies: false });
    const [kept] = docsForStorage([broken]) as (AgentDoc & { textBlob: Blob })[];
    expect(kept!.agent).toBe(broken.agent);
    expect(await kept!.textBlob.text()).toBe(broken.text);
    // Read back from storage, each is its document again.
    expect(await docsFromStorage(docsForStorage([broken, small]))).toEqual([broken, small]);
  });

  it('keeps the rules and the pending edit of a big document whose edited text is still being written', () => {
    const doc = bigDoc();
    diagnosticsOf(doc);
    const pending: AgentDoc = { ...doc, agent: { ...doc.agent, rules: doc.agent.rules.slice(1) }, pendingText: { base: doc.agent } };
    expect(storedAsText(pending)).toBe(false);
    const [stored] = docsForStorage([pending]) as AgentDoc[];
    expect(stored!.agent.rules).toHaveLength(2999);
    expect(stored!.pendingText?.base).toBe(doc.agent);
  });

  it('stores the Blob the analysis made of a big text (off the main thread) rather than making another', async () => {
    const doc = bigDoc();
    const analysis = await analyseImport({ name: 'big.toml', text: BIG });
    const blob = analysis.analyses[0]!.textBlob!;
    expect(await blob.text()).toBe(BIG);
    const adopted = adoptAnalysis(doc, analysis.analyses[0]!);
    expect((docsForStorage([adopted])[0] as { textBlob: Blob }).textBlob).toBe(blob);
    // A small text gets none.
    const small = await analyseImport({ name: 'a.toml', text: '[[agents]]\nname = "a"\ntools = ["x"]\n' });
    expect(small.analyses[0]!.textBlob).toBeUndefined();
  });

  it('keeps the Blobs of a document’s last texts: a text brought back by undo or redo is not made into a Blob again', () => {
    const doc = bigDoc();
    const edited = (n: number): AgentDoc => ({ ...doc, text: `${doc.text}\n# edit ${n}` });
    const blobOf = (d: AgentDoc) => (docsForStorage([d])[0] as { textBlob: Blob }).textBlob;
    const first = blobOf(doc);
    const second = blobOf(edited(1));
    expect(second).not.toBe(first);
    expect(blobOf(doc)).toBe(first); // undo
    expect(blobOf(edited(1))).toBe(second); // redo
    // Four texts are kept per document: after four others, the first is made again.
    for (const n of [2, 3, 4, 5]) blobOf(edited(n));
    expect(blobOf(edited(5))).toBe(blobOf(edited(5)));
    expect(blobOf(doc)).not.toBe(first);
  });

  it('gets a stored big document’s rules back by reading its text when the project is opened', async () => {
    const doc = bigDoc();
    const graph = toolGraphOf(doc);
    const project: ProjectData = { id: 'p-big', name: 'big', docs: [doc], activeDocId: doc.id };
    const db = await openProjectDb(indexedDB, 'docStorage-1');
    expect((await saveProject(db, project, 0, 1)).ok).toBe(true);
    const record = await readProject(db, 'p-big');
    expect((record!.docs[0] as AgentDoc).agent.rules).toEqual([]);
    expect(record!.docs[0]!.text).toBe(BIG);
    db.close();

    const opened = projectOfRecord(record)!.project;
    const store = createStudioStore(opened);
    remove = installOffThreadReading(store); // the import worker's service, run in place
    const restored = () => store.getState().project.docs[0] as AgentDoc;
    expect(diagnosticsOf(restored()).pending).toBe(true);
    for (let i = 0; i < 1000 && restored().agent.rules.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(restored().agent).toEqual(doc.agent);
    expect(diagnosticsOf(restored()).pending).toBeUndefined();
    expect(toolGraphOf(restored()).edges).toEqual(graph.edges);
  });
});
