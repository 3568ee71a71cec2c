/**
 * Wrapping a long layered layout into bands that fit a page (the canvas at its readable zoom), as
 * ELK Layered's graph wrapping does: a chain of fifty layers is a strip fifty nodes long and one
 * high, which any view shows as a row of nodes over empty canvas with its far end cut. Cut between
 * layers into bands no longer than the page, stacked across the reading direction, it fills the
 * page; an edge from one band to the next runs through the gap between them (`edgeRoute.ts`).
 * Bands are spaced so that a page holds whole bands and the next one starts past its bottom edge:
 * a view put at a band's top shows no node cut at the edge. Pure and deterministic.
 */
import type { LayoutNode } from './types.ts';
import { dict, own } from '../../core/model/ownKeys.ts';

/** The space a wrapped layout fills, in graph units, in a tool graph's terms (RIGHT: width along the layers). */
export interface Page {
  /** Along the layers: how long a band may be. */
  width: number;
  /** Across: the height in which the bands of one view must be whole. */
  height: number;
  /** Across: what the view shows past `height` (its padding, the minimap's band), where no band may start. */
  below: number;
}

/** How a wrapped layout's bands lie across the reading direction. */
export interface Bands {
  /** The across coordinate where each band starts, in order. */
  tops: number[];
  /** How many bands a page shows whole. */
  perPage: number;
}

type Positions = Record<string, { x: number; y: number }>;

/** The least space between two bands (a wrapping edge and its label run there). */
const MIN_BAND_GAP = 56;

/**
 * `positions` (a layered layout of `nodes`, laid out along `direction`) wrapped into bands that fit
 * `page`, with where the bands are; undefined when the layout already fits the page's length or is
 * too tall for a page to hold two bands.
 */
export function wrapLayers(positions: Positions, nodes: readonly LayoutNode[], direction: 'RIGHT' | 'DOWN', page: Page): { positions: Positions; bands: Bands } | undefined {
  const horizontal = direction === 'RIGHT';
  const along = (id: string) => (horizontal ? own(positions, id)!.x : own(positions, id)!.y);
  const across = (id: string) => (horizontal ? own(positions, id)!.y : own(positions, id)!.x);
  const placed = nodes.filter((n) => own(positions, n.id) !== undefined);
  if (placed.length === 0) return undefined;
  // Layers: the distinct starts along the reading direction, each with its far end.
  const ends = new Map<number, number>();
  let low = Infinity;
  let high = -Infinity;
  for (const n of placed) {
    const a = along(n.id);
    ends.set(a, Math.max(ends.get(a) ?? -Infinity, a + (horizontal ? n.width : n.height)));
    low = Math.min(low, across(n.id));
    high = Math.max(high, across(n.id) + (horizontal ? n.height : n.width));
  }
  const starts = [...ends.keys()].sort((a, b) => a - b);
  const first = starts[0]!;
  if (starts.length < 2 || ends.get(starts[starts.length - 1]!)! - first <= page.width) return undefined;
  // Bands: as many consecutive layers as fit the page's length (one at least).
  const bandOf = new Map<number, { index: number; shift: number }>();
  let index = 0;
  let bandStart = first;
  for (const s of starts) {
    if (s !== bandStart && ends.get(s)! - bandStart > page.width) {
      index++;
      bandStart = s;
    }
    bandOf.set(s, { index, shift: bandStart - first });
  }
  const count = index + 1;
  // Spacing: the most bands a page holds whole, spread so the next band starts past the view. A
  // layout too tall for two bands a page is left as it is: wrapping would only make it taller.
  const height = high - low;
  const step = height + MIN_BAND_GAP;
  if (step + height > page.height) return undefined;
  let perPage = Math.max(1, Math.floor((page.height - height) / step) + 1);
  let pitch = step;
  for (; perPage >= 1; perPage--) {
    pitch = Math.max(step, (page.height + page.below) / perPage);
    if ((perPage - 1) * pitch + height <= page.height || perPage === 1) break;
  }
  perPage = Math.max(1, perPage);
  const out: Positions = dict();
  for (const n of placed) {
    const band = bandOf.get(along(n.id))!;
    const a = along(n.id) - band.shift;
    const c = Math.round(across(n.id) - low + band.index * pitch);
    out[n.id] = horizontal ? { x: a, y: c } : { x: c, y: a };
  }
  return { positions: out, bands: { tops: Array.from({ length: count }, (_, k) => Math.round(k * pitch)), perPage: Math.min(perPage, count) } };
}

/**
 * Where a view of a wrapped layout starts across the bands so that it shows `centre` (an across
 * coordinate) with whole bands: the top of the band holding it, moved up so the centre's band is
 * in the page's middle, and no further down than the last page.
 */
export function bandStart(bands: Bands, centre: number): number {
  let k = 0;
  while (k + 1 < bands.tops.length && bands.tops[k + 1]! <= centre) k++;
  const top = Math.max(0, Math.min(k - Math.floor((bands.perPage - 1) / 2), bands.tops.length - bands.perPage));
  return bands.tops[top]!;
}
