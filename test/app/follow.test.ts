import { describe, expect, it } from 'vitest';
import { FOLLOW, keepInView } from '../../src/app/layout/follow.ts';

/** Where `box` lands on screen under `vp`. */
const onScreen = (vp: { x: number; y: number; zoom: number }, b: { x: number; y: number; width: number; height: number }) => ({
  left: b.x * vp.zoom + vp.x,
  top: b.y * vp.zoom + vp.y,
  right: (b.x + b.width) * vp.zoom + vp.x,
  bottom: (b.y + b.height) * vp.zoom + vp.y,
});

describe('keepInView', () => {
  const vp = { x: 20, y: 10, zoom: 0.7 };
  const node = { x: 100, y: 100, width: 176, height: 48 };

  it('leaves the camera alone while the node is in view', () => {
    expect(keepInView(vp, node, 600, 400)).toBe(vp);
  });

  it('pans right by the least distance when the node is past the right edge, keeping the zoom', () => {
    const far = { ...node, x: 900 }; // 900 × 0.7 + 20 = 650: off a 600 px view
    const next = keepInView(vp, far, 600, 400);
    expect(next.zoom).toBe(0.7);
    expect(next.y).toBe(vp.y);
    const s = onScreen(next, far);
    expect(s.right).toBeCloseTo(600 - FOLLOW.margin);
    expect(s.left).toBeGreaterThan(0);
  });

  it('treats a band at the top (a capped graph’s banner) as outside the view: a node under it is brought below', () => {
    const high = { ...node, y: 0 }; // top at 10 px: under a banner ending at 90
    expect(keepInView(vp, high, 600, 400)).toBe(vp);
    const next = keepInView(vp, high, 600, 400, { top: 90 });
    expect(onScreen(next, high).top).toBeCloseTo(90 + FOLLOW.margin);
    expect(next.x).toBe(vp.x);
  });

  it('pans to the left edge for a node before the view', () => {
    const next = keepInView({ x: -200, y: 10, zoom: 1 }, node, 600, 400);
    expect(onScreen(next, node).left).toBeCloseTo(FOLLOW.margin);
  });

  it('pans a node cut at the bottom up, and treats the minimap band as outside the view', () => {
    const low = { ...node, y: 480 }; // 480 × 0.7 + 10 = 346 → bottom 379.6: inside 400, inside the band of 116
    expect(keepInView(vp, low, 600, 400)).toBe(vp);
    const next = keepInView(vp, low, 600, 400, { bottom: 116 });
    expect(onScreen(next, low).bottom).toBeCloseTo(400 - 116 - FOLLOW.margin);
    expect(next.x).toBe(vp.x);
  });

  it('shows the start of a node bigger than the view', () => {
    const wide = { x: 0, y: 0, width: 2000, height: 48 };
    const next = keepInView({ x: -500, y: 10, zoom: 1 }, wide, 600, 400);
    expect(onScreen(next, wide).left).toBeCloseTo(0);
  });

  it('uses a smaller margin when the view is only a little larger than the node', () => {
    const next = keepInView({ x: -300, y: 0, zoom: 1 }, { x: 0, y: 0, width: 150, height: 48 }, 180, 100);
    const s = onScreen(next, { x: 0, y: 0, width: 150, height: 48 });
    expect(s.left).toBeCloseTo(15);
    expect(s.right).toBeCloseTo(165);
  });

  it('does not pan for a node just touching the edge within the slack', () => {
    const edge = { ...node, x: (600 - FOLLOW.slack - 20) / 0.7 - 176 }; // right edge at 600 - slack
    expect(keepInView(vp, edge, 600, 400)).toBe(vp);
  });
});
