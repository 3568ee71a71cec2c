import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sliceEnds } from '../../src/app/editor/slicedModel.ts';

describe('sliceEnds (a big text reaches the editor a slice per task)', () => {
  it('cuts after a line end near every slice size, and ends at the end', () => {
    const text = 'aaaa\nbbbb\ncccc\ndddd';
    expect(sliceEnds(text, 7)).toEqual([5, 10, 15, 19]);
    expect(sliceEnds('', 7)).toEqual([]);
    expect(sliceEnds('short', 100)).toEqual([5]);
  });

  it('cuts a line longer than a slice where the slice ends, never inside a surrogate pair', () => {
    const text = `${'x'.repeat(5)}😀${'y'.repeat(5)}`;
    const ends = sliceEnds(text, 6);
    for (const e of ends) expect(text.charCodeAt(e - 1) >= 0xd800 && text.charCodeAt(e - 1) <= 0xdbff).toBe(false);
    expect(ends.at(-1)).toBe(text.length);
  });

  it('slices join back to the text, each no longer than a slice plus one', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '😀', 'é', '\r') }), fc.integer({ min: 1, max: 20 }), (text, size) => {
        const ends = sliceEnds(text, size);
        let at = 0;
        const parts: string[] = [];
        for (const e of ends) {
          expect(e).toBeGreaterThan(at);
          expect(e - at).toBeLessThanOrEqual(size + 1);
          parts.push(text.slice(at, e));
          at = e;
        }
        expect(parts.join('')).toBe(text);
      }),
    );
  });
});
