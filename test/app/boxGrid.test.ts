import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BoxGrid } from '../../src/app/graph/boxGrid.ts';

type Rect = [number, number, number, number];
/** Whether two boxes meet, edges included (as a segment touching a label's box crosses it). */
const meet = (a: Rect, b: Rect) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
const rect = (w: number) =>
  fc.tuple(fc.integer({ min: -3000, max: 3000 }), fc.integer({ min: -3000, max: 3000 }), fc.integer({ min: 0, max: w }), fc.integer({ min: 0, max: w })).map(([x, y, dx, dy]): Rect => [x, y, x + dx, y + dy]);

/** Each query lists its items once, in ascending order, among them every item `meets` says it meets. */
function listsWhatMeets(grid: BoxGrid, items: readonly Rect[], queries: readonly Rect[], meets: (item: Rect, q: Rect) => boolean): void {
  const out: number[] = [];
  for (const q of queries) {
    const near = [...grid.near(...q, out)];
    expect(near).toEqual([...new Set(near)].sort((a, b) => a - b));
    for (let k = 0; k < items.length; k++) if (meets(items[k]!, q)) expect(near).toContain(k);
  }
}

describe('BoxGrid', () => {
  it('lists every item whose box meets the query box (edges included), each once, in ascending order', () => {
    fc.assert(
      fc.property(fc.array(rect(600), { maxLength: 60 }), fc.array(rect(300), { minLength: 1, maxLength: 20 }), fc.integer({ min: 8, max: 400 }), (items, queries, size) => {
        const grid = new BoxGrid(size);
        items.forEach((r, k) => grid.add(k, ...r));
        listsWhatMeets(grid, items, queries, meet);
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

  it('lists every segment that meets the query box, and files a long diagonal only where it passes', () => {
    /** Whether segment a–b meets box r (edges included): clipped against the box (Liang–Barsky). */
    const segmentMeets = ([ax, ay, bx, by]: Rect, r: Rect) => {
      let t0 = 0;
      let t1 = 1;
      const dx = bx - ax;
      const dy = by - ay;
      for (const [p, q] of [[-dx, ax - r[0]], [dx, r[2] - ax], [-dy, ay - r[1]], [dy, r[3] - ay]] as const) {
        if (p === 0) {
          if (q < 0) return false;
        } else if (p < 0) t0 = Math.max(t0, q / p);
        else t1 = Math.min(t1, q / p);
      }
      return t0 <= t1;
    };
    const point = fc.integer({ min: -3000, max: 3000 });
    const segment = fc.tuple(point, point, point, point).map((s): Rect => s);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 40 }), fc.array(rect(300), { minLength: 1, maxLength: 20 }), fc.integer({ min: 8, max: 400 }), (segments, queries, size) => {
        const grid = new BoxGrid(size);
        segments.forEach((s, k) => grid.addSegment(k, ...s));
        listsWhatMeets(grid, segments, queries, segmentMeets);
      }),
    );
    const grid = new BoxGrid(100);
    grid.addSegment(0, 0, 0, 5000, 5000);
    expect(grid.near(2450, 2450, 2460, 2460, [])).toEqual([0]);
    // Far from the diagonal, though inside its box.
    expect(grid.near(4000, 100, 4010, 110, [])).toEqual([]);
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
