/**
 * The presenter's layout (pure): on stage the graph is laid out for the stage's pane, not for the
 * Design canvas. Of the document's own layout and the layered layout wrapped to pages of several
 * widths (the pane at zooms from {@link STAGE_FIT_ZOOMS}), the one shown whole at the largest zoom;
 * the document's own on a tie, so a hand-made arrangement stays when it shows as well. A chain
 * laid out for a wide Design canvas (the ETL example's five tools in a row) is wrapped into rows
 * that fill the stage, so the whole graph is on screen at a size a room can read.
 */
import { layeredLayout } from './layered.ts';
import type { LayoutEdge, LayoutNode } from './types.ts';

type XY = { x: number; y: number };

/** The zooms whose pages are tried (the pane divided by each). */
export const STAGE_FIT_ZOOMS: readonly number[] = [2, 1.8, 1.6, 1.5, 1.4, 1.3, 1.2, 1.1, 1, 0.9];

/**
 * Simulate's pane (review13: its right-hand column of tools was cut at the pane's edge): laid out
 * anew only when the document's layout is wider than the pane at the canvas's readable zoom
 * (`keepFrom`), on pages that zoom reads across (no node cut at the side edges).
 */
export const SIMULATE_FIT: PaneFit = { zooms: [1.1, 1], keepFrom: 1, tall: true };

/** Which pages are tried, and from what whole zoom the document's own layout is kept as it is. */
export interface PaneFit {
  zooms: readonly number[];
  /**
   * The document's layout as wide as the pane at this zoom is kept (a tall one reads down the pane),
   * however much larger another would show it; a wider one gives way to a layout that is not.
   */
  keepFrom?: number;
  /**
   * Also try pages two panes tall: a graph no page shows whole is wrapped to the pane's width all the
   * same, so it reads down the pane (its start in view, the rest below) rather than off its side.
   */
  tall?: boolean;
}

export interface StageLayoutInput {
  nodes: readonly LayoutNode[];
  edges: readonly LayoutEdge[];
  direction: 'RIGHT' | 'DOWN';
}

/** The zoom at which `positions` of `nodes` fit whole in `pane` (its padding taken off). */
export function wholeZoom(positions: Readonly<Record<string, XY>>, nodes: readonly LayoutNode[], pane: { width: number; height: number }, padding: number): number {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const n of nodes) {
    const p = positions[n.id];
    if (!p) return 0;
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x + n.width);
    y1 = Math.max(y1, p.y + n.height);
  }
  if (!Number.isFinite(x0)) return 0;
  return Math.min((pane.width - 2 * padding) / Math.max(1, x1 - x0), (pane.height - 2 * padding) / Math.max(1, y1 - y0));
}

/** The zoom at which `positions` of `nodes` fit the width of `pane` (its padding taken off), however tall. */
function wideZoom(positions: Readonly<Record<string, XY>>, nodes: readonly LayoutNode[], pane: { width: number; height: number }, padding: number): number {
  return wholeZoom(positions, nodes, { width: pane.width, height: Number.MAX_SAFE_INTEGER }, padding);
}

/**
 * The layout the stage (or Simulate, with {@link SIMULATE_FIT}) shows: `own` (the document's)
 * unless a layered layout wrapped for `pane` at one of `fit`'s zooms shows the whole graph at a larger zoom. Only graphs of at most `maxNodes` nodes are laid out
 * anew (a few dozen layouts of a small graph take a few milliseconds).
 */
export function stageLayout(
  input: StageLayoutInput,
  own: Readonly<Record<string, XY>>,
  pane: { width: number; height: number },
  padding: number,
  maxNodes = 80,
  fit: PaneFit = { zooms: STAGE_FIT_ZOOMS },
): Readonly<Record<string, XY>> {
  if (input.nodes.length === 0 || input.nodes.length > maxNodes || pane.width <= 2 * padding || pane.height <= 2 * padding) return own;
  // Simulate's choice puts first a layout whose width its readable zoom shows (no node cut at the
  // pane's side edges), then the largest whole zoom; the stage's, the largest whole zoom.
  const score = (laid: Readonly<Record<string, XY>>): [number, number] => [fit.keepFrom === undefined || wideZoom(laid, input.nodes, pane, padding) >= fit.keepFrom ? 1 : 0, wholeZoom(laid, input.nodes, pane, padding)];
  const better = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1] + 1e-9);
  let best = own;
  let bestScore = score(own);
  if (fit.keepFrom !== undefined && bestScore[0] === 1) return own;
  for (const zoom of fit.zooms)
    for (const pages of fit.tall === true ? [1, 2] : [1]) {
      const along = Math.floor((input.direction === 'RIGHT' ? pane.width - 2 * padding : pane.height - 2 * padding) / zoom);
      const across = pages * Math.floor((input.direction === 'RIGHT' ? pane.height - 2 * padding : pane.width - 2 * padding) / zoom);
      const laid = layeredLayout(input.nodes, input.edges, { direction: input.direction, wrap: { width: along, height: across, below: 0 }, columns: true });
      const s = score(laid);
      if (better(s, bestScore)) {
        best = laid;
        bestScore = s;
      }
    }
  return best;
}
