/**
 * The searches' key table against a `Map` of key strings (what the workflow search used before):
 * on random streams of keys, most of them met again, the table gives each key the same id the
 * map gives it, through the growth of its units, its key list and its index.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyTable } from '../../src/core/engine/keyTable.ts';

/** Ids in first-seen order, as the table numbers keys. */
function referenceIds(keys: readonly number[][]): number[] {
  const ids = new Map<string, number>();
  return keys.map((k) => {
    const text = String.fromCharCode(...k);
    let id = ids.get(text);
    if (id === undefined) ids.set(text, (id = ids.size));
    return id;
  });
}

/** A key: mostly short and alike (prefixes of one another, the marker units), sometimes long. */
const unit = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom(0xfffd, 0xfffe, 0xffff), fc.integer({ min: 0, max: 0xffff }));
const key = fc.oneof({ weight: 5, arbitrary: fc.array(unit, { maxLength: 6 }) }, { weight: 1, arbitrary: fc.array(unit, { minLength: 40, maxLength: 400 }) });

describe('KeyTable', () => {
  it('numbers keys as a Map of their strings does, on random streams with repeats', () => {
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: 300 }), fc.array(fc.nat(), { maxLength: 600 }), (fresh, repeats) => {
        // Every key once, then keys met again in random order, interleaved.
        const keys: number[][] = [];
        fresh.forEach((k, i) => {
          keys.push(k);
          const again = repeats[i];
          if (again !== undefined) keys.push(fresh[again % (i + 1)] as number[]);
        });
        const table = new KeyTable();
        const got = keys.map((k) => {
          // Units past n are not part of the key.
          const padded = [...k, 7, 7];
          return table.idOf(padded, k.length);
        });
        const want = referenceIds(keys);
        expect(got).toEqual(want);
        expect(table.size).toBe(new Set(want).size);
        // Each id's stored units are its key's.
        want.forEach((id, i) => expect(table.keyOf(id)).toEqual(keys[i]));
      }),
      { numRuns: 150 },
    );
  });

  it('holds 100,000 keys through its growth, each found again with its own id', () => {
    const table = new KeyTable();
    const keyOf = (i: number) => [i & 0xffff, i >>> 16, i % 97, ...Array.from({ length: i % 50 }, (_, k) => (i * k) & 0xffff)];
    const wrong: number[] = [];
    for (let i = 0; i < 100_000; i++) {
      const k = keyOf(i);
      if (table.idOf(k, k.length) !== i) wrong.push(i);
    }
    for (let i = 99_999; i >= 0; i -= 7) {
      const k = keyOf(i);
      if (table.idOf(k, k.length) !== i) wrong.push(i);
    }
    expect(wrong).toEqual([]);
    expect(table.size).toBe(100_000);
    // A key and the same key one unit shorter or longer are different keys.
    const five = keyOf(5);
    expect(table.idOf(five, five.length - 1)).toBe(100_000);
    expect(table.idOf([...five, 0], five.length + 1)).toBe(100_001);
    expect(table.idOf(five, five.length)).toBe(5);
  });
});
