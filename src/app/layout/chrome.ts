/**
 * Keeping the nodes clear of the canvas's chrome (the zoom controls in the bottom-left corner, the
 * minimap in the bottom-right), as a graph editor keeps its graph clear of its floating panels. A
 * fit plans its camera with bands kept free (`Inset`); when the graph is too big to show whole at
 * the readable zoom it runs on past those bands, and a node can land under a corner's control. The
 * chrome's boxes (measured on the page) then give other bands to try: above them all, beside each
 * box, both; the first camera under which no node (nor its handles) touches the chrome is taken,
 * else the least pan of the least covered one that clears it without harm, else that camera. Pure,
 * so it is tested without a browser.
 */
import { boundsOf, type Box, type Inset, type Viewport } from './viewport.ts';

/** Free space kept between a node (with its handles) and the chrome, in screen pixels. */
export const CHROME_GAP = 8;
/** How far a node's handles stand out of its box (half a 10 px handle), in graph units. */
const HANDLE_OUT = 5;

const overlap = (a: Box, b: Box) => {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
};

/**
 * How much of the chrome (`chrome`: boxes in the pane's screen pixels) the nodes (`nodes`: boxes in
 * graph units) cover under the camera `vp`, in px², each node grown by its handles and the gap.
 */
export function chromeOverlap(vp: Viewport, nodes: readonly Box[], chrome: readonly Box[]): number {
  let sum = 0;
  for (const n of nodes) {
    const s = onScreen(n, vp, CHROME_GAP);
    for (const c of chrome) sum += overlap(s, c);
  }
  return sum;
}

/**
 * The bands to try, best first, for a pane `width` × `height` with `chrome` in it: `base` (the
 * fit's own bands); then `base` with a band above the tallest chrome (the bottom corners cleared
 * across the whole width); then with a band beside each box (the left one for a box in the
 * pane's left half, the right one otherwise); then both. Each band is the box's extent plus the gap
 * and a handle, less the fit's own `padding` (which the fit keeps inside the bands), never less than
 * `base`'s.
 */
export function chromeInsets(base: Inset, chrome: readonly Box[], width: number, height: number, padding: number): Inset[] {
  if (chrome.length === 0) return [base];
  const more = CHROME_GAP + HANDLE_OUT - padding;
  const bottom = Math.max(base.bottom ?? 0, ...chrome.map((c) => height - c.y + more));
  let left = base.left ?? 0;
  let right = base.right ?? 0;
  for (const c of chrome) {
    if (c.x + c.width / 2 < width / 2) left = Math.max(left, c.x + c.width + more);
    else right = Math.max(right, width - c.x + more);
  }
  return [base, { ...base, bottom }, { ...base, left, right }, { ...base, left, right, bottom }];
}

/** A node's box on screen under `vp`, grown by its handles and the gap. */
function onScreen(n: Box, vp: Viewport, grow: number): Box {
  const g = HANDLE_OUT * vp.zoom + grow;
  return { x: n.x * vp.zoom + vp.x - g, y: n.y * vp.zoom + vp.y - g, width: n.width * vp.zoom + 2 * g, height: n.height * vp.zoom + 2 * g };
}

const inside = (b: Box, width: number, height: number) => b.x >= 0 && b.y >= 0 && b.x + b.width <= width && b.y + b.height <= height;

/**
 * The least pan of `vp` that takes every node off the chrome without cutting at the pane's edge a
 * node shown whole and clear under `vp`, nor opening more than the padding of empty space past the graph's
 * edge (a graph that runs on past the bottom may move down, not one whose top is at the padding):
 * for each node on a chrome box, the pans that put it just beside the box (above, below, left,
 * right). Undefined when none does.
 */
function clearingPan(vp: Viewport, nodes: readonly Box[], chrome: readonly Box[], { width, height, padding }: { width: number; height: number; padding: number }): Viewport | undefined {
  const whole = nodes.filter((n) => inside(onScreen(n, vp, 0), width, height) && chromeOverlap(vp, [n], chrome) === 0);
  const pans: [number, number][] = [];
  for (const n of nodes) {
    const s = onScreen(n, vp, CHROME_GAP);
    for (const c of chrome) {
      if (overlap(s, c) === 0) continue;
      pans.push([c.x - (s.x + s.width), 0], [c.x + c.width - s.x, 0], [0, c.y - (s.y + s.height)], [0, c.y + c.height - s.y]);
    }
  }
  pans.sort((a, b) => Math.abs(a[0]) + Math.abs(a[1]) - (Math.abs(b[0]) + Math.abs(b[1])));
  // The graph's edges on screen: a pan may not open more empty space past one than the padding (or than there was).
  const b = boundsOf(nodes.map((n) => onScreen(n, vp, 0)));
  for (const [dx, dy] of pans) {
    const next = { x: vp.x + dx, y: vp.y + dy, zoom: vp.zoom };
    const keepsEdges = !b || ((dx <= 0 || b.x + dx <= Math.max(b.x, padding)) && (dx >= 0 || b.x + b.width + dx >= Math.min(b.x + b.width, width - padding)) && (dy <= 0 || b.y + dy <= Math.max(b.y, padding)) && (dy >= 0 || b.y + b.height + dy >= Math.min(b.y + b.height, height - padding)));
    if (keepsEdges && chromeOverlap(next, nodes, chrome) === 0 && whole.every((n) => inside(onScreen(n, next, 0), width, height))) return next;
  }
  return undefined;
}

/**
 * The camera that keeps `nodes` clear of `chrome` in a pane of `size` (with the fit's padding):
 * `plan` is the fit's camera for given bands, tried with each of {@link chromeInsets} in turn; the
 * first clear one. A graph too big for the pane at the fit's zoom runs under the chrome whatever
 * the bands: then the least pan of the least covered camera that clears the chrome (see
 * `clearingPan`), else that camera as it is: in a graph that runs on past every edge, the minimap
 * lies over its far part, which it shows.
 */
export function clearOfChrome(
  plan: (inset: Inset) => Viewport,
  base: Inset,
  nodes: readonly Box[],
  chrome: readonly Box[],
  size: { width: number; height: number; padding: number },
): Viewport {
  let best: Viewport | undefined;
  let least = Infinity;
  for (const inset of chromeInsets(base, chrome, size.width, size.height, size.padding)) {
    const vp = plan(inset);
    const covered = chromeOverlap(vp, nodes, chrome);
    if (covered === 0) return vp;
    if (covered < least - 0.5) {
      best = vp;
      least = covered;
    }
  }
  const vp = best ?? plan(base);
  return clearingPan(vp, nodes, chrome, size) ?? vp;
}
