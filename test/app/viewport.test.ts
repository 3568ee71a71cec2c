import { describe, expect, it } from 'vitest';
import { CANVAS_VIEW, READABLE_LABEL_PX, SMALLEST_LABEL_PX, boundsOf, centreAcross, planViewport, startOf, wholeView, type ViewportOptions } from '../../src/app/layout/viewport.ts';

/** Options with room between the limits, to check the planning itself (the canvas's own are below). */
const VIEW: ViewportOptions = { minZoom: 0.7, maxZoom: 1.1, padding: 32, minPadding: 12, wholeDownTo: 0.5 };

describe('the Design canvas fit (task ui5: labels were 8 px at 0.65×)', () => {
  it('never fits below the zoom at which the smallest label reads at 11 px', () => {
    expect(CANVAS_VIEW.minZoom * SMALLEST_LABEL_PX).toBeGreaterThanOrEqual(READABLE_LABEL_PX);
    // 30 tools in five layers, a pane of 720 × 350: too big to show whole at a readable zoom.
    const v = planViewport({ x: 0, y: 0, width: 1400, height: 900 }, 720, 350, CANVAS_VIEW, { bottom: 116 }, { x: 0, y: 400 });
    expect(v.zoom * SMALLEST_LABEL_PX).toBeGreaterThanOrEqual(11);
    // its start node at the padding, in view
    expect(v.x).toBeCloseTo(CANVAS_VIEW.padding);
    expect(v.y + 400 * v.zoom).toBeCloseTo(CANVAS_VIEW.padding);
  });

  it('centres the start node across the reading direction, never showing empty space past the graph', () => {
    // A tree of tools: the root (x 0, y 400) between its children above and below it.
    const bounds = { x: 0, y: 0, width: 1400, height: 900 };
    const root = { x: 0, y: 400, width: 180, height: 40 };
    const v = centreAcross(planViewport(bounds, 720, 350, CANVAS_VIEW, {}, root), root, bounds, 720, 350, {}, CANVAS_VIEW.padding, 'RIGHT');
    expect(v.y + (400 + 20) * v.zoom).toBeCloseTo(175);
    expect(v.x).toBeCloseTo(CANVAS_VIEW.padding); // still the start of the reading direction
    // a root at the top edge stays at the padding (nothing above it to show)
    const top = { x: 0, y: 0, width: 180, height: 40 };
    expect(centreAcross(planViewport(bounds, 720, 350, CANVAS_VIEW, {}, top), top, bounds, 720, 350, {}, CANVAS_VIEW.padding, 'RIGHT').y).toBeCloseTo(CANVAS_VIEW.padding);
    // a graph that fits across is left as planned
    const flat = { x: 0, y: 0, width: 1400, height: 100 };
    const planned = planViewport(flat, 720, 350, CANVAS_VIEW, {}, top);
    expect(centreAcross(planned, top, flat, 720, 350, {}, CANVAS_VIEW.padding, 'RIGHT')).toBe(planned);
  });

  it('"Fit view" shows the whole graph however small, and never blows a small one up', () => {
    const v = planViewport({ x: 0, y: 0, width: 1400, height: 900 }, 720, 350, wholeView(CANVAS_VIEW));
    expect(1400 * v.zoom).toBeLessThanOrEqual(720 - 2 * CANVAS_VIEW.padding + 1e-9);
    expect(900 * v.zoom).toBeLessThanOrEqual(350 - 2 * CANVAS_VIEW.padding + 1e-9);
    expect(planViewport({ x: 0, y: 0, width: 200, height: 50 }, 720, 350, wholeView(CANVAS_VIEW)).zoom).toBe(CANVAS_VIEW.maxZoom);
  });
});

describe('planViewport', () => {
  it('fits and centres a graph that is readable at the fitting zoom', () => {
    const v = planViewport({ x: 0, y: 0, width: 800, height: 200 }, 1000, 600, VIEW);
    expect(v.zoom).toBeCloseTo(1.1);
    // centred: the graph's middle is the view's middle
    expect(v.x + 400 * v.zoom).toBeCloseTo(500);
    expect(v.y + 100 * v.zoom).toBeCloseTo(300);
  });

  it('never zooms below the minimum: shows the start region instead', () => {
    const v = planViewport({ x: 100, y: 50, width: 4000, height: 300 }, 1000, 600, VIEW);
    expect(v.zoom).toBe(0.7);
    // the graph's left edge sits at the padding, its height is centred
    expect(v.x + 100 * v.zoom).toBeCloseTo(VIEW.padding);
    expect(v.y + (50 + 150) * v.zoom).toBeCloseTo(300);
  });

  it('zooms out as far as needed between the limits', () => {
    const v = planViewport({ x: 0, y: 0, width: 1200, height: 400 }, 1000, 600, VIEW);
    expect(v.zoom).toBeGreaterThanOrEqual(0.7);
    expect(v.zoom).toBeLessThan(1);
    expect(1200 * v.zoom).toBeLessThanOrEqual(1000 - 2 * VIEW.padding + 1e-9);
  });

  it('shrinks the padding (not the zoom) when that is what shows the whole graph at the minimum zoom', () => {
    // 1000 px wide: at 0.7 that is 700 screen px, more than 724 - 2 × 32 but less than 724 - 2 × 12.
    const v = planViewport({ x: 0, y: 0, width: 1000, height: 200 }, 724, 400, VIEW);
    expect(v.zoom).toBe(0.7);
    expect(v.x).toBeGreaterThanOrEqual(12 - 1e-9);
    expect(v.x + 1000 * v.zoom).toBeLessThanOrEqual(724 - 12 + 1e-9);
    // a graph that does not fit even then keeps the full padding at its start
    const wide = planViewport({ x: 0, y: 0, width: 2000, height: 200 }, 724, 400, VIEW);
    expect(wide.x).toBeCloseTo(VIEW.padding);
  });

  it('keeps the minimap band free when the graph fits', () => {
    const v = planViewport({ x: 0, y: 0, width: 800, height: 200 }, 1000, 600, VIEW, { bottom: 120 });
    expect(v.y + 200 * v.zoom).toBeLessThanOrEqual(600 - 120 - VIEW.padding + 1e-9);
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
    const v = planViewport(boundsOf(boxes)!, 1000, 600, VIEW, {}, start);
    // The first node sits at the padding, in view.
    expect(v.x + 0 * v.zoom).toBe(VIEW.padding);
    expect(v.y + 5000 * v.zoom).toBe(VIEW.padding);
    expect(startOf(boxes, 'DOWN')).toEqual({ x: 4000, y: 0 });
  });
});

describe('planViewport with a band kept free at the top (the banner of a capped graph)', () => {
  it('puts a graph that fits below the band, centred in what is left', () => {
    const v = planViewport({ x: 0, y: 0, width: 800, height: 200 }, 1000, 600, VIEW, { bottom: 116, top: 90 });
    expect(v.y).toBeGreaterThanOrEqual(90 + VIEW.padding);
    // centred between the top band and the bottom band
    expect(v.y + 100 * v.zoom).toBeCloseTo(90 + (600 - 90 - 116) / 2);
  });

  it('starts a graph too big to fit at the padding below the band, and zooms to fit what is left', () => {
    const big = planViewport({ x: 0, y: 0, width: 4000, height: 3000 }, 1000, 600, VIEW, { top: 90 });
    expect(big.zoom).toBe(VIEW.minZoom);
    expect(big.y).toBeCloseTo(90 + VIEW.padding);
    const tall = planViewport({ x: 0, y: 0, width: 100, height: 500 }, 1000, 600, VIEW, { top: 90 });
    expect(500 * tall.zoom).toBeLessThanOrEqual(600 - 90 - 2 * VIEW.padding + 1e-9);
    expect(tall.y).toBeGreaterThanOrEqual(90);
  });
});
