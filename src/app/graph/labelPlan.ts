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

/** An edge's line with its bounding box (most lines are far from a label: one box test skips them). */
interface Line {
  ends: string;
  points: readonly (readonly [number, number])[];
  box: Box;
}

/** The two ends of an edge, either way round: the lines of edges between the same two nodes run together, not across. */
const endsOf = (pair: string | undefined, id: string) => (pair === undefined ? `#${id}` : pair.split('>').sort().join('>'));

function lineOf(r: LabelRequest): Line | undefined {
  const pts = r.line;
  if (!pts || pts.length < 2) return undefined;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of pts) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { ends: endsOf(r.pair, r.id), points: pts, box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } };
}

/** How many of `lines` (other than those between the ends `own`) pass through `box`; `near`: the indices of the lines to look at (the others are far from it). */
function crossings(box: Box, own: string, lines: readonly Line[], near: readonly number[]): number {
  let n = 0;
  for (const k of near) {
    const l = lines[k]!;
    if (l.ends === own || l.box.x > box.x + box.width || l.box.x + l.box.width < box.x || l.box.y > box.y + box.height || l.box.y + l.box.height < box.y) continue;
    for (let i = 1; i < l.points.length; i++) {
      const [ax, ay] = l.points[i - 1]!;
      const [bx, by] = l.points[i]!;
      if (segmentHits(ax, ay, bx, by, box, 0)) {
        n++;
        break;
      }
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

/** A grid of the lines' segments (item k: `lines[k]`, filed under the cells each of its segments passes through). */
function lineGrid(lines: readonly Line[]): BoxGrid {
  const grid = new BoxGrid();
  lines.forEach((l, k) => {
    for (let i = 1; i < l.points.length; i++) {
      const [ax, ay] = l.points[i - 1]!;
      const [bx, by] = l.points[i]!;
      grid.addSegment(k, ax, ay, bx, by);
    }
  });
  return grid;
}

/** The place of every labelled edge, by edge id. */
export function placeLabels(requests: readonly LabelRequest[], nodes: readonly Box[]): Map<string, LabelSpot> {
  const lines = requests.map(lineOf).filter((l) => l !== undefined);
  const chosen = new Map<string, LabelSpot>();
  const placed: Box[] = [];
  // Each place is compared with the nodes, labels and lines near it, found through grids: compared
  // with every one, a 6,000-rule Letta agent's view (hundreds of labels) took 0.4 s of one task.
  // The items near a box come in their order, so the sums are those of the whole lists.
  const nodeGrid = gridOf(nodes);
  const placedGrid = new BoxGrid();
  const linesGrid = lineGrid(lines);
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
        const crossed = cost > bestCost + 0.5 ? Infinity : 2 * crossings(box, own, lines, linesGrid.near(box.x, box.y, x1, y1, near)) + (dy === 0 ? 0 : 1);
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
