/**
 * How documents sit in a stored project record. IndexedDB structured-clones a record on the
 * page's thread at every save: a 30,000-rule agent's model (30,000 rule objects) took over a
 * second of one task to clone, and its 3.7 MB text, cloned (and compressed) as a string, a few
 * hundred milliseconds more on a loaded machine. So a big document (text longer than
 * {@link OFF_THREAD_CHARS}):
 * - keeps its text in a Blob (cloned as a handle; made once per text, as traces are), read back
 *   when the record is read;
 * - when its text reads cleanly, leaves its rules (a workflow's phases) out: its model is the
 *   reading of its text, made again off the main thread when the project is opened (as after any
 *   big Source edit; the graph appears when the reading is done). A big document whose text does
 *   not read keeps its model (the last good one).
 * - while its text is still being read (a big paste), it is stored at once, not held until the
 *   reading is done, so a reload meanwhile keeps the text: its model is left out when it is
 *   big (cloning it was the cost), kept when small (the last good one, shown if the text fails).
 */
import { knownNotToRead, knownToReadCleanly, OFF_THREAD_CHARS, type RuleDoc } from '../state/documents.ts';

/** Rules (a workflow's phases) past which a model whose text is being read is left out of a save. */
export const CLONED_MODEL_ITEMS = 2_000;

function modelItems(doc: RuleDoc): number {
  return doc.kind === 'agent' ? doc.agent.rules.length + doc.agent.tools.length : doc.workflow.nodes.length;
}

/** True when `doc` is stored as its text alone (see the module's note). */
export function storedAsText(doc: RuleDoc): boolean {
  // A graph edit's text still being written: the model is not the text's reading, so it is kept (with `pendingText`).
  if (doc.pendingText) return false;
  if (doc.text.length <= OFF_THREAD_CHARS || knownNotToRead(doc)) return false;
  return knownToReadCleanly(doc) || modelItems(doc) > CLONED_MODEL_ITEMS;
}

/** A document as a stored record holds it: a big text is in `textBlob` (and `text` is empty). */
export type StoredDoc = RuleDoc | (RuleDoc & { textBlob: Blob });

/**
 * The Blobs of each big document's last texts, newest first, per document id: undo and redo
 * bring back a text saved before, whose Blob is then not made again on the page.
 */
const blobs = new Map<string, { text: string; blob: Blob }[]>();
/** Texts kept per document (each a few MB at most in the browser's blob store; the texts are the undo history's). */
const BLOBS_PER_DOC = 4;

/** Records `blob` as holding `doc`'s text (made off the main thread, see `DocAnalysis.textBlob` and the edit worker's `TextAnswer`). */
export function rememberTextBlob(doc: Pick<RuleDoc, 'id' | 'text'>, blob: Blob): void {
  const kept = (blobs.get(doc.id) ?? []).filter((k) => k.text !== doc.text);
  blobs.set(doc.id, [{ text: doc.text, blob }, ...kept].slice(0, BLOBS_PER_DOC));
}

const blobOf = (text: string): Blob => new Blob([text], { type: 'text/plain' });

/**
 * A big text (over {@link OFF_THREAD_CHARS}) as the Blob autosave stores, made where it is asked
 * for (the import and edit workers, so the page does not make it); undefined for a small text, or
 * where there is no Blob.
 */
export function bigTextBlob(text: string): Blob | undefined {
  return text.length > OFF_THREAD_CHARS && typeof Blob === 'function' ? blobOf(text) : undefined;
}

function textBlob(doc: RuleDoc): Blob {
  const known = blobs.get(doc.id)?.find((k) => k.text === doc.text);
  if (known) return known.blob;
  const blob = blobOf(doc.text);
  rememberTextBlob(doc, blob);
  return blob;
}

/** The stored form of a project's documents. */
export function docsForStorage(docs: readonly RuleDoc[]): StoredDoc[] {
  return docs.map((d) => {
    if (d.text.length <= OFF_THREAD_CHARS) return d;
    const blob = textBlob(d);
    if (!storedAsText(d)) return { ...d, text: '', textBlob: blob };
    return d.kind === 'agent' ? { ...d, text: '', textBlob: blob, agent: { ...d.agent, rules: [] } } : { ...d, text: '', textBlob: blob, workflow: { ...d.workflow, nodes: [] } };
  });
}

/** Documents read from storage, with Blob-held texts read back (an unreadable Blob gives an empty text). */
export async function docsFromStorage(docs: unknown): Promise<unknown> {
  if (!Array.isArray(docs)) return docs;
  return Promise.all(
    docs.map(async (d: unknown) => {
      if (typeof d !== 'object' || d === null || !('textBlob' in d) || !(d.textBlob instanceof Blob)) return d;
      const { textBlob, ...rest } = d as { textBlob: Blob } & Record<string, unknown>;
      return { ...rest, text: await textBlob.text().catch(() => '') };
    }),
  );
}
