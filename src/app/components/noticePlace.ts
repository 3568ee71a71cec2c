/**
 * Where the notice stack goes over the graph canvas so that it covers nothing that matters: the
 * first of a few spots (the band along the canvas's bottom between the zoom controls and the
 * minimap, which the fit keeps free on tool graphs; the top right; the top left) whose box overlaps
 * no node, control or minimap. When every spot would cover something, the stack folds into a small
 * counter at the top right. Pure, so it is tested without a browser.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type NoticeSpot = 'bottom' | 'top-right' | 'top-left';

export interface NoticePlacement {
  spot: NoticeSpot | 'folded';
  /** The stack's top-left corner and width, in window pixels. */
  x: number;
  y: number;
  width: number;
}

/** Screen pixels kept free: the zoom controls (left) and minimap (right) along the bottom, the panels' fold buttons at the top corners. */
export const NOTICE_INSETS = { bottomLeft: 64, bottomRight: 192, bottom: 12, side: 36, top: 10 };
/** The widest a stack gets. */
export const NOTICE_WIDTH = 416;
/** Free space kept between a notice and what it must not cover. */
const GAP = 4;

const SPOTS: readonly NoticeSpot[] = ['bottom', 'top-right', 'top-left'];

/** The stack's width over `canvas`: as wide as a notice gets, within the canvas's side margins. */
export function noticeWidth(canvas: Rect): number {
  return Math.max(0, Math.min(NOTICE_WIDTH, canvas.width - 2 * NOTICE_INSETS.side));
}

function spotBox(spot: NoticeSpot, canvas: Rect, width: number, height: number): Rect | undefined {
  const i = NOTICE_INSETS;
  const right = canvas.x + canvas.width;
  const bottom = canvas.y + canvas.height;
  let box: Rect;
  if (spot === 'bottom') {
    const bandLeft = canvas.x + i.bottomLeft;
    const bandWidth = canvas.width - i.bottomLeft - i.bottomRight;
    if (bandWidth < width) return undefined;
    box = { x: bandLeft + (bandWidth - width) / 2, y: bottom - i.bottom - height, width, height };
  } else if (spot === 'top-right') box = { x: right - i.side - width, y: canvas.y + i.top, width, height };
  else box = { x: canvas.x + i.side, y: canvas.y + i.top, width, height };
  return box.y >= canvas.y && box.y + height <= bottom ? box : undefined;
}

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width + GAP && b.x < a.x + a.width + GAP && a.y < b.y + b.height + GAP && b.y < a.y + a.height + GAP;

/** Narrower widths a stack may take to find a free spot (its text wraps to more lines). */
const NARROWER = [320, 280, 240];

/**
 * The placement of a stack `height` pixels tall at the full width over `canvas`, clear of
 * `obstacles` (window coordinates). Each spot is tried at the full width, then narrower (taller in
 * proportion). `current` is tried first, so a stack does not hop between free spots.
 */
export function placeNotices(canvas: Rect, height: number, obstacles: readonly Rect[], current?: NoticeSpot): NoticePlacement {
  const full = noticeWidth(canvas);
  const widths = [full, ...NARROWER.filter((w) => w < full)];
  const order = current ? [current, ...SPOTS.filter((s) => s !== current)] : SPOTS;
  for (const spot of order) {
    for (const width of widths) {
      const box = spotBox(spot, canvas, width, Math.ceil((height * full) / Math.max(1, width)));
      if (box && !obstacles.some((o) => overlaps(box, o))) return { spot, x: box.x, y: box.y, width };
    }
  }
  return { spot: 'folded', x: canvas.x + canvas.width - NOTICE_INSETS.side - full, y: canvas.y + NOTICE_INSETS.top, width: full };
}
