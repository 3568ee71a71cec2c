import { describe, expect, it } from 'vitest';
import { routeEdge, segmentHits } from '../../src/app/graph/edgeRoute.ts';
import type { Box } from '../../src/app/layout/viewport.ts';

const inside = (x: number, y: number, b: Box) => x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height;
/** The corner points of an orthogonal route's path data (M/L/Q coordinates). */
const points = (d: string) => [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);

describe('segmentHits', () => {
  it('sees a segment through a box and misses one beside it', () => {
    const b = { x: 10, y: 10, width: 10, height: 10 };
    expect(segmentHits(0, 15, 30, 15, b)).toBe(true);
    expect(segmentHits(0, 40, 30, 40, b)).toBe(false);
  });
});

describe('routeEdge', () => {
  const a: Box = { x: 0, y: 0, width: 200, height: 48 };
  const b: Box = { x: 290, y: 0, width: 200, height: 48 };
  const c: Box = { x: 580, y: 0, width: 200, height: 48 };

  it('draws a clear forward edge as a curve with its label between the nodes', () => {
    const r = routeEdge(200, 24, 290, 24, 'RIGHT', [a, b], [c]);
    expect(r.detour).toBe(false);
    expect(r.labelX).toBe(245);
    expect([a, b, c].some((n) => inside(r.labelX, r.labelY, n))).toBe(false);
  });

  it('takes a forward edge that would cross a node around it, label on the lane', () => {
    const r = routeEdge(200, 24, 580, 24, 'RIGHT', [a, c], [b]);
    expect(r.detour).toBe(true);
    expect(inside(r.labelX, r.labelY, b)).toBe(false);
    expect(r.labelY < 0 || r.labelY > 48).toBe(true);
  });

  it('routes the back edge of a cycle under the row, clear of every node', () => {
    // summarize (c) → search (a): from c's right handle to a's left handle
    const r = routeEdge(780, 24, 0, 24, 'RIGHT', [c, a], [b]);
    expect(r.detour).toBe(true);
    expect(r.labelY).toBeGreaterThan(48);
    const pts = points(r.path);
    for (let i = 1; i < pts.length; i++) {
      const [x0, y0] = pts[i - 1]!;
      const [x1, y1] = pts[i]!;
      // only the first and last stubs touch the end nodes' sides
      if (i > 1 && i < pts.length - 1) for (const n of [a, b, c]) expect(segmentHits(x0, y0, x1, y1, n, -1)).toBe(false);
    }
  });

  it('routes a workflow back edge beside the column (DOWN)', () => {
    const p: Box = { x: 0, y: 0, width: 260, height: 60 };
    const q: Box = { x: 0, y: 130, width: 260, height: 60 };
    const r = routeEdge(130, 190, 130, 0, 'DOWN', [q, p], []);
    expect(r.detour).toBe(true);
    expect(r.labelX).toBeGreaterThan(260);
  });
});
