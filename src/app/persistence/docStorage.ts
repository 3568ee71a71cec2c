/**
 * How documents sit in a stored project record. IndexedDB structured-clones a record on the
 * page's thread at every save: a 30,000-rule agent's model (30,000 rule objects) took over a
 * second of one task to clone, the text itself (one string) a few milliseconds. A big document
 * (text longer than {@link OFF_THREAD_CHARS}) whose text reads cleanly is its text: its model is
 * the reading of that text, so it is stored with its rules (a workflow's phases) left out, and
 * made again by reading the text off the main thread when the project is opened (as after any
 * big Source edit; the graph appears when the reading is done). A big document whose text does
 * not read cleanly, or whose reading is not known yet, keeps its model (the last good one).
 */
import { knownToReadCleanly, OFF_THREAD_CHARS, type RuleDoc } from '../state/documents.ts';

/** True when `doc` is stored as its text alone (see the module's note). */
export function storedAsText(doc: RuleDoc): boolean {
  return doc.text.length > OFF_THREAD_CHARS && knownToReadCleanly(doc);
}

/** The stored form of a project's documents. */
export function docsForStorage(docs: readonly RuleDoc[]): RuleDoc[] {
  return docs.map((d) => {
    if (!storedAsText(d)) return d;
    return d.kind === 'agent' ? { ...d, agent: { ...d.agent, rules: [] } } : { ...d, workflow: { ...d.workflow, nodes: [] } };
  });
}
