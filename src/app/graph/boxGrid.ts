/**
 * A uniform grid of square cells over the plane, for finding the items near a box without going
 * through them all: each item is filed under every cell its box meets (edges included), and the
 * items near a box are those filed under the cells it meets — every item whose box meets it, and
 * some that only share a cell. Items are numbered by the caller (0, 1, 2, …).
 */

/** Cells past which an item's box is kept apart and given to every query (a giant box never fills thousands of cells). */
const MAX_CELLS_PER_ITEM = 1024;
/** Cell coordinates are kept within ±2²⁰ (times the cell size: far past any drawn graph) so that a key stays an exact integer. */
const LIMIT = 2 ** 20;
const SPAN = 2 * LIMIT + 1;

const cellOf = (v: number, size: number) => Math.max(-LIMIT, Math.min(LIMIT, Math.floor(v / size)));

export class BoxGrid {
  private readonly cells = new Map<number, number[]>();
  /** Items whose box is too big (or not finite) to file: near every box. */
  private readonly everywhere: number[] = [];
  /** Per item, the query that last listed it (each item is listed once per query). */
  private readonly listedBy: number[] = [];
  private query = 0;

  /** `size`: a cell's side, about the size of the items (a node, a label). */
  constructor(private readonly size = 128) {}

  /** Files item `item` under the cells the box (x0, y0)–(x1, y1) meets. An item may be filed several times (the segments of a line). */
  add(item: number, x0: number, y0: number, x1: number, y1: number): void {
    while (this.listedBy.length <= item) this.listedBy.push(0);
    if (![x0, y0, x1, y1].every(Number.isFinite)) {
      this.everywhere.push(item);
      return;
    }
    const size = this.size;
    const cx0 = cellOf(Math.min(x0, x1), size);
    const cx1 = cellOf(Math.max(x0, x1), size);
    const cy0 = cellOf(Math.min(y0, y1), size);
    const cy1 = cellOf(Math.max(y0, y1), size);
    if ((cx1 - cx0 + 1) * (cy1 - cy0 + 1) > MAX_CELLS_PER_ITEM) {
      this.everywhere.push(item);
      return;
    }
    for (let cx = cx0; cx <= cx1; cx++)
      for (let cy = cy0; cy <= cy1; cy++) {
        const key = (cx + LIMIT) * SPAN + (cy + LIMIT);
        const list = this.cells.get(key);
        if (list === undefined) this.cells.set(key, [item]);
        else if (list[list.length - 1] !== item) list.push(item);
      }
  }

  /**
   * Files item `item` under the cells the segment (ax, ay)–(bx, by) passes through: the segment is
   * cut into pieces no longer than a cell, each filed by its box. Filed by its own box, a long
   * diagonal (an edge across the graph) met every cell of that box, so it was near every label
   * placed anywhere under it.
   */
  addSegment(item: number, ax: number, ay: number, bx: number, by: number): void {
    const pieces = Math.ceil(Math.max(Math.abs(bx - ax), Math.abs(by - ay)) / this.size);
    // (A segment of more pieces than an item may have cells is filed by its box: apart, near everything.)
    if (!(pieces > 1) || pieces > MAX_CELLS_PER_ITEM) {
      this.add(item, ax, ay, bx, by);
      return;
    }
    for (let i = 0; i < pieces; i++) {
      // Ends computed from the segment's own ends, so consecutive pieces share theirs exactly.
      const t0 = i / pieces;
      const t1 = (i + 1) / pieces;
      this.add(item, ax + (bx - ax) * t0, ay + (by - ay) * t0, i + 1 === pieces ? bx : ax + (bx - ax) * t1, i + 1 === pieces ? by : ay + (by - ay) * t1);
    }
  }

  /**
   * The items near the box (x0, y0)–(x1, y1), each once, in ascending order (so sums over them
   * add in the order of the items), written into `out` (emptied first) and returned.
   */
  near(x0: number, y0: number, x1: number, y1: number, out: number[]): number[] {
    out.length = 0;
    const q = ++this.query;
    for (const item of this.everywhere) this.take(item, q, out);
    const size = this.size;
    const cx0 = cellOf(Math.min(x0, x1), size);
    const cx1 = cellOf(Math.max(x0, x1), size);
    const cy0 = cellOf(Math.min(y0, y1), size);
    const cy1 = cellOf(Math.max(y0, y1), size);
    // A box not finite, or over more cells than there are items filed: every item.
    if (![x0, y0, x1, y1].every(Number.isFinite) || (cx1 - cx0 + 1) * (cy1 - cy0 + 1) > Math.max(MAX_CELLS_PER_ITEM, this.listedBy.length)) {
      for (let item = 0; item < this.listedBy.length; item++) this.take(item, q, out);
      return out.sort((a, b) => a - b);
    }
    for (let cx = cx0; cx <= cx1; cx++)
      for (let cy = cy0; cy <= cy1; cy++) {
        const list = this.cells.get((cx + LIMIT) * SPAN + (cy + LIMIT));
        if (list !== undefined) for (let i = 0; i < list.length; i++) this.take(list[i]!, q, out);
      }
    return out.sort((a, b) => a - b);
  }

  /** Lists `item` in `out` unless query `q` has listed it already (a method, not a closure made per query). */
  private take(item: number, q: number, out: number[]): void {
    if (this.listedBy[item] === q) return;
    this.listedBy[item] = q;
    out.push(item);
  }
}
