import { describe, expect, it } from 'vitest';
import { FOLLOW, LEAST_MARGIN, clearPans, keepInView, keepInViewWhole } from '../../src/app/layout/follow.ts';

/** The ETL example's first three columns (176 px tools, 245 px apart), two rows, as Simulate shows them at 1280×720 (a 675 px pane). */
const column = (i: number, row = 0) => ({ x: 245 * i, y: 120 * row, width: 178, height: 48 });
const etl = [column(0), column(1), column(2), column(3), column(0, 1), column(3, 1)];
const cut = (vp: { x: number; zoom: number }, b: { x: number; width: number }, view: number) => {
  const s = b.x * vp.zoom + vp.x;
  const e = s + b.width * vp.zoom;
  return (s < 0 && e > 0) || (s < view && e > view);
};

describe('clearPans', () => {
  it('gives the pans under which no span straddles an edge', () => {
    // One span 0..10 in a view 0..100: wholly out to the left (≤ -10), inside (0..90), out to the right (≥ 100).
    expect(clearPans([[0, 10]], 0, 100)).toEqual([
      [-Infinity, -10],
      [0, 90],
      [100, Infinity],
    ]);
  });
});

describe('keepInViewWhole', () => {
  const start = { x: 32, y: 40, zoom: 1 };
  const transform = column(2);

  it('the least pan would cut the first column: a smaller margin keeps it whole, the current node still inside', () => {
    const least = keepInView(start, transform, 675, 500);
    expect(etl.some((b) => cut(least, b, 675))).toBe(true);
    const next = keepInViewWhole(start, transform, etl, 675, 500);
    expect(etl.filter((b) => cut(next, b, 675))).toEqual([]);
    const left = transform.x + next.x;
    expect(left).toBeGreaterThanOrEqual(LEAST_MARGIN);
    expect(left + transform.width).toBeLessThanOrEqual(675 - LEAST_MARGIN);
  });

  it('keeps the least pan and its margin when it cuts nothing', () => {
    const wide = keepInViewWhole(start, column(3), [column(1), column(2), column(3)], 900, 500);
    expect(wide).toEqual(keepInView(start, column(3), 900, 500));
    expect(column(3).x + column(3).width + wide.x).toBeCloseTo(900 - FOLLOW.margin);
  });

  it('leaves the camera alone while the node is in view', () => {
    expect(keepInViewWhole(start, column(1), etl, 675, 500)).toBe(start);
  });

  it('takes the least pan when no nearby pan shows every node whole or not at all', () => {
    const dense = Array.from({ length: 12 }, (_, i) => ({ x: 60 * i, y: 0, width: 50, height: 48 }));
    const next = keepInViewWhole(start, dense[11]!, dense, 101, 500);
    const least = keepInView(start, dense[11]!, 101, 500);
    // Every pan of a 101 px view over 50 px nodes 10 px apart may cut one; the nearest clean one is chosen when there is one.
    const s = dense[11]!.x + next.x;
    expect(s).toBeGreaterThanOrEqual(LEAST_MARGIN - 1e-9);
    expect(s + 50).toBeLessThanOrEqual(101 - LEAST_MARGIN + 1e-9);
    expect(Math.abs(next.x - least.x)).toBeLessThanOrEqual(101 / 2);
  });
});
