import { describe, expect, it } from 'vitest';
import { routeEdge, segmentHits } from '../../src/app/graph/edgeRoute.ts';
import { labelBox, placeLabels, type LabelRequest } from '../../src/app/graph/labelPlan.ts';
import type { Box } from '../../src/app/layout/viewport.ts';
import { gapFor } from '../../src/app/layout/layered.ts';

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('route label spots', () => {
  it('offers the middle first, then places either side of it on the curve, between the two ends', () => {
    const r = routeEdge(200, 24, 320, 120, 'RIGHT', [], []);
    expect(r.spots[0]).toEqual([r.labelX, r.labelY]);
    expect(r.spots.length).toBeGreaterThan(2);
    for (const [x, y] of r.spots) {
      expect(x).toBeGreaterThan(200);
      expect(x).toBeLessThan(320);
      expect(y).toBeGreaterThanOrEqual(24);
      expect(y).toBeLessThanOrEqual(120);
    }
    // Either side: one spot nearer the source, one nearer the target.
    expect(r.spots.some(([x]) => x < r.labelX)).toBe(true);
    expect(r.spots.some(([x]) => x > r.labelX)).toBe(true);
  });
  it('keeps the spots of a workflow edge (top to bottom) on its vertical span', () => {
    const r = routeEdge(100, 60, 40, 200, 'DOWN', [], []);
    for (const [, y] of r.spots) expect(y > 60 && y < 200).toBe(true);
  });
});

describe('placeLabels', () => {
  // A Letta branch as the layout spaces it: one tool feeding three in the next layer (48 px tall,
  // 36 px apart, the gap as wide as the widest label needs), each edge with a condition label.
  const from: Box = { x: 0, y: 84, width: 176, height: 48 };
  const targets: Box[] = [0, 1, 2].map((i) => ({ x: 176 + gapFor('= "ineligible"'), y: i * 84, width: 176, height: 48 }));
  const texts = ['= "eligible"', '= "ineligible"', 'otherwise'];
  const requests: LabelRequest[] = targets.map((t, i) => ({
    id: `e${i}`,
    text: texts[i]!,
    spots: routeEdge(from.x + from.width + 5, from.y + 24, t.x - 5, t.y + 24, 'RIGHT', [from, t], []).spots,
  }));
  const nodes = [from, ...targets];

  function clear(requests: LabelRequest[], nodes: Box[]) {
    const plan = placeLabels(requests, nodes);
    const boxes = requests.map((r) => {
      const { spot, dy } = plan.get(r.id)!;
      const [x, y] = r.spots[spot]!;
      return labelBox(r.text, x, y + dy);
    });
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i]!, boxes[j]!), `${requests[i]!.text} / ${requests[j]!.text}`).toBe(false);
      for (const n of nodes) expect(overlaps(boxes[i]!, n), `${requests[i]!.text} on a node`).toBe(false);
    }
    return plan;
  }

  it('puts no two labels of a branch on each other and none on a node', () => {
    clear(requests, nodes);
  });

  it('stacks the labels of two rules between the same two tools (one route) off each other', () => {
    const a: Box = { x: 0, y: 0, width: 176, height: 48 };
    const b: Box = { x: 176 + gapFor('= "ineligible"'), y: 0, width: 176, height: 48 };
    const spots = routeEdge(181, 24, b.x - 5, 24, 'RIGHT', [a, b], []).spots;
    const plan = clear(
      [
        { id: 'x', text: '= "ineligible"', spots },
        { id: 'y', text: 'may follow', spots },
      ],
      [a, b],
    );
    expect(plan.get('y')!.dy).not.toBe(0);
  });

  it('keeps a label in the middle of its edge when nothing is in the way, and decides the same every time', () => {
    const plan = placeLabels(requests, nodes);
    expect(plan.get('e0')).toMatchObject({ spot: 0, dy: 0, text: '= "eligible"', edges: ['e0'] });
    expect(placeLabels(requests, nodes)).toEqual(plan);
  });

  it('takes the least crowded place when every place collides', () => {
    const wall: Box = { x: -1000, y: -1000, width: 3000, height: 3000 };
    const plan = placeLabels([requests[0]!], [wall]);
    expect(plan.get('e0')).toMatchObject({ spot: 0, dy: 0 });
  });

  it('gives identical rules between the same two tools one label saying how many, and keeps different texts apart', () => {
    const a: Box = { x: 0, y: 0, width: 176, height: 48 };
    const b: Box = { x: 176 + gapFor('before ×4'), y: 0, width: 176, height: 48 };
    const spots = routeEdge(181, 24, b.x - 5, 24, 'RIGHT', [a, b], []).spots;
    const same = ['r1', 'r2', 'r3', 'r4'].map((id) => ({ id, text: 'before', pair: 'a>b', spots }));
    const plan = placeLabels([...same, { id: 'm', text: 'must precede', pair: 'a>b', spots }, { id: 'o', text: 'before', pair: 'b>a', spots }], [a, b]);
    expect(plan.get('r1')).toMatchObject({ spot: 0, dy: 0, text: 'before ×4', edges: ['r1', 'r2', 'r3', 'r4'] });
    for (const id of ['r2', 'r3', 'r4']) expect(plan.get(id)!.text).toBe('');
    // Another text on the same route, and the same text on another pair, keep labels of their own.
    expect(plan.get('m')).toMatchObject({ text: 'must precede', edges: ['m'] });
    expect(plan.get('m')!.dy).not.toBe(0);
    expect(plan.get('o')).toMatchObject({ text: 'before', edges: ['o'] });
    // Without a pair (no route known), labels are never merged.
    const loose = placeLabels(same.map(({ pair: _pair, ...r }) => r), [a, b]);
    expect([...loose.values()].map((p) => p.text)).toEqual(['before', 'before', 'before', 'before']);
  });

  describe('the lines of other edges', () => {
    // The Letta example's branch: one tool feeding three, each edge with its condition, and the
    // lines of the three running together out of one handle (the review saw the labels on them).
    const lined: LabelRequest[] = targets.map((t, i) => {
      const r = routeEdge(from.x + from.width + 5, from.y + 24, t.x - 5, t.y + 24, 'RIGHT', [from, t], []);
      return { id: `e${i}`, text: texts[i]!, pair: `from>t${i}`, spots: r.spots, line: r.line };
    });
    /** How many other edges' lines cross each label of `plan` (every request's line counts). */
    const crossed = (plan: ReturnType<typeof placeLabels>) =>
      lined.map((r) => {
        const { spot, dy } = plan.get(r.id)!;
        const [x, y] = r.spots[spot]!;
        const box = labelBox(r.text, x, y + dy);
        return lined.filter((o) => o.id !== r.id && o.line!.some((p, i) => i > 0 && segmentHits(o.line![i - 1]![0], o.line![i - 1]![1], p[0], p[1], box, 0))).length;
      });
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

    it('routes give their line, from handle to handle', () => {
      const r = routeEdge(200, 24, 320, 120, 'RIGHT', [], []);
      expect(r.line[0]).toEqual([200, 24]);
      expect(r.line[r.line.length - 1]).toEqual([320, 120]);
      const down = routeEdge(100, 60, 40, 200, 'DOWN', [], []);
      expect(down.line[0]).toEqual([100, 60]);
      expect(down.line[down.line.length - 1]).toEqual([40, 200]);
    });

    it('keeps the labels of a branch off the other branches’ lines where a place allows, still clear of nodes and labels', () => {
      const now = sum(crossed(placeLabels(lined, nodes)));
      // Placed without the lines (as before): the middles of the fan, where the lines run together.
      const blind = sum(crossed(placeLabels(lined.map(({ line: _line, ...r }) => r), nodes)));
      expect(now).toBeLessThan(blind);
      expect(now).toBeLessThanOrEqual(1);
      clear(lined, nodes);
    });

    it('counts an edge without a label by its line, and never the line of an edge between the same two tools', () => {
      const a: Box = { x: 0, y: 0, width: 176, height: 48 };
      const b: Box = { x: 476, y: 0, width: 176, height: 48 };
      const r = routeEdge(181, 24, b.x - 5, 24, 'RIGHT', [a, b], []);
      // A rule and its reverse between a and b share the way: the label stays in the middle of its line.
      const pairPlan = placeLabels([{ id: 'x', text: 'may follow', pair: 'a>b', spots: r.spots, line: r.line }, { id: 'y', text: '', pair: 'b>a', spots: r.spots, line: r.line }], [a, b]);
      expect(pairPlan.get('x')).toMatchObject({ spot: 0, dy: 0 });
      // An unlabelled edge from elsewhere crossing the middle moves the label along its own line.
      const mid = r.spots[0]!;
      const across = { id: 'z', text: '', pair: 'c>d', spots: [mid], line: [[mid[0], mid[1] - 60], [mid[0], mid[1] + 60]] as const };
      const plan = placeLabels([{ id: 'x', text: 'may follow', pair: 'a>b', spots: r.spots, line: r.line }, across], [a, b]);
      expect(plan.get('x')!.spot).not.toBe(0);
      expect(plan.get('x')!.dy).toBe(0);
      expect(plan.has('z')).toBe(false);
    });
  });
});
