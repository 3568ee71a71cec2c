/**
 * The arithmetic of a virtualised list with rows of varying height: where each row starts, which
 * rows a scroll position shows, where to scroll so a row is in view, and where the list keys move
 * the focus. Pure, so it is tested without a browser; `useVirtualRows` applies it to the DOM.
 */

/** Start offsets of `heights.length` rows, plus the total height at the end (length n + 1). */
export function prefixOffsets(heights: ArrayLike<number>): Float64Array {
  const out = new Float64Array(heights.length + 1);
  for (let i = 0; i < heights.length; i++) out[i + 1] = out[i]! + heights[i]!;
  return out;
}

/** The last row starting at or before `y` (0 when the list is empty or `y` is above it). */
function rowAt(offsets: Float64Array, y: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  if (hi < 0) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The rows `[start, end)` to render for a view of `height` pixels scrolled to `top`, with
 * `overscan` pixels of rows beyond each edge (so a fast scroll shows no gap).
 */
export function rowsInView(offsets: Float64Array, top: number, height: number, overscan: number): [number, number] {
  const count = offsets.length - 1;
  if (count <= 0) return [0, 0];
  const start = rowAt(offsets, Math.max(0, top - overscan));
  const end = Math.min(count, rowAt(offsets, top + height + overscan) + 1);
  return [start, end];
}

/** The scroll position that brings row `index` fully into a view of `height` at `top` (moving as little as possible). */
export function scrollToShow(offsets: Float64Array, index: number, top: number, height: number): number {
  const start = offsets[index] ?? 0;
  const end = offsets[index + 1] ?? start;
  if (start < top) return start;
  if (end > top + height) return Math.max(0, end - height);
  return top;
}

/** Where a list key moves the focus from row `at` of `count` (`page` rows per page), or null for other keys. */
export function keyTarget(key: string, at: number, count: number, page: number): number | null {
  if (count === 0) return null;
  const to =
    key === 'ArrowDown' ? at + 1 : key === 'ArrowUp' ? at - 1 : key === 'Home' ? 0 : key === 'End' ? count - 1 : key === 'PageDown' ? at + page : key === 'PageUp' ? at - page : null;
  return to === null ? null : Math.max(0, Math.min(count - 1, to));
}
