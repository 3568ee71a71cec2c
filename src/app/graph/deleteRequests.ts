/**
 * The one place "Delete" goes, whichever way it is asked for (the Delete key on the canvas, the
 * command palette): the mounted canvas registers how it deletes its selection (it alone knows
 * which edge of a multi-condition rule was clicked), and the palette calls it.
 */
type Handler = () => void;
let current: Handler | undefined;

/** Registers the canvas's delete; returns the unregister function. */
export function onDeleteRequest(handler: Handler): () => void {
  current = handler;
  return () => {
    if (current === handler) current = undefined;
  };
}

/** Deletes the canvas selection; false when no canvas is there to do it. */
export function requestDelete(): boolean {
  if (!current) return false;
  current();
  return true;
}
