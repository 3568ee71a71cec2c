/**
 * A virtualised list for React: only the rows in view (plus some overscan) are rendered, each
 * absolutely placed at its offset inside a spacer as tall as the whole list. Rows are measured as
 * they render (a ResizeObserver), so rows may wrap to any height; unmeasured rows count as
 * `estimate`. See `virtualRows.ts` for the arithmetic.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { prefixOffsets, rowsInView, scrollToShow } from './virtualRows.ts';

export interface VirtualRows {
  /** Start offsets of every row, the total height last. */
  offsets: Float64Array;
  /** Rows to render: `[start, end)`. */
  start: number;
  end: number;
  /** Ref callback for row `index`'s element: measures it while it is rendered. */
  measure(index: number): (el: HTMLElement | null) => void;
  /** Scrolls so row `index` is fully in view. */
  scrollToRow(index: number): void;
  /** Rows that fit in the view (for Page Up / Page Down). */
  pageRows: number;
}

const OVERSCAN = 300;

/** The measured heights of the rows, observed as they render; tells its owner once per frame when one changed. */
class RowHeights {
  private heights: number[] = [];
  private cached: Float64Array | undefined;
  private readonly refs = new Map<number, (el: HTMLElement | null) => void>();
  private readonly indexOf = new WeakMap<Element, number>();
  private readonly observer: ResizeObserver | undefined;
  private frame = 0;

  constructor(
    private readonly estimate: number,
    private readonly changed: () => void,
  ) {
    this.observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver((entries) => {
            let any = false;
            for (const e of entries) {
              const i = this.indexOf.get(e.target);
              const h = (e.target as HTMLElement).offsetHeight;
              if (i === undefined || i >= this.heights.length || h === 0 || this.heights[i] === h) continue;
              this.heights[i] = h;
              any = true;
            }
            if (any) {
              this.cached = undefined;
              if (this.frame === 0)
                this.frame = requestAnimationFrame(() => {
                  this.frame = 0;
                  this.changed();
                });
            }
          });
  }

  /** Offsets for `count` rows (rows beyond the measured ones count as the estimate). */
  offsets(count: number): Float64Array {
    if (this.heights.length !== count) {
      const h = this.heights.slice(0, count);
      while (h.length < count) h.push(this.estimate);
      this.heights = h;
      this.cached = undefined;
    }
    return (this.cached ??= prefixOffsets(this.heights));
  }

  ref(index: number): (el: HTMLElement | null) => void {
    let ref = this.refs.get(index);
    if (!ref) {
      let current: HTMLElement | null = null;
      ref = (el) => {
        if (current) this.observer?.unobserve(current);
        current = el;
        if (el) {
          this.indexOf.set(el, index);
          this.observer?.observe(el);
        }
      };
      this.refs.set(index, ref);
    }
    return ref;
  }

  dispose(): void {
    this.observer?.disconnect();
    cancelAnimationFrame(this.frame);
  }
}

function scrollTo(el: HTMLElement, top: number): void {
  el.scrollTop = top;
}

export function useVirtualRows(count: number, estimate: number, scroller: RefObject<HTMLElement | null>): VirtualRows {
  const [version, setVersion] = useState(0);
  const [heights] = useState(() => new RowHeights(estimate, () => setVersion((v) => v + 1)));
  const [view, setView] = useState({ top: 0, height: 600 });
  useEffect(() => () => heights.dispose(), [heights]);
  void version; // a new version re-renders with the new offsets
  const offsets = heights.offsets(count);

  // The scroller is rendered only while there are rows: watch it again when it appears.
  const empty = count === 0;
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // Read where the page is laid out already (a scroll, a resize observation), never in a state
    // updater: React runs those while it renders, and a read there laid out the whole page inside
    // the render (after a big import, a third of the longest task).
    const read = () => {
      const top = el.scrollTop;
      const height = el.clientHeight;
      setView((v) => (v.top === top && v.height === height ? v : { top, height }));
    };
    el.addEventListener('scroll', read, { passive: true });
    // An observer reports the scroller's first size itself, once it is laid out.
    const ro = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(read);
    if (ro) ro.observe(el);
    else read();
    return () => {
      el.removeEventListener('scroll', read);
      ro?.disconnect();
    };
  }, [scroller, empty]);

  const measure = useCallback((index: number) => heights.ref(index), [heights]);
  const scrollToRow = (index: number) => {
    const el = scroller.current;
    if (!el) return;
    const top = scrollToShow(heights.offsets(count), index, el.scrollTop, el.clientHeight);
    if (top === el.scrollTop) return;
    scrollTo(el, top);
    setView({ top: el.scrollTop, height: el.clientHeight });
  };

  const [start, end] = rowsInView(offsets, view.top, view.height, OVERSCAN);
  return { offsets, start, end, measure, scrollToRow, pageRows: Math.max(1, Math.floor(view.height / estimate) - 1) };
}
