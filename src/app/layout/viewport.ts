/**
 * Where to put the camera on a graph: the whole graph when it fits at a readable zoom; otherwise
 * its start region (the top-left, where a layered layout puts its first layer) at exactly the
 * minimum zoom, and the minimap shows the rest. Pure, so it is tested without a browser.
 */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

export interface ViewportOptions {
  /** The lowest zoom a fit may choose (text stays readable): 1 on the canvas (11 px labels), 1.5 on stage. */
  minZoom: number;
  /** The highest zoom a fit may choose, so a two-node graph is not blown up. */
  maxZoom: number;
  /** Free space around the graph, in screen pixels. */
  padding: number;
  /**
   * The least free space a fit may shrink the padding to, so a graph that misses fitting at the
   * minimum zoom by a few pixels is shown whole rather than with its last node cut at the edge.
   */
  minPadding?: number;
  /**
   * The lowest zoom a fit may go to, below `minZoom`, to show the whole graph rather than leave
   * nodes cut at the pane's edge (a narrower window, a panel opened); past it, the fit shows the
   * start region at `minZoom`. Unset: `minZoom`.
   */
  wholeDownTo?: number;
}

/**
 * Bands of the view a fit keeps free, in screen pixels: on the right or at the bottom for the
 * minimap, at the top for what lies over the canvas's top edge (the banner of a capped graph), on
 * the left for the zoom controls (a capped graph's view, which fills the bottom too).
 */
export interface Inset {
  right?: number;
  bottom?: number;
  top?: number;
  left?: number;
}

/** The smallest text the Design canvas draws (edge labels, rule badges, phase markers), in CSS px at zoom 1. */
export const SMALLEST_LABEL_PX = 11;
/** The least on-screen size of that text after an automatic fit: below it, labels are a blur. */
export const READABLE_LABEL_PX = 11;
/**
 * The least on-screen size of that text when an automatic fit shows the whole graph: a graph that
 * misses fitting at the readable zoom by a few percent (the Letta agent, three layers 745 px wide,
 * in 1280×720's 724 px Design pane: review17 s1) is shown whole, its labels at 10 px, rather than
 * with its last column cut at the pane's edge; past that, the fit keeps the readable zoom.
 */
export const WHOLE_LABEL_PX = 10;
/** The least zoom the canvas allows (React Flow's `minZoom`): how far "Fit view" may go. */
export const WHOLE_MIN_ZOOM = 0.05;

/**
 * The Design canvas's automatic fit (on open, after a layout, when the pane changes size): never
 * below the zoom at which its smallest label reads at {@link READABLE_LABEL_PX}. A graph too big
 * for that shows its start (or the selected node, or the simulator's step) and the minimap shows
 * the whole; "Fit view" (see {@link wholeView}) shows the whole graph on request.
 */
export const CANVAS_VIEW: ViewportOptions = { minZoom: READABLE_LABEL_PX / SMALLEST_LABEL_PX, maxZoom: 1.1, padding: 32, minPadding: 12, wholeDownTo: WHOLE_LABEL_PX / SMALLEST_LABEL_PX };

/** The options of an explicit "Fit view": the whole graph, however small, at most at `o`'s largest zoom. */
export function wholeView(o: ViewportOptions): ViewportOptions {
  return { minZoom: WHOLE_MIN_ZOOM, maxZoom: o.maxZoom, padding: o.padding };
}

/**
 * The camera for `bounds` (graph coordinates) in a view of `width` × `height` screen pixels.
 * `inset` keeps bands free: on the right or at the bottom (where the minimap sits), at the top.
 */
export function planViewport(
  bounds: Box,
  width: number,
  height: number,
  o: ViewportOptions,
  inset: Inset = {},
  /** Where the graph starts (see {@link startOf}); the bounding box's corner when absent. */
  start: { x: number; y: number } = bounds,
): Viewport {
  const top = inset.top ?? 0;
  const left = inset.left ?? 0;
  const bands = { x: (inset.right ?? 0) + left, y: (inset.bottom ?? 0) + top };
  const zoomFor = (pad: number) => Math.min((width - 2 * pad - bands.x) / Math.max(1, bounds.width), (height - 2 * pad - bands.y) / Math.max(1, bounds.height));
  // The padding: the full one, or as little as needed (down to minPadding) to fit at the minimum zoom.
  let padding = o.padding;
  if (zoomFor(padding) < o.minZoom && o.minPadding !== undefined && zoomFor(o.minPadding) >= o.minZoom) {
    const overW = (bounds.width * o.minZoom + bands.x - width) / -2;
    const overH = (bounds.height * o.minZoom + bands.y - height) / -2;
    padding = Math.max(o.minPadding, Math.min(o.padding, overW, overH));
  } else if (zoomFor(padding) < o.minZoom && o.minPadding !== undefined && o.wholeDownTo !== undefined && zoomFor(o.minPadding) >= o.wholeDownTo) {
    // Whole below the readable zoom (down to wholeDownTo): as large as the least padding allows.
    padding = o.minPadding;
  }
  const availW = Math.max(1, width - 2 * padding - bands.x);
  const availH = Math.max(1, height - 2 * padding - bands.y);
  const fit = Math.min(availW / Math.max(1, bounds.width), availH / Math.max(1, bounds.height));
  const floor = o.wholeDownTo !== undefined && fit >= o.wholeDownTo ? Math.min(o.minZoom, fit) : o.minZoom;
  const zoom = Math.min(o.maxZoom, Math.max(floor, fit));
  const w = bounds.width * zoom;
  const h = bounds.height * zoom;
  // Along each axis: centred when the graph fits, else its start (left / top) at the padding.
  const x = left + (w <= availW + 1e-9 ? padding + (availW - w) / 2 - bounds.x * zoom : padding - start.x * zoom);
  const y = top + (h <= availH + 1e-9 ? padding + (availH - h) / 2 - bounds.y * zoom : padding - start.y * zoom);
  return { x, y, zoom };
}

/** The box around `boxes` (undefined for none). */
export function boundsOf(boxes: readonly Box[]): Box | undefined {
  if (boxes.length === 0) return undefined;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.width);
    y1 = Math.max(y1, b.y + b.height);
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * Where a layered graph starts: its first node along the reading direction (left-most for tools,
 * then top-most within that column; top-most for phases, then left-most). In a big graph the
 * bounding box's corner is often empty space (each layer starts at its own height), so a camera
 * put there shows no node at all.
 */
export function startOf(boxes: readonly Box[], direction: 'RIGHT' | 'DOWN'): { x: number; y: number } | undefined {
  let best: Box | undefined;
  for (const b of boxes) {
    if (!best) best = b;
    else if (direction === 'RIGHT' ? b.x < best.x || (b.x === best.x && b.y < best.y) : b.y < best.y || (b.y === best.y && b.x < best.x)) best = b;
  }
  return best ? { x: best.x, y: best.y } : undefined;
}

/**
 * A camera `vp` from {@link planViewport} for a graph (`bounds`) too tall (tools read left to right,
 * `RIGHT`) or too wide (phases read top down, `DOWN`) for the view, moved across the reading
 * direction so that `focus` (the start node) sits in the middle rather than at the edge, with its
 * neighbours on both sides in view; never so far that empty space shows past the graph's edge.
 * `vp` itself when the graph fits across.
 */
export function centreAcross(vp: Viewport, focus: Box, bounds: Box, width: number, height: number, inset: Inset, padding: number, direction: 'RIGHT' | 'DOWN'): Viewport {
  const y = direction === 'RIGHT';
  const lo = y ? (inset.top ?? 0) : (inset.left ?? 0);
  const hi = y ? height - (inset.bottom ?? 0) : width - (inset.right ?? 0);
  const start = y ? bounds.y : bounds.x;
  const size = (y ? bounds.height : bounds.width) * vp.zoom;
  if (size <= hi - lo - 2 * padding) return vp;
  const mid = y ? focus.y + focus.height / 2 : focus.x + focus.width / 2;
  const want = (lo + hi) / 2 - mid * vp.zoom;
  // Past the graph's first edge, or before its last, only the padding shows.
  const most = lo + padding - start * vp.zoom;
  const least = hi - padding - start * vp.zoom - size;
  const at = Math.min(most, Math.max(least, want));
  return y ? { ...vp, y: at } : { ...vp, x: at };
}
