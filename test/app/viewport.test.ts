import { describe, expect, it } from 'vitest';
import { CANVAS_VIEW, boundsOf, planViewport, startOf } from '../../src/app/layout/viewport.ts';

describe('planViewport', () => {
  it('fits and centres a graph that is readable at the fitting zoom', () => {
    const v = planViewport({ x: 0, y: 0, width: 800, height: 200 }, 1000, 600, CANVAS_VIEW);
    expect(v.zoom).toBeCloseTo(1.1);
    // centred: the graph's middle is the view's middle
    expect(v.x + 400 * v.zoom).toBeCloseTo(500);
    expect(v.y + 100 * v.zoom).toBeCloseTo(300);
  });

  it('never zooms below the minimum: shows the start region instead', () => {
    const v = planViewport({ x: 100, y: 50, width: 4000, height: 300 }, 1000, 600, CANVAS_VIEW);
    expect(v.zoom).toBe(0.7);
    // the graph's left edge sits at the padding, its height is centred
    expect(v.x + 100 * v.zoom).toBeCloseTo(CANVAS_VIEW.padding);
    expect(v.y + (50 + 150) * v.zoom).toBeCloseTo(300);
  });

  it('zooms out as far as needed between the limits', () => {
    const v = planViewport({ x: 0, y: 0, width: 1200, height: 400 }, 1000, 600, CANVAS_VIEW);
    expect(v.zoom).toBeGreaterThanOrEqual(0.7);
    expect(v.zoom).toBeLessThan(1);
    expect(1200 * v.zoom).toBeLessThanOrEqual(1000 - 2 * CANVAS_VIEW.padding + 1e-9);
  });

  it('shrinks the padding (not the zoom) when that is what shows the whole graph at the minimum zoom', () => {
    // 1000 px wide: at 0.7 that is 700 screen px, more than 724 - 2 × 32 but less than 724 - 2 × 12.
    const v = planViewport({ x: 0, y: 0, width: 1000, height: 200 }, 724, 400, CANVAS_VIEW);
    expect(v.zoom).toBe(0.7);
    expect(v.x).toBeGreaterThanOrEqual(12 - 1e-9);
    expect(v.x + 1000 * v.zoom).toBeLessThanOrEqual(724 - 12 + 1e-9);
    // a graph that does not fit even then keeps the full padding at its start
    const wide = planViewport({ x: 0, y: 0, width: 2000, height: 200 }, 724, 400, CANVAS_VIEW);
    expect(wide.x).toBeCloseTo(CANVAS_VIEW.padding);
  });

  it('keeps the minimap band free when the graph fits', () => {
    const v = planViewport({ x: 0, y: 0, width: 800, height: 200 }, 1000, 600, CANVAS_VIEW, { bottom: 120 });
    expect(v.y + 200 * v.zoom).toBeLessThanOrEqual(600 - 120 - CANVAS_VIEW.padding + 1e-9);
  });
});

describe('boundsOf', () => {
  it('is the box around all boxes', () => {
    expect(boundsOf([{ x: 0, y: 10, width: 5, height: 5 }, { x: -5, y: 0, width: 2, height: 30 }])).toEqual({ x: -5, y: 0, width: 10, height: 30 });
    expect(boundsOf([])).toBeUndefined();
  });

  it('starts a graph too big to fit at its first node, not at an empty corner of its bounding box', () => {
    // Two layers: the first starts low (y 5000), the second high (y 0): the box's corner is empty.
    const boxes = [
      { x: 0, y: 5000, width: 200, height: 48 },
      { x: 0, y: 5100, width: 200, height: 48 },
      { x: 4000, y: 0, width: 200, height: 48 },
    ];
    const start = startOf(boxes, 'RIGHT')!;
    expect(start).toEqual({ x: 0, y: 5000 });
    const v = planViewport(boundsOf(boxes)!, 1000, 600, CANVAS_VIEW, {}, start);
    // The first node sits at the padding, in view.
    expect(v.x + 0 * v.zoom).toBe(CANVAS_VIEW.padding);
    expect(v.y + 5000 * v.zoom).toBe(CANVAS_VIEW.padding);
    expect(startOf(boxes, 'DOWN')).toEqual({ x: 4000, y: 0 });
  });
});

describe('planViewport with a band kept free at the top (the banner of a capped graph)', () => {
  it('puts a graph that fits below the band, centred in what is left', () => {
    const v = planViewport({ x: 0, y: 0, width: 800, height: 200 }, 1000, 600, CANVAS_VIEW, { bottom: 116, top: 90 });
    expect(v.y).toBeGreaterThanOrEqual(90 + CANVAS_VIEW.padding);
    // centred between the top band and the bottom band
    expect(v.y + 100 * v.zoom).toBeCloseTo(90 + (600 - 90 - 116) / 2);
  });

  it('starts a graph too big to fit at the padding below the band, and zooms to fit what is left', () => {
    const big = planViewport({ x: 0, y: 0, width: 4000, height: 3000 }, 1000, 600, CANVAS_VIEW, { top: 90 });
    expect(big.zoom).toBe(CANVAS_VIEW.minZoom);
    expect(big.y).toBeCloseTo(90 + CANVAS_VIEW.padding);
    const tall = planViewport({ x: 0, y: 0, width: 100, height: 500 }, 1000, 600, CANVAS_VIEW, { top: 90 });
    expect(500 * tall.zoom).toBeLessThanOrEqual(600 - 90 - 2 * CANVAS_VIEW.padding + 1e-9);
    expect(tall.y).toBeGreaterThanOrEqual(90);
  });
});
