/**
 * Placement of nodes that have no position yet (a tool added from the toolbar or the text, a ghost
 * node): in free space beside an anchor (the selected node), in the direction the graph reads, so
 * nothing overlaps and nothing the user placed moves.
 */
import type { XY } from '../state/documents.ts';
import type { Box } from './viewport.ts';
import { gapFor } from './layered.ts';
import { dict, own } from '../../core/model/ownKeys.ts';

/**
 * A tool node's width on the canvas (`.rs-tool` in canvas.css says the same): narrow enough that a
 * four-layer chain (the ETL example) is shown whole at zoom 0.7 beside the inspector at 1280×720.
 */
export const TOOL_NODE_WIDTH = 176;

/** Size estimates shared by the canvas and the layout, so the layout leaves room for the badges. */
export function toolNodeSize(badges: number): { width: number; height: number } {
  return { width: TOOL_NODE_WIDTH, height: 48 + 24 * Math.ceil(badges / 2) };
}

/** Inner width of a tool node (its width less the padding), where badges wrap. */
const BADGE_ROOM = TOOL_NODE_WIDTH - 20;

/**
 * The size of a tool node from its badges' texts: badges laid in rows as the node's flex wrap lays
 * them (about 6.5 px a character at the badge's size, 16 px of padding and border, 3 px apart),
 * one too long for a row wrapping onto lines of its own. For permission rules (Claude Code), whose
 * badges carry their patterns and are too long for {@link toolNodeSize}'s two a row.
 */
export function toolNodeSizeOfTexts(texts: readonly string[]): { width: number; height: number } {
  let height = 0;
  let row = 0; // width used in the current row (0: none yet)
  for (const t of texts) {
    const w = Math.ceil(t.length * 6.5) + 16;
    if (w > BADGE_ROOM) {
      if (row > 0) height += 20;
      height += 17 * Math.ceil((w - 16) / (BADGE_ROOM - 16)) + 3;
      row = 0;
    } else if (row > 0 && row + 3 + w <= BADGE_ROOM) row += 3 + w;
    else {
      if (row > 0) height += 20;
      row = w;
    }
  }
  if (row > 0) height += 20;
  return { width: TOOL_NODE_WIDTH, height: 48 + 14 + height };
}

/** The size estimate of a tool graph node: by its badges' texts for permission rules, else by their count. */
export function toolNodeSizeOf(n: { badges: readonly { text: string }[]; permissions?: boolean }): { width: number; height: number } {
  return n.permissions ? toolNodeSizeOfTexts(n.badges.map((b) => b.text)) : toolNodeSize(n.badges.length);
}

/** A phase node's width on the canvas (`.rs-phase` in canvas.css). */
const PHASE_NODE_WIDTH = 260;
/** Characters a line of the phase's summary or prompt holds (12 px sans in 240 px; errs short, as DejaVu Sans is wide). */
const PHASE_TEXT_CHARS = 34;
/** Characters a rule line holds (11 px mono in 224 px). */
const PHASE_RULE_CHARS = 32;

/** Lines `text` takes wrapped at word boundaries into lines of `chars` characters (a word longer than a line breaks anywhere). */
export function wrappedLines(text: string, chars: number): number {
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/)) {
    if (word === '') continue;
    const n = [...word].length;
    if (used > 0 && used + 1 + n <= chars) used += 1 + n;
    else {
      if (used > 0) lines++;
      lines += Math.floor(Math.max(0, n - 1) / chars);
      used = n % chars || chars;
    }
  }
  return lines;
}

/**
 * The size of a phase node from what it shows (`PhaseNode`): its name, the summary and the prompt
 * preview wrapped at the node's width (14 px a line), and its rule lines (13 px a line). Estimated
 * from the texts, so the layout leaves each transition's label its gap between the rows: a
 * count-only estimate was 15–25 px short for hegel's own workflows, whose summaries and prompts
 * take two or three lines each, and their edges then had no room to run straight down.
 */
export function phaseNodeSizeOf(n: { summary?: string | undefined; prompt?: string | undefined; rules: readonly { text: string }[] }): { width: number; height: number } {
  let height = 15 + 20; // padding and border, the name's line
  if (n.summary !== undefined) height += 2 + 14 * wrappedLines(n.summary, PHASE_TEXT_CHARS);
  if (n.prompt !== undefined) height += 2 + 14 * wrappedLines(n.prompt, PHASE_TEXT_CHARS);
  if (n.rules.length > 0) height += 11 + n.rules.reduce((sum, r) => sum + 13 * wrappedLines(r.text, PHASE_RULE_CHARS), 0);
  return { width: PHASE_NODE_WIDTH, height };
}

/** Space across the reading direction between a new node and the nodes beside it. */
const GAP = 40;
/**
 * Space along the reading direction between a new node and the one it follows: what the layered
 * layout leaves between two layers, so an edge drawn between them runs straight with its label
 * ("before", for tools) clear of both nodes.
 */
const ALONG_GAP: Readonly<Record<'RIGHT' | 'DOWN', number>> = { RIGHT: gapFor('before'), DOWN: 70 };

const hits = (a: Box, b: Box, gap: number) => a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;

/**
 * The first free spot for a `size` box: beside `anchor` along the reading direction (right of it
 * for tools, below it for phases), then further along the cross axis; without an anchor, after the
 * last node of the first row (column). `taken` are the boxes already on the graph. `next`: only in
 * the layer right after the anchor (a node joined to it: beside what is there, never past it).
 */
export function freeSpot(size: { width: number; height: number }, taken: readonly Box[], direction: 'RIGHT' | 'DOWN', anchor?: Box, next = false): XY {
  const origin: Box =
    anchor ??
    (taken.length === 0
      ? { x: -size.width - ALONG_GAP[direction], y: 0, width: size.width, height: size.height }
      : taken.reduce((best, b) => (direction === 'RIGHT' ? (b.y < best.y || (b.y === best.y && b.x > best.x) ? b : best) : b.x < best.x || (b.x === best.x && b.y > best.y) ? b : best)));
  const stepAlong = (direction === 'RIGHT' ? origin.width : origin.height) + ALONG_GAP[direction];
  const stepAcross = (direction === 'RIGHT' ? size.height : size.width) + GAP;
  for (let across = 0; across < 200; across++) {
    for (const sign of across === 0 ? [1] : [1, -1]) {
      const a = across * sign * stepAcross;
      for (let along = 1; along <= (next ? 1 : 3); along++) {
        const spot = direction === 'RIGHT' ? { x: origin.x + along * stepAlong, y: origin.y + a } : { x: origin.x + a, y: origin.y + along * stepAlong };
        const box = { ...spot, ...size };
        if (!taken.some((t) => hits(t, box, GAP / 2))) return { x: Math.round(spot.x), y: Math.round(spot.y) };
      }
    }
  }
  return { x: origin.x, y: origin.y + 10_000 };
}

/**
 * The spot for a new node beside `anchor`, as {@link freeSpot}, unless that spot would make the
 * graph longer along its reading direction than `page`: then the node starts a new row (column) at
 * the graph's start, so tools added one after another fill the page as a grid instead of a row
 * running off the pane's edge.
 */
function spotWithin(size: { width: number; height: number }, taken: readonly Box[], direction: 'RIGHT' | 'DOWN', anchor: Box | undefined, page: number | undefined): XY {
  const spot = freeSpot(size, taken, direction, anchor);
  if (page === undefined || taken.length === 0) return spot;
  const along = direction === 'RIGHT' ? 'x' : 'y';
  const extent = direction === 'RIGHT' ? 'width' : 'height';
  const start = Math.min(...taken.map((b) => b[along]));
  if (spot[along] + size[extent] - start <= page) return spot;
  // A box just before the graph's start, level with the anchor: the search then begins at the start of the anchor's row.
  const first = anchor ?? taken[0];
  if (!first) return spot;
  const before = { ...first, [along]: start - first[extent] - ALONG_GAP[direction] };
  return freeSpot(size, taken, direction, before);
}

/**
 * Positions for the `ids` missing from `layout`, each in free space beside the anchor (or the
 * previous new node; in the layer right after it with `next`, see {@link freeSpot}). `sizeOf`
 * gives each node's size. `page`: the graph's length along its reading direction past which a new
 * node (not a `next` one, which keeps its edge straight) starts a new row. Returns only the new
 * positions.
 */
export function placeUnpositioned(
  ids: readonly string[],
  layout: Readonly<Record<string, XY>>,
  sizeOf: (id: string) => { width: number; height: number },
  direction: 'RIGHT' | 'DOWN',
  anchorId?: string,
  next = false,
  page?: number,
): Record<string, XY> {
  const taken: Box[] = [];
  for (const id of ids) {
    const p = own(layout, id);
    if (p) taken.push({ ...p, ...sizeOf(id) });
  }
  const anchorPos = anchorId !== undefined ? own(layout, anchorId) : undefined;
  let anchor: Box | undefined = anchorPos && anchorId !== undefined ? { ...anchorPos, ...sizeOf(anchorId) } : undefined;
  const out = dict<XY>();
  for (const id of ids) {
    if (own(layout, id)) continue;
    const size = sizeOf(id);
    const spot = next ? freeSpot(size, taken, direction, anchor, true) : spotWithin(size, taken, direction, anchor, page);
    out[id] = spot;
    anchor = { ...spot, ...size };
    taken.push(anchor);
  }
  return out;
}
