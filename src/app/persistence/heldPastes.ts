/**
 * Pastes that arrive before the codecs have loaded (the first moments of a page that had nothing to
 * restore): their text is held in localStorage until the paste becomes a document, so a page that
 * goes away in between (a reload 30 ms later) gets it back at its next start. A paste applied at
 * once (codecs loaded) is in the journal as any change is, and is never held.
 */
import type { JournalStorage } from './journal.ts';

/** localStorage key prefix of a held paste (the rest of the key is its id). */
export const HELD_PASTE_PREFIX = 'rule-studio.held-paste.';

/** A held paste: its key's id and its text. */
export interface HeldPaste {
  id: string;
  text: string;
}

/** Holds `text`; returns its id, or undefined when storage refuses it (full, or unavailable). */
export function holdPaste(storage: JournalStorage | undefined, text: string, now: number = Date.now()): string | undefined {
  if (!storage) return undefined;
  const id = `${now.toString(36).padStart(10, '0')}-${Math.random().toString(36).slice(2, 8)}`;
  try {
    storage.setItem(HELD_PASTE_PREFIX + id, text);
    return id;
  } catch {
    return undefined;
  }
}

/** Forgets a held paste (it became a document). */
export function releasePaste(storage: JournalStorage | undefined, id: string | undefined): void {
  if (!storage || id === undefined) return;
  try {
    storage.removeItem(HELD_PASTE_PREFIX + id);
  } catch {
    // A paste left held is applied once more at the next start: a duplicate, never a loss.
  }
}

/** Every held paste, oldest first (ids start with their time). */
export function heldPastes(storage: JournalStorage | undefined): HeldPaste[] {
  if (!storage) return [];
  const held: HeldPaste[] = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith(HELD_PASTE_PREFIX)) continue;
      const text = storage.getItem(key);
      if (text !== null) held.push({ id: key.slice(HELD_PASTE_PREFIX.length), text });
    }
  } catch {
    return held;
  }
  return held.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
