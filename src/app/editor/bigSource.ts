/**
 * Big texts open in the editor when the user asks. Building Monaco's editor on a 3.7 MB text (its
 * view of every line, the first render, the syncing of the whole text to its worker) is seconds
 * of main-thread work that cannot be cut into pieces; an import must not pay it, so a document
 * whose text is longer than {@link BIG_TEXT_CHARS} shows the start of its text and an "Open in
 * the editor" button instead. Once opened, a document stays open for the page's life.
 */
import { useSyncExternalStore } from 'react';
import { BIG_TEXT_CHARS } from './slicedModel.ts';

const opened = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** True when the text is big enough to wait for the user before opening the editor. */
export const isBigText = (text: string): boolean => text.length > BIG_TEXT_CHARS;

/** Opens document `docId`'s text in the editor. */
export function openBigSource(docId: string): void {
  if (opened.has(docId)) return;
  opened.add(docId);
  version += 1;
  for (const l of listeners) l();
}

/** Whether document `docId` (with `text`) shows the editor: small texts always, big ones once opened. */
export function useEditorOpen(docId: string | undefined, text: string | undefined): boolean {
  useSyncExternalStore(subscribe, () => version);
  return docId !== undefined && text !== undefined && (!isBigText(text) || opened.has(docId));
}

/** A size for people: "3.7 MB", "412 KB". */
export function textSize(chars: number): string {
  return chars >= 1048576 ? `${(chars / 1048576).toFixed(1)} MB` : `${Math.round(chars / 1024)} KB`;
}
