/**
 * Asks the canvas of a document whose graph is past the cap to lay out its view again (Auto layout:
 * such a document keeps no positions of its own, and its view keeps its layout across edits). A
 * canvas counts the requests for its document ({@link useViewLayoutRequests}) and lays out anew on
 * each.
 */
import { useEffect, useState } from 'react';

type Listener = (docId: string) => void;
const listeners = new Set<Listener>();

export function requestViewLayout(docId: string): void {
  for (const l of listeners) l(docId);
}

/** How many times the view of `docId` was asked to lay out again since the canvas mounted. */
export function useViewLayoutRequests(docId: string): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const listener: Listener = (id) => {
      if (id === docId) setCount((c) => c + 1);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [docId]);
  return count;
}
