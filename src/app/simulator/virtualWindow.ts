/** Window math for a virtualised list with a fixed row height. */

export interface VisibleRange {
  /** First row rendered and the row after the last (exclusive). */
  start: number;
  end: number;
  /** Offset of the first rendered row from the top of the scroll content. */
  offset: number;
}

/** The rows to render for a scroll position, with `overscan` extra rows on each side. */
export function visibleRange(scrollTop: number, viewport: number, rowHeight: number, count: number, overscan = 6): VisibleRange {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, offset: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const start = Math.max(0, Math.min(count - 1, first) - overscan);
  const end = Math.min(count, first + Math.ceil(Math.max(0, viewport) / rowHeight) + 1 + overscan);
  return { start, end, offset: start * rowHeight };
}

/** The scrollTop that brings `row` into view (unchanged when it is already visible). */
export function scrollToRow(row: number, scrollTop: number, viewport: number, rowHeight: number): number {
  const top = row * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewport) return top + rowHeight - viewport;
  return scrollTop;
}

/** The row a key moves to: arrows by one, PageUp/PageDown by a page, Home/End to the ends; undefined for other keys. */
export function rowForKey(key: string, row: number, count: number, pageRows: number): number | undefined {
  if (count <= 0) return undefined;
  const clamp = (r: number) => Math.max(0, Math.min(count - 1, r));
  switch (key) {
    case 'ArrowDown':
      return clamp(row < 0 ? 0 : row + 1);
    case 'ArrowUp':
      return clamp(row - 1);
    case 'PageDown':
      return clamp(row + Math.max(1, pageRows));
    case 'PageUp':
      return clamp(row - Math.max(1, pageRows));
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
