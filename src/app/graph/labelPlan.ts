/**
 * Where each edge label of a graph sits so that no two labels overlap and none covers a node: each
 * edge offers places along its route (`Route.spots`, the middle first), then the same places with
 * the label stacked just above or below its line (two rules between the same two tools share a
 * route); labels are placed one after another, each at its first place clear of the nodes and of
 * the labels placed before it (with a small margin). When every place collides, the one colliding
 * least is taken. Edges that say the same between the same two nodes (their `pair` and text
 * equal: identical rules) share one line, so they share one label, `before ×4`, placed for the
 * first of them; the others draw none. Deterministic: the order is that of the edges given. Pure,
 * so it is tested without a browser.
 */
import type { Box } from '../layout/viewport.ts';
import { LABEL_HEIGHT, groupedLabel, labelSize } from '../layout/labelSize.ts';

export interface LabelRequest {
  id: string;
  text: string;
  /** Candidate centres, best first (at least one). */
  spots: readonly (readonly [number, number])[];
  /** The edge's two ends (`source>target`): edges of one pair with one text get one label. */
  pair?: string;
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

/** The place of every labelled edge, by edge id. */
export function placeLabels(requests: readonly LabelRequest[], nodes: readonly Box[]): Map<string, LabelSpot> {
  const chosen = new Map<string, LabelSpot>();
  const placed: Box[] = [];
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
    let bestBox: Box | undefined;
    search: for (const dy of SHIFTS)
      for (let i = 0; i < l.spots.length; i++) {
        const [x, y] = l.spots[i]!;
        const box = labelBox(l.text, x, y + dy);
        let cost = 0;
        for (const n of nodes) cost += overlap(box, n);
        for (const p of placed) cost += overlap(box, p);
        // Ties (up to rounding) keep the earlier, better place.
        if (cost < bestCost - 0.5) {
          best = { spot: i, dy, text: l.text, edges: group };
          bestCost = cost;
          bestBox = box;
        }
        if (cost === 0) break search;
      }
    chosen.set(l.id, best);
    for (const id of group.slice(1)) chosen.set(id, { ...best, text: '' });
    if (bestBox) placed.push(bestBox);
  }
  return chosen;
}
