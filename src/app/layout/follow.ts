/**
 * Keeping one node in view while the simulator steps: the camera moves only when the node has
 * (nearly) left the view, and then only as far as it must, keeping the zoom. Recentring on every
 * step would throw the rest of the graph off screen and make it read as a fragment. Pure, so it is
 * tested without a browser.
 */
import type { Box, Inset, Viewport } from './viewport.ts';

export interface FollowOptions {
  /** Where the node must sit after a pan: this many screen pixels inside the view. */
  margin: number;
  /** The node counts as in view while it is at least this far inside (less than `margin`, so small moves do not pan). */
  slack: number;
}

export const FOLLOW: FollowOptions = { margin: 48, slack: 4 };

/**
 * The camera that shows `box` (graph coordinates) in a view of `width` × `height` screen pixels,
 * with `inset` bands kept free on the right or at the bottom (the minimap's): `vp` itself when the
 * box is already in view, else `vp` panned the least distance that brings it `margin` inside. A box
 * bigger than the view shows its start (left / top) edge.
 */
export function keepInView(
  vp: Viewport,
  box: Box,
  width: number,
  height: number,
  inset: Inset = {},
  o: FollowOptions = FOLLOW,
): Viewport {
  const shift = (start: number, size: number, offset: number, view: number): number => {
    const len = size * vp.zoom;
    const left = start * vp.zoom + offset;
    const right = left + len;
    if (left >= o.slack && right <= view - o.slack) return 0;
    // Room for the box with the margin on both sides; else as much margin as fits, start first.
    const margin = Math.max(0, Math.min(o.margin, (view - len) / 2));
    if (len + 2 * margin > view || left < margin) return margin - left;
    return view - margin - right;
  };
  const left = inset.left ?? 0;
  const dx = shift(box.x, box.width, vp.x - left, width - (inset.right ?? 0) - left);
  const top = inset.top ?? 0;
  const dy = shift(box.y, box.height, vp.y - top, height - (inset.bottom ?? 0) - top);
  return dx === 0 && dy === 0 ? vp : { x: vp.x + dx, y: vp.y + dy, zoom: vp.zoom };
}

/** The least margin a pan may leave beside the followed box so that another node is shown whole rather than cut at the edge. */
export const LEAST_MARGIN = 4;

/**
 * The pans along one axis (screen pixels, added to the camera's offset) under which none of the
 * intervals `spans` (screen pixels, before the pan) straddles an edge of the view `[lo, hi]`: each
 * lies wholly inside or wholly outside. A union of closed intervals, in order.
 */
export function clearPans(spans: readonly (readonly [number, number])[], lo: number, hi: number): [number, number][] {
  // The breakpoints where a span meets an edge; between two, every pan cuts the same spans.
  const points = [...new Set(spans.flatMap(([s, e]) => [lo - e, lo - s, hi - e, hi - s]))].sort((a, b) => a - b);
  const cuts = (p: number) => spans.some(([s, e]) => (s + p < lo && e + p > lo) || (s + p < hi && e + p > hi));
  const out: [number, number][] = [];
  const add = (a: number, b: number) => {
    const last = out[out.length - 1];
    if (last && last[1] >= a) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  };
  if (points.length === 0) return [[-Infinity, Infinity]];
  if (!cuts(points[0]! - 1)) add(-Infinity, points[0]!);
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    if (!cuts(p)) add(p, p);
    const next = points[i + 1];
    if (next !== undefined && !cuts((p + next) / 2)) add(p, next);
  }
  if (!cuts(points[points.length - 1]! + 1)) add(points[points.length - 1]!, Infinity);
  return out;
}

/**
 * {@link keepInView}, leaving no other node cut at the view's edge when a nearby pan can: `others`
 * (graph units) are the graph's nodes. Along each axis, when the least pan that brings `box`
 * `margin` inside would leave a node (in view across) straddling an edge, the nearest pan that
 * leaves none is taken instead, provided it keeps `box` wholly in view at least
 * {@link LEAST_MARGIN} inside and moves no further than half the view from the least pan; within a stretch of such pans, `box` keeps as much of its margin as
 * the stretch allows. Else the least pan, as {@link keepInView}.
 */
export function keepInViewWhole(
  vp: Viewport,
  box: Box,
  others: readonly Box[],
  width: number,
  height: number,
  inset: Inset = {},
  o: FollowOptions = FOLLOW,
): Viewport {
  const least = keepInView(vp, box, width, height, inset, o);
  if (least === vp) return vp;
  const z = vp.zoom;
  const view = { x: [inset.left ?? 0, width - (inset.right ?? 0)], y: [inset.top ?? 0, height - (inset.bottom ?? 0)] } as const;
  let next = least;
  for (const axis of ['x', 'y'] as const) {
    const across = axis === 'x' ? 'y' : 'x';
    const [lo, hi] = view[axis];
    const [clo, chi] = view[across];
    const size = axis === 'x' ? 'width' : 'height';
    const crossSize = axis === 'x' ? 'height' : 'width';
    const start = (b: Box, a: 'x' | 'y') => b[a] * z + vp[a];
    const p0 = next[axis] - vp[axis];
    if (p0 === 0) continue;
    const shown = others.filter((b) => {
      const s = b[across] * z + next[across];
      return s < chi && s + b[crossSize] * z > clo;
    });
    const spans = shown.map((b) => [start(b, axis), start(b, axis) + b[size] * z] as const);
    const bs = start(box, axis);
    const be = bs + box[size] * z;
    // Pans that keep `box` at least LEAST_MARGIN inside.
    const pmin = lo + LEAST_MARGIN - bs;
    const pmax = hi - LEAST_MARGIN - be;
    if (pmin > pmax) continue;
    if (!spans.some(([s, e]) => (s + p0 < lo && e + p0 > lo) || (s + p0 < hi && e + p0 > hi))) continue;
    let best: number | undefined;
    for (const [a0, b0] of clearPans(spans, lo, hi)) {
      const a = Math.max(a0, pmin);
      const b = Math.min(b0, pmax);
      if (a > b) continue;
      // Within the stretch, as near the least pan as it allows, keeping `box` off the stretch's ends by up to the margin.
      const keep = Math.min(o.margin, (b - a) / 2);
      const p = Math.min(b - keep, Math.max(a + keep, p0));
      if (Math.abs(p - p0) <= (hi - lo) / 2 && (best === undefined || Math.abs(p - p0) < Math.abs(best - p0))) best = p;
    }
    if (best !== undefined) next = { ...next, [axis]: vp[axis] + best };
  }
  return next;
}
