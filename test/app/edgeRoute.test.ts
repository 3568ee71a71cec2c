import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { laneSlots, routeEdge, segmentHits } from '../../src/app/graph/edgeRoute.ts';
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

  type P = readonly [number, number];
  /** Sign of the turn a → b → c (exact on integers). */
  const turn = (a: P, b: P, c: P) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
  /** Whether c lies on the segment a–b. */
  const onSegment = (a: P, b: P, c: P) => turn(a, b, c) === 0 && c[0] >= Math.min(a[0], b[0]) && c[0] <= Math.max(a[0], b[0]) && c[1] >= Math.min(a[1], b[1]) && c[1] <= Math.max(a[1], b[1]);
  /** Whether the segments a–b and c–d share a point (touching counts). */
  const meet = (a: P, b: P, c: P, d: P) =>
    (turn(c, d, a) * turn(c, d, b) < 0 && turn(a, b, c) * turn(a, b, d) < 0) || onSegment(c, d, a) || onSegment(c, d, b) || onSegment(a, b, c) || onSegment(a, b, d);
  /** The closed box grown by m, met by the segment: an end inside it, or a side crossed or touched. */
  const reference = (ax: number, ay: number, bx: number, by: number, r: Box, m: number) => {
    const [x0, y0, x1, y1] = [r.x - m, r.y - m, r.x + r.width + m, r.y + r.height + m];
    if (x0 > x1 || y0 > y1) return false;
    const within = (x: number, y: number) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
    if (within(ax, ay) || within(bx, by)) return true;
    const corners: P[] = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
    return corners.some((c, i) => meet([ax, ay], [bx, by], c, corners[(i + 1) % 4]!));
  };

  it('agrees with an exact test on random segments and boxes (ends inside, crossings, touches, points, lines along a side)', () => {
    const v = fc.integer({ min: -40, max: 40 });
    fc.assert(
      fc.property(v, v, v, v, v, v, fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: -2, max: 4 }), (ax, ay, bx, by, x, y, width, height, m) => {
        const box = { x, y, width, height };
        expect(segmentHits(ax, ay, bx, by, box, m)).toBe(reference(ax, ay, bx, by, box, m));
      }),
      { numRuns: 5000 },
    );
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

  it('runs a workflow edge straight down between rows closer than two stubs (review14 #1: hegel research)', () => {
    // study (182..336) → assess (384..): handles 9 px outside each box, 30 px apart
    const study: Box = { x: 0, y: 182, width: 260, height: 154 };
    const assess: Box = { x: 0, y: 384, width: 260, height: 117 };
    const r = routeEdge(130, 345, 130, 375, 'DOWN', [study, assess], [{ x: 316, y: 0, width: 266, height: 33 }]);
    expect(r.detour).toBe(false);
    expect(r.labelX).toBe(130);
    expect(r.labelY).toBeGreaterThan(336);
    expect(r.labelY).toBeLessThan(384);
    // blocked on the way, a close forward edge still turns between the rows, never back up
    const r2 = routeEdge(130, 345, 130, 375, 'DOWN', [study, assess], [{ x: 100, y: 350, width: 60, height: 10 }]);
    const ys = points(r2.path).map(([, y]) => y);
    expect(Math.min(...ys.slice(1))).toBeGreaterThanOrEqual(345);
  });

  it('draws a phase’s loop to itself beside that phase, not around its neighbours (review14 #1: continue_study)', () => {
    const study: Box = { x: 0, y: 182, width: 260, height: 154 };
    const beside: Box = { x: 316, y: 150, width: 260, height: 200 };
    const r = routeEdge(130, 345, 130, 173, 'DOWN', [study], [beside]);
    expect(r.detour).toBe(true);
    const xs = points(r.path).map(([x]) => x);
    expect(Math.max(...xs)).toBeLessThanOrEqual(260 + 14);
    expect(r.labelX).toBe(260 + 14);
  });

  it('takes a back edge in the first of two columns around that column, not beyond the second', () => {
    // a wrapped workflow: assess (left column, under study) → study; a phase in the right column beside them
    const study: Box = { x: 0, y: 182, width: 260, height: 154 };
    const assess: Box = { x: 0, y: 384, width: 260, height: 117 };
    const right: Box = { x: 316, y: 0, width: 260, height: 500 };
    const r = routeEdge(130, 510, 130, 173, 'DOWN', [assess, study], [right]);
    expect(r.labelX).toBeLessThan(0);
  });

  it('routes an edge from the end of one band of a wrapped layout to the start of the next through the gap between them', () => {
    // Two bands of two tools: u1 → u2 above, w1 → w2 below (band gap 95); the wrapping edge u2 → w1.
    const u1: Box = { x: 0, y: 0, width: 176, height: 48 };
    const u2: Box = { x: 264, y: 0, width: 176, height: 48 };
    const w1: Box = { x: 0, y: 143, width: 176, height: 48 };
    const w2: Box = { x: 264, y: 143, width: 176, height: 48 };
    const r = routeEdge(445, 24, -5, 167, 'RIGHT', [u2, w1], [u1, w2]);
    expect(r.detour).toBe(true);
    // The lane and its label are in the gap (48..143), not under the lower band.
    expect(r.labelY).toBeGreaterThan(48 + 10);
    expect(r.labelY).toBeLessThan(143 - 10);
    const pts = points(r.path);
    for (let i = 2; i < pts.length - 1; i++) {
      const [x0, y0] = pts[i - 1]!;
      const [x1, y1] = pts[i]!;
      for (const n of [u1, u2, w1, w2]) expect(segmentHits(x0, y0, x1, y1, n, -1)).toBe(false);
    }
    // With no room between the rows it goes around under everything, as a back edge in a row does.
    const tight = routeEdge(445, 24, -5, 60, 'RIGHT', [u2, { ...w1, y: 36 }], [u1]);
    expect(tight.labelY).toBeGreaterThan(36 + 48);
  });
});

// Review17 #3: Simulate wrapped the Letta agent (check_refund_eligibility at the top right, its three
// targets in a column below-left) and the back edges all ran down one lane and one trunk.
describe('laneSlots', () => {
  const source: Box = { x: 300, y: 0, width: 176, height: 40 };
  const targets: Box[] = [0, 1, 2].map((i) => ({ x: 0, y: 300 + i * 100, width: 176, height: 40 }));
  const routes = (slots?: Map<string, ReturnType<typeof laneSlots> extends Map<string, infer S> ? S : never>) =>
    targets.map((t, i) => routeEdge(source.x + source.width + 5, 20, t.x - 5, t.y + 20, 'RIGHT', [source, t], targets.filter((o) => o !== t), slots?.get(`e${i}`)));
  it('gives back edges sharing a lane each their own lane, turn and label line, none through a node, none crossing', () => {
    const alone = routes();
    expect(new Set(alone.map((r) => r.back!.lane)).size).toBe(1);
    const slots = laneSlots(alone.map((r, i) => ({ id: `e${i}`, back: r.back! })));
    expect([...slots.values()].map((s) => s.rank).sort()).toEqual([0, 1, 2]);
    const own = routes(slots);
    // each label on a line of its own
    expect(new Set(own.map((r) => r.labelY)).size).toBe(3);
    // each edge turns down to its target at its own place
    const turns = own.map((r) => points(r.path).at(-2)![0]);
    expect(new Set(turns).size).toBe(3);
    // the topmost target's edge keeps the lane nearest the targets and turns nearest them: no crossing
    expect(own[0]!.labelY).toBeGreaterThan(own[1]!.labelY);
    expect(own[1]!.labelY).toBeGreaterThan(own[2]!.labelY);
    expect(turns[0]).toBeGreaterThan(turns[1]!);
    for (const r of own) for (const [x, y] of r.spots) expect([source, ...targets].some((n) => inside(x, y, n))).toBe(false);
  });
});
