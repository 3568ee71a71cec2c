/**
 * Issue 28: an empty project starts without its codecs, so a paste in its first moments waits for
 * them. Its text is held in storage meanwhile (src/app/persistence/heldPastes.ts) and the next start
 * applies what a page that went away left held.
 */
import { describe, expect, it } from 'vitest';
import { HELD_PASTE_PREFIX, heldPastes, holdPaste, releasePaste } from '../../src/app/persistence/heldPastes.ts';

/** An in-memory Storage; `quota` characters of values at most, as a browser's refuses past its own. */
function memoryStorage(quota = Number.POSITIVE_INFINITY) {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      const used = [...items.values()].reduce((n, x) => n + x.length, 0);
      if (used + v.length > quota) throw new DOMException('full', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k: string) => void items.delete(k),
    items,
  };
}

describe('held pastes', () => {
  it('holds each paste under its own key and gives them back oldest first', () => {
    const s = memoryStorage();
    const b = holdPaste(s, 'second', 2_000);
    const a = holdPaste(s, 'first', 1_000);
    s.setItem('rule-studio.journal.p1', '{}');
    expect(heldPastes(s)).toEqual([
      { id: a, text: 'first' },
      { id: b, text: 'second' },
    ]);
    expect([...s.items.keys()].filter((k) => k.startsWith(HELD_PASTE_PREFIX))).toHaveLength(2);
  });

  it('a released paste is gone; the others and the rest of storage stay', () => {
    const s = memoryStorage();
    const a = holdPaste(s, 'first', 1_000);
    const b = holdPaste(s, 'second', 2_000);
    s.setItem('rule-studio.journal.p1', '{}');
    releasePaste(s, a);
    expect(heldPastes(s)).toEqual([{ id: b, text: 'second' }]);
    expect(s.getItem('rule-studio.journal.p1')).toBe('{}');
  });

  it('storage that refuses (full, or none) holds nothing and throws nothing', () => {
    const full = memoryStorage(3);
    expect(holdPaste(full, 'too long for it')).toBeUndefined();
    expect(heldPastes(full)).toEqual([]);
    expect(holdPaste(undefined, 'x')).toBeUndefined();
    expect(() => releasePaste(undefined, 'x')).not.toThrow();
    expect(heldPastes(undefined)).toEqual([]);
  });
});
