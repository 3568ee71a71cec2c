/**
 * Where each edge label of a graph sits so that no two labels overlap and none covers a node: each
 * edge offers places along its route (`Route.spots`, the middle first), then the same places with
 * the label stacked just above or below its line (two rules between the same two tools share a
 * route); labels are placed one after another, each at its first place clear of the nodes and of
 * the labels placed before it (with a small margin). When every place collides, the one colliding
 * least is taken. Among places clear of nodes and labels, one that no other edge's line crosses is
 * preferred (a label on a crossing line reads as that line's: Letta's branches fan out from one
 * tool, and a label at the middle of one sat on its neighbours' dotted lines); a place stacked off
 * its line is taken for that only when it clears a line the places on it do not. Edges that say the same between the same two nodes (their `pair` and text
 * equal: identical rules) share one line, so they share one label, `before ×4`, placed for the
 * first of them; the others draw none. Deterministic: the order is that of the edges given. Pure,
 * so it is tested without a browser.
 */
import type { Box } from '../layout/viewport.ts';
import { LABEL_HEIGHT, groupedLabel, labelSize } from '../layout/labelSize.ts';
import { segmentHits } from './edgeRoute.ts';
import { BoxGrid } from './boxGrid.ts';

export interface LabelRequest {
  id: string;
  text: string;
  /** Candidate centres, best first (at least one). */
  spots: readonly (readonly [number, number])[];
  /** The edge's two ends (`source>target`): edges of one pair with one text get one label. */
  pair?: string;
  /** The edge's route as a polyline (`Route.line`): other edges' labels keep off it. An edge with no text is given for its line alone. */
  line?: readonly (readonly [number, number])[];
}

/** Space kept free around a label. */
const MARGIN = 2;

const overlap = (a: Box, b: Box) => {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
};

/** The box a label of `text` takes centred on (x, y), grown by the margin. */
export function labelBox(text: string, x: number, y: number): Box {
  const { width, height } = labelSize(text);
  return { x: x - width / 2 - MARGIN, y: y - height / 2 - MARGIN, width: width + 2 * MARGIN, height: height + 2 * MARGIN };
}

/** A label's place: one of its route's spots, moved `dy` across the line (0: on it). */
export interface LabelSpot {
  spot: number;
  dy: number;
  /** The text drawn: the edge's own, or `before ×4` for the first of a group; '' for the others of a group. */
  text: string;
  /** The ids of the edges the label stands for (the edge's own alone, or its whole group). */
  edges: readonly string[];
}

/** How far a stacked label moves off its line: a label's height and both margins. */
const STACK = LABEL_HEIGHT + 2 * MARGIN;
const SHIFTS = [0, -STACK, STACK, -2 * STACK, 2 * STACK];

/** The lines' segments side by side: segment j runs (x[2j], y[2j]) → (x[2j+1], y[2j+1]) on line `line[j]`; a line's segments are numbered one after another. */
interface Segments {
  x: number[];
  y: number[];
  line: number[];
  /** Per line, its two ends ({@link endsOf}). */
  ends: string[];
}

/** The two ends of an edge, either way round: the lines of edges between the same two nodes run together, not across. */
const endsOf = (pair: string | undefined, id: string) => (pair === undefined ? `#${id}` : pair.split('>').sort().join('>'));

function segmentsOf(requests: readonly LabelRequest[]): Segments {
  const segs: Segments = { x: [], y: [], line: [], ends: [] };
  for (const r of requests) {
    const pts = r.line;
    if (!pts || pts.length < 2) continue;
    const k = segs.ends.length;
    segs.ends.push(endsOf(r.pair, r.id));
    for (let i = 1; i < pts.length; i++) {
      const [ax, ay] = pts[i - 1]!;
      const [bx, by] = pts[i]!;
      segs.x.push(ax, bx);
      segs.y.push(ay, by);
      segs.line.push(k);
    }
  }
  return segs;
}

/**
 * How many lines (other than those between the ends `own`) pass through `box`, from `near`: the
 * segments to look at in ascending order (the others are far from it), so a line's segments come
 * together and a line is counted once.
 */
function crossings(box: Box, own: string, segs: Segments, near: readonly number[]): number {
  const { x, y, line, ends } = segs;
  let n = 0;
  let counted = -1;
  for (let i = 0; i < near.length; i++) {
    const j = near[i]!;
    const k = line[j]!;
    if (k === counted || ends[k] === own) continue;
    if (segmentHits(x[2 * j]!, y[2 * j]!, x[2 * j + 1]!, y[2 * j + 1]!, box, 0)) {
      n++;
      counted = k;
    }
  }
  return n;
}

/** A grid of `boxes` (item k: `boxes[k]`). */
function gridOf(boxes: readonly Box[]): BoxGrid {
  const grid = new BoxGrid();
  boxes.forEach((b, k) => grid.add(k, b.x, b.y, b.x + b.width, b.y + b.height));
  return grid;
}

/** A grid of the segments (item j: segment j, filed under the cells it passes through). */
function segmentGrid(segs: Segments): BoxGrid {
  const grid = new BoxGrid();
  const { x, y } = segs;
  for (let j = 0; j < segs.line.length; j++) grid.addSegment(j, x[2 * j]!, y[2 * j]!, x[2 * j + 1]!, y[2 * j + 1]!);
  return grid;
}

/** The place of every labelled edge, by edge id. */
export function placeLabels(requests: readonly LabelRequest[], nodes: readonly Box[]): Map<string, LabelSpot> {
  const segs = segmentsOf(requests);
  const chosen = new Map<string, LabelSpot>();
  const placed: Box[] = [];
  // Each place is compared with the nodes, labels and lines near it, found through grids: compared
  // with every one, a 6,000-rule Letta agent's view (hundreds of labels) took 0.4 s of one task.
  // The items near a box come in their order, so the sums are those of the whole lists.
  const nodeGrid = gridOf(nodes);
  const placedGrid = new BoxGrid();
  const segmentsGrid = segmentGrid(segs);
  const near: number[] = [];
  // Parallel edges with one text: the first stands for the group.
  const groups = new Map<string, string[]>();
  const labels: { request: LabelRequest; group: string[] }[] = [];
  for (const l of requests) {
    if (l.text === '' || l.spots.length === 0) continue;
    const key = l.pair === undefined ? undefined : `${l.pair}\n${l.text}`;
    const group = key === undefined ? undefined : groups.get(key);
    if (group) {
      group.push(l.id);
      continue;
    }
    const own = [l.id];
    if (key !== undefined) groups.set(key, own);
    labels.push({ request: l, group: own });
  }
  for (const { request: r, group } of labels) {
    const l = { ...r, text: groupedLabel(r.text, group.length) };
    let best: LabelSpot = { spot: 0, dy: 0, text: l.text, edges: group };
    let bestCost = Infinity;
    let bestLines = Infinity;
    let bestBox: Box | undefined;
    const own = endsOf(l.pair, l.id);
    search: for (const dy of SHIFTS)
      for (let i = 0; i < l.spots.length; i++) {
        const [x, y] = l.spots[i]!;
        const box = labelBox(l.text, x, y + dy);
        const x1 = box.x + box.width;
        const y1 = box.y + box.height;
        let cost = 0;
        for (const k of nodeGrid.near(box.x, box.y, x1, y1, near)) cost += overlap(box, nodes[k]!);
        for (const k of placedGrid.near(box.x, box.y, x1, y1, near)) cost += overlap(box, placed[k]!);
        // Lines crossed weigh less than any overlap; off its own line, a place counts as crossing half a line.
        const crossed = cost > bestCost + 0.5 ? Infinity : 2 * crossings(box, own, segs, segmentsGrid.near(box.x, box.y, x1, y1, near)) + (dy === 0 ? 0 : 1);
        // Ties (up to rounding) keep the earlier, better place.
        if (cost < bestCost - 0.5 || (cost <= bestCost + 0.5 && crossed < bestLines)) {
          best = { spot: i, dy, text: l.text, edges: group };
          bestCost = cost;
          bestLines = crossed;
          bestBox = box;
        }
        if (cost === 0 && crossed === 0) break search;
      }
    chosen.set(l.id, best);
    for (const id of group.slice(1)) chosen.set(id, { ...best, text: '' });
    if (bestBox) {
      placedGrid.add(placed.length, bestBox.x, bestBox.y, bestBox.x + bestBox.width, bestBox.y + bestBox.height);
      placed.push(bestBox);
    }
  }
  return chosen;
}
