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
