/**
 * Reading big Source texts off the main thread. Typing in a 3 MB file reaches the store after the
 * editor's debounce; the store keeps the text without reading it (`readsOffThread`), and the first
 * look at the document's diagnostics asks this reader. It reads the newest text of each document
 * in the worker, one at a time, and hands the result to the store (`adoptReading`), which applies
 * it only if the text is still the same. Meanwhile the graph and Problems show the last reading,
 * marked pending. A reading not applied is forgotten, so the document is read again when it is
 * shown again (brought back by undo or redo).
 */
import type { StudioStore } from '../state/store.ts';
import { primeDiagnostics, readingDropped, setOffThreadReader, type RuleDoc } from '../state/documents.ts';
import { primeGraph } from '../graph/docGraph.ts';
import { rememberTextBlob } from '../persistence/docStorage.ts';
import { createImportClient, type ImportClient } from '../../worker/importClient.ts';
import { createLatestQueue } from './latestQueue.ts';

/** Installs the reader; returns its removal. `client` is the worker client it reads with (its own worker by default). */
export function installOffThreadReading(store: StudioStore, client: ImportClient = createImportClient()): () => void {
  const queue = createLatestQueue<RuleDoc>(async (id, doc) => {
    let applied = false;
    try {
      const current = store.getState().project.docs.find((d) => d.id === id);
      if (!current || current.text !== doc.text) return; // edited again since: the newer text is queued
      const { reading, analyses } = await client.read({ name: doc.fileName, text: doc.text, as: doc.kind, ...(doc.kind === 'agent' ? { agentName: doc.agent.name } : {}) });
      const analysis = analyses[0];
      if (!analysis) return;
      const model = reading.kind === 'docs' ? reading.docs[0] : undefined;
      store.getState().adoptReading(id, doc.text, model ? (model.kind === 'agent' ? model.agent : model.workflow) : undefined, (n) => {
        applied = true;
        primeDiagnostics(n, analysis.diagnostics);
        if (model) primeGraph(n, analysis.graph);
        if (analysis.textBlob) rememberTextBlob(n, analysis.textBlob);
      });
    } finally {
      // Not applied (undone or edited meanwhile, or the reader failed): asked again when it is looked at again.
      if (!applied) readingDropped(doc);
    }
  });
  return setOffThreadReader((doc) => queue.push(doc.id, doc));
}
