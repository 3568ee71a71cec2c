/** The arithmetic behind the virtualised Problems list. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keyTarget, prefixOffsets, rowsInView, scrollToShow } from '../../src/app/panels/virtualRows.ts';

describe('virtual rows', () => {
  it('offsets are running sums ending with the total height', () => {
    expect([...prefixOffsets([20, 30, 10])]).toEqual([0, 20, 50, 60]);
    expect([...prefixOffsets([])]).toEqual([0]);
  });

  it('renders exactly the rows that meet the view plus the overscan (property: every row meeting it is in the range; none far from it)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 300 }), fc.nat(20_000), fc.integer({ min: 1, max: 900 }), fc.nat(300), (heights, rawTop, height, overscan) => {
        const offsets = prefixOffsets(heights);
        const total = offsets[heights.length]!;
        const top = rawTop % (total + 1);
        const [start, end] = rowsInView(offsets, top, height, overscan);
        for (let i = 0; i < heights.length; i++) {
          const a = offsets[i]!;
          const b = offsets[i + 1]!;
          const meets = b > top - overscan && a <= top + height + overscan;
          if (meets) expect(i >= start && i < end).toBe(true);
          // Nothing beyond the overscan edges, save the one row straddling each edge.
          if (i >= start && i < end) expect(b >= top - overscan && a <= top + height + overscan).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shows thousands of rows by rendering a few dozen', () => {
    const offsets = prefixOffsets(new Array(6000).fill(26));
    const [start, end] = rowsInView(offsets, 100_000, 400, 200);
    expect(start).toBe(Math.floor((100_000 - 200) / 26));
    expect(end - start).toBeLessThan(40);
    expect(rowsInView(offsets, 6000 * 26 - 400, 400, 200)[1]).toBe(6000);
  });

  it('scrolls as little as needed to bring a row into view', () => {
    const offsets = prefixOffsets([30, 30, 30, 30, 30]);
    expect(scrollToShow(offsets, 1, 0, 100)).toBe(0); // already in view
    expect(scrollToShow(offsets, 4, 0, 100)).toBe(50); // below: its bottom at the view's bottom
    expect(scrollToShow(offsets, 0, 90, 100)).toBe(0); // above: its top at the view's top
  });

  it('moves the focus with the list keys, clamped to the list', () => {
    expect(keyTarget('ArrowDown', 3, 10, 5)).toBe(4);
    expect(keyTarget('ArrowDown', 9, 10, 5)).toBe(9);
    expect(keyTarget('ArrowUp', 0, 10, 5)).toBe(0);
    expect(keyTarget('Home', 7, 10, 5)).toBe(0);
    expect(keyTarget('End', 0, 10, 5)).toBe(9);
    expect(keyTarget('PageDown', 7, 10, 5)).toBe(9);
    expect(keyTarget('PageUp', 7, 10, 5)).toBe(2);
    expect(keyTarget('a', 3, 10, 5)).toBeNull();
    expect(keyTarget('End', 0, 0, 5)).toBeNull();
  });
});
