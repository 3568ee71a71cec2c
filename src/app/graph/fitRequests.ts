/**
 * Asks the canvas of a document to fit its view again: after an auto layout or a first placement
 * (the automatic fit, at a readable zoom), or "Fit view" (`whole`: the whole graph, however
 * small). The canvas fits by itself when it opens; this is for layouts that arrive later. No
 * document id: whichever canvas is shown.
 */
type Listener = (docId: string | undefined, whole: boolean) => void;
const listeners = new Set<Listener>();

export function requestFit(docId: string | undefined, whole = false): void {
  for (const l of listeners) l(docId, whole);
}

export function onFitRequest(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
