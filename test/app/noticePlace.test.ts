import { describe, expect, it } from 'vitest';
import { NOTICE_INSETS, NOTICE_WIDTH, placeNotices, type Rect } from '../../src/app/components/noticePlace.ts';

const canvas: Rect = { x: 228, y: 45, width: 724, height: 388 };
const overlap = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = (p: { x: number; y: number; width: number }, height: number): Rect => ({ x: p.x, y: p.y, width: p.width, height });

describe('placeNotices', () => {
  it('uses the bottom band, centred between the zoom controls and the minimap, when it is free', () => {
    const p = placeNotices(canvas, 40, [{ x: 300, y: 100, width: 120, height: 40 }]);
    expect(p.spot).toBe('bottom');
    expect(p.y + 40).toBe(canvas.y + canvas.height - NOTICE_INSETS.bottom);
    expect(p.x).toBeGreaterThanOrEqual(canvas.x + NOTICE_INSETS.bottomLeft);
    expect(p.x + p.width).toBeLessThanOrEqual(canvas.x + canvas.width - NOTICE_INSETS.bottomRight);
    expect(p.width).toBeLessThanOrEqual(NOTICE_WIDTH);
  });

  it('moves to the top right when a node sits in the bottom band (a workflow running down the canvas)', () => {
    const column = [0, 1, 2, 3].map((i) => ({ x: 500, y: 60 + i * 100, width: 120, height: 60 }));
    // Narrow enough that the top-right spot clears the column.
    const p = placeNotices({ ...canvas, width: 1100 }, 40, column);
    expect(p.spot).toBe('top-right');
    for (const n of column) expect(overlap(boxOf(p, 40), n)).toBe(false);
  });

  it('tries the top left when the right is taken, and folds to a counter when every spot would cover a node', () => {
    const rightAndBottom = [
      { x: 700, y: 50, width: 240, height: 380 },
      { x: 228, y: 300, width: 720, height: 130 },
    ];
    expect(placeNotices(canvas, 40, rightAndBottom).spot).toBe('top-left');
    const everywhere = [{ x: 228, y: 45, width: 724, height: 388 }];
    expect(placeNotices(canvas, 40, everywhere).spot).toBe('folded');
  });

  it('narrows the stack to fit beside a graph that fills the middle of the canvas', () => {
    // A workflow column in the middle, running past the bottom: 340 px free on its right.
    const column = [{ x: 409, y: 77, width: 183, height: 360 }];
    const p = placeNotices(canvas, 40, column);
    expect(p.spot).toBe('top-right');
    expect(p.width).toBeLessThan(NOTICE_WIDTH);
    expect(overlap(boxOf(p, 60), column[0]!)).toBe(false);
  });

  it('keeps the current spot while it is free, so the stack does not hop', () => {
    expect(placeNotices(canvas, 40, [], 'top-left').spot).toBe('top-left');
    expect(placeNotices(canvas, 40, []).spot).toBe('bottom');
  });

  it('skips a spot the stack does not fit: a tall stack on a short canvas folds', () => {
    expect(placeNotices({ ...canvas, height: 60 }, 200, []).spot).toBe('folded');
  });
});
