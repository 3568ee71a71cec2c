/** localStorage's interface over a Map for the journal tests, refusing writes like a full disk or past a quota. */
import type { JournalStorage } from '../../src/app/persistence/journal.ts';

/**
 * A Map-backed storage. `full`: every write is refused; `quota`: a write is refused when keys and
 * values would hold more than that many UTF-16 code units (Chromium's localStorage: 5,242,880).
 */
export function memoryStorage(opts: { full?: boolean; quota?: number } = {}): JournalStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  const usedWithout = (key: string) => [...map].reduce((n, [k, v]) => (k === key ? n : n + k.length + v.length), 0);
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem(k, v) {
      if (opts.full || (opts.quota !== undefined && usedWithout(k) + k.length + v.length > opts.quota)) throw new DOMException('', 'QuotaExceededError');
      map.set(k, v);
    },
    removeItem: (k) => void map.delete(k),
  };
}
