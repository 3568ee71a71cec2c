/**
 * Asks the canvas of a document to fit its view again (after an auto layout or a first placement).
 * The canvas fits by itself when it opens; this is for layouts that arrive later.
 */
type Listener = (docId: string) => void;
const listeners = new Set<Listener>();

export function requestFit(docId: string): void {
  for (const l of listeners) l(docId);
}

export function onFitRequest(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
