/**
 * Synchronous placement for nodes that have no position yet (a tool added from the text, a ghost
 * node): a grid below the nodes already placed, so nothing overlaps and nothing moves.
 */
import type { XY } from '../state/documents.ts';

/** Size estimates shared by the canvas and the layout, so elk leaves room for the badges. */
export function toolNodeSize(badges: number): { width: number; height: number } {
  return { width: 200, height: 48 + 24 * Math.ceil(badges / 2) };
}

export function phaseNodeSize(rules: number, hasSummary: boolean): { width: number; height: number } {
  return { width: 260, height: 56 + (hasSummary ? 36 : 0) + 20 * rules };
}

/**
 * Positions for the `ids` missing from `layout`, on a grid below the placed nodes (or from the
 * origin when none is placed). Returns only the new positions.
 */
export function placeUnpositioned(ids: readonly string[], layout: Readonly<Record<string, XY>>, columns = 6): Record<string, XY> {
  const missing = ids.filter((id) => !layout[id]);
  if (missing.length === 0) return {};
  let top = 0;
  let left = 0;
  let any = false;
  for (const id of ids) {
    const p = layout[id];
    if (!p) continue;
    top = any ? Math.max(top, p.y) : p.y;
    left = any ? Math.min(left, p.x) : p.x;
    any = true;
  }
  const y0 = any ? top + 160 : 0;
  const out: Record<string, XY> = {};
  missing.forEach((id, i) => {
    out[id] = { x: left + (i % columns) * 240, y: y0 + Math.floor(i / columns) * 140 };
  });
  return out;
}
