/**
 * The presenter's camera (pure, tested without a browser): the whole graph when it fits at the
 * stage's readable zoom, or down to its `wholeDownTo`; otherwise the readable zoom, panned the least that keeps the nodes the
 * current step is about in view, so the room does not lose its bearings at every step.
 */
import { planViewport, type Box, type Inset, type Viewport, type ViewportOptions } from '../layout/viewport.ts';
import { FOLLOW, keepInView } from '../layout/follow.ts';

export interface StagePlan {
  viewport: Viewport;
  /** Whether the whole graph is in view (else a minimap shows where the view lies). */
  whole: boolean;
}

/** Whether `box` fits in the view at `zoom` with `margin` around it. */
const fits = (box: Box, zoom: number, width: number, height: number, inset: Inset, margin: number): boolean =>
  box.width * zoom + 2 * margin <= width - (inset.left ?? 0) - (inset.right ?? 0) && box.height * zoom + 2 * margin <= height - (inset.top ?? 0) - (inset.bottom ?? 0);

/** The box around `a` and `b`. */
const union = (a: Box, b: Box): Box => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
};

/**
 * The stage camera for a graph with bounds `whole` in a `width` × `height` view. `focus` are the
 * boxes of the nodes to keep in view, the most important first (the current call's node, then the
 * other end of its deciding rule): as many as fit together are kept in view. `current` is the
 * camera now (kept when it is already at the readable zoom and shows the focus); `inset` the band
 * the minimap takes when the graph does not fit; `chrome` the band the zoom controls take, kept
 * clear in either case (review13: the controls sat on a node's corner).
 */
export function stageViewport(
  whole: Box,
  focus: readonly Box[],
  width: number,
  height: number,
  view: ViewportOptions,
  inset: Inset,
  start: { x: number; y: number },
  current?: Viewport,
  chrome: Inset = {},
): StagePlan {
  const across = width - (chrome.left ?? 0) - (chrome.right ?? 0);
  const fit = Math.min((across - 2 * view.padding) / Math.max(1, whole.width), (height - 2 * view.padding) / Math.max(1, whole.height));
  if (fit >= (view.wholeDownTo ?? view.minZoom)) return { viewport: planViewport(whole, width, height, view, chrome, start), whole: true };
  inset = { ...inset, left: Math.max(inset.left ?? 0, chrome.left ?? 0), right: Math.max(inset.right ?? 0, chrome.right ?? 0) };
  const readable = current !== undefined && Math.abs(current.zoom - view.minZoom) < 1e-6;
  const base = readable ? current : planViewport(whole, width, height, view, inset, start);
  let box: Box | undefined;
  for (const f of focus) {
    const next = box ? union(box, f) : f;
    if (box && !fits(next, view.minZoom, width, height, inset, FOLLOW.margin)) break;
    box = next;
  }
  return { viewport: box ? keepInView(base, box, width, height, inset) : base, whole: false };
}
