import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BoxGrid } from '../../src/app/graph/boxGrid.ts';

type Rect = [number, number, number, number];
/** Whether two boxes meet, edges included (as a segment touching a label's box crosses it). */
const meet = (a: Rect, b: Rect) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
const rect = (w: number) =>
  fc.tuple(fc.integer({ min: -3000, max: 3000 }), fc.integer({ min: -3000, max: 3000 }), fc.integer({ min: 0, max: w }), fc.integer({ min: 0, max: w })).map(([x, y, dx, dy]): Rect => [x, y, x + dx, y + dy]);

describe('BoxGrid', () => {
  it('lists every item whose box meets the query box (edges included), each once, in ascending order', () => {
    fc.assert(
      fc.property(fc.array(rect(600), { maxLength: 60 }), fc.array(rect(300), { minLength: 1, maxLength: 20 }), fc.integer({ min: 8, max: 400 }), (items, queries, size) => {
        const grid = new BoxGrid(size);
        items.forEach((r, k) => grid.add(k, ...r));
        const out: number[] = [];
        for (const q of queries) {
          const near = [...grid.near(...q, out)];
          expect(near).toEqual([...new Set(near)].sort((a, b) => a - b));
          for (let k = 0; k < items.length; k++) if (meet(items[k]!, q)) expect(near).toContain(k);
        }
      }),
    );
  });

  it('files an item under several boxes (a line by its segments) and lists it once', () => {
    const grid = new BoxGrid(10);
    grid.add(0, 0, 0, 100, 0);
    grid.add(0, 100, 0, 100, 100);
    grid.add(1, 500, 500, 510, 510);
    expect(grid.near(95, 40, 105, 50, [])).toEqual([0]);
    expect(grid.near(0, 0, 200, 200, [])).toEqual([0]);
    expect(grid.near(-50, -50, 1000, 1000, [])).toEqual([0, 1]);
    expect(grid.near(300, 300, 310, 310, [])).toEqual([]);
  });

  it('lists a giant or unbounded box near everything, and everything near an unbounded query', () => {
    const grid = new BoxGrid(10);
    grid.add(0, -1e9, -1e9, 1e9, 1e9);
    grid.add(1, 0, 0, Number.POSITIVE_INFINITY, 5);
    grid.add(2, 40, 40, 45, 45);
    expect(grid.near(1000, 1000, 1001, 1001, [])).toEqual([0, 1]);
    expect(grid.near(Number.NaN, 0, 1, 1, [])).toEqual([0, 1, 2]);
  });
});
