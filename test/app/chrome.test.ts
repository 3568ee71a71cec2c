import { describe, expect, it } from 'vitest';
import { CHROME_GAP, chromeInsets, chromeOverlap, clearOfChrome } from '../../src/app/layout/chrome.ts';
import { CANVAS_VIEW, boundsOf, planViewport, type Box, type Inset } from '../../src/app/layout/viewport.ts';

// A 724 × 355 pane (1280×720 with the bottom panel open): the zoom controls 15 px in at the bottom
// left (28 × 80), the minimap 15 px in at the bottom right (162 × 102).
const W = 724;
const H = 355;
const CONTROLS: Box = { x: 15, y: H - 15 - 80, width: 28, height: 80 };
const MINIMAP: Box = { x: W - 15 - 162, y: H - 15 - 102, width: 162, height: 102 };
const CHROME = [CONTROLS, MINIMAP];
const SIZE = { width: W, height: H, padding: CANVAS_VIEW.padding };
const BOTTOM: Inset = { bottom: 116 };

/** The ETL example's layout: a row of four, disconnect_db under connect_db, send_message under load. */
const ETL: Box[] = [
  { x: 0, y: 0, width: 178, height: 52 },
  { x: 244, y: 12, width: 178, height: 29 },
  { x: 488, y: 12, width: 178, height: 29 },
  { x: 732, y: 0, width: 178, height: 52 },
  { x: 0, y: 216, width: 178, height: 52 },
  { x: 732, y: 108, width: 178, height: 52 },
];
const plan = (boxes: Box[]) => (inset: Inset) => planViewport(boundsOf(boxes)!, W, H, CANVAS_VIEW, inset);

describe('keeping nodes clear of the canvas chrome', () => {
  it('reproduces the review: the plain fit puts disconnect_db’s handle on the zoom controls', () => {
    expect(chromeOverlap(plan(ETL)(BOTTOM), ETL, [CONTROLS])).toBeGreaterThan(0);
  });

  it('moves the view just past the controls, at the same zoom, when the graph runs past the bottom band', () => {
    const vp = clearOfChrome(plan(ETL), BOTTOM, ETL, CHROME, SIZE);
    expect(chromeOverlap(vp, ETL, CHROME)).toBe(0);
    expect(vp.zoom).toBe(1);
    // The left column starts a handle and the gap right of the controls, not a padding further.
    expect(vp.x - 5).toBe(CONTROLS.x + CONTROLS.width + CHROME_GAP);
  });

  it('keeps the plain fit when nothing touches the chrome', () => {
    const small: Box[] = [
      { x: 0, y: 0, width: 178, height: 52 },
      { x: 244, y: 0, width: 178, height: 52 },
    ];
    expect(clearOfChrome(plan(small), BOTTOM, small, CHROME, SIZE)).toEqual(plan(small)(BOTTOM));
  });

  it('offers the fit’s own bands first, then a band above the chrome, beside it, and both', () => {
    const insets = chromeInsets(BOTTOM, CHROME, W, H, 32);
    expect(insets[0]).toEqual(BOTTOM);
    expect(insets[1]!.bottom).toBeGreaterThanOrEqual(BOTTOM.bottom!);
    expect(insets[2]!.left).toBe(CONTROLS.x + CONTROLS.width + CHROME_GAP + 5 - 32);
    expect(insets[2]!.right).toBe(W - MINIMAP.x + CHROME_GAP + 5 - 32);
    expect(chromeInsets(BOTTOM, [], W, H, 32)).toEqual([BOTTOM]);
  });

  it('pans a graph that runs on past the bottom down until a node leaves the minimap’s corner, cutting none it showed whole', () => {
    // A tall column pair whose top lies above the view (centred on a start node): the right
    // column's node at the minimap's height goes below it.
    const tall: Box[] = Array.from({ length: 14 }, (_, i) => ({ x: (i % 2) * 420, y: i * 90 - 200, width: 178, height: 40 }));
    const base = (inset: Inset) => ({ ...planViewport(boundsOf(tall)!, W, H, CANVAS_VIEW, inset), y: -150 });
    expect(chromeOverlap(base(BOTTOM), tall, CHROME)).toBeGreaterThan(0);
    const vp = clearOfChrome(base, BOTTOM, tall, CHROME, SIZE);
    expect(chromeOverlap(vp, tall, CHROME)).toBe(0);
    expect(vp.y).toBeGreaterThan(-150);
  });

  it('leaves the camera when clearing the minimap would cut a node at the start or open empty space there', () => {
    // A grid from the top-left corner past every edge: the minimap's corner is full of nodes.
    const grid: Box[] = [];
    for (let r = 0; r < 10; r++) for (let c = 0; c < 6; c++) grid.push({ x: c * 240, y: r * 80, width: 178, height: 40 });
    const base = plan(grid);
    const vp = clearOfChrome(base, BOTTOM, grid, CHROME, SIZE);
    expect(vp.zoom).toBe(1);
    // The start (top-left) stays at the padding, beside the controls' band.
    expect(vp.y).toBe(CANVAS_VIEW.padding);
    expect(chromeOverlap(vp, grid, [CONTROLS])).toBe(0);
  });
});
