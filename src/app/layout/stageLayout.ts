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

/**
 * The layout the stage shows: `own` (the document's) unless a layered layout wrapped for `pane`
 * shows the whole graph at a larger zoom. Only graphs of at most `maxNodes` nodes are laid out
 * anew (a few dozen layouts of a small graph take a few milliseconds).
 */
export function stageLayout(input: StageLayoutInput, own: Readonly<Record<string, XY>>, pane: { width: number; height: number }, padding: number, maxNodes = 80): Readonly<Record<string, XY>> {
  if (input.nodes.length === 0 || input.nodes.length > maxNodes || pane.width <= 2 * padding || pane.height <= 2 * padding) return own;
  let best = own;
  let bestZoom = wholeZoom(own, input.nodes, pane, padding);
  for (const zoom of STAGE_FIT_ZOOMS) {
    const along = Math.floor((input.direction === 'RIGHT' ? pane.width - 2 * padding : pane.height - 2 * padding) / zoom);
    const across = Math.floor((input.direction === 'RIGHT' ? pane.height - 2 * padding : pane.width - 2 * padding) / zoom);
    const laid = layeredLayout(input.nodes, input.edges, { direction: input.direction, wrap: { width: along, height: across, below: 0 } });
    const z = wholeZoom(laid, input.nodes, pane, padding);
    if (z > bestZoom + 1e-9) {
      best = laid;
      bestZoom = z;
    }
  }
  return best;
}
