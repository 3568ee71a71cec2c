/**
 * Places the notice stack over the graph canvas where it covers no node, control or minimap (see
 * {@link placeNotices}), and moves it when the graph moves under it (a fit, a pan, a layout) or
 * the canvas changes size — but not while the pointer is on it. While the presenter view covers
 * the workspace, or the canvas is too narrow, the stack sits at the bottom centre of the window.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { noticeWidth, placeNotices, type NoticePlacement, type Rect } from './noticePlace.ts';

const WINDOW: CSSProperties = { left: '50%', bottom: 16, transform: 'translateX(-50%)', width: 'min(26rem, calc(100vw - 2rem))' };
/** Below this stack width the canvas is too narrow to hold notices. */
const NARROWEST = 240;
const COVERABLE = '.react-flow__node, .react-flow__controls, .react-flow__minimap';

const rectOf = (e: Element): Rect => {
  const r = e.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
};

function obstaclesIn(canvas: Element): Rect[] {
  const out = [...canvas.querySelectorAll(COVERABLE)].map(rectOf);
  for (const b of document.querySelectorAll('.workbench .fold-btn')) out.push(rectOf(b));
  return out;
}

export interface NoticeLayout {
  style: CSSProperties;
  /** Where the stack is; `folded` shows a counter instead of the notices; undefined off the canvas. */
  spot: NoticePlacement['spot'] | undefined;
}

/**
 * `stack` is the element whose height is the stack's (measured while unfolded); `contents` names
 * what it shows, so new notices are measured and placed again; `held` keeps it where it is.
 */
export function useNoticePlacement(overWorkspace: boolean, stack: RefObject<HTMLElement | null>, contents: string, held: boolean): NoticeLayout {
  const [placed, setPlaced] = useState<{ at: NoticePlacement; contents: string } | undefined>();
  const height = useRef(0);
  const heldRef = useRef(held);
  useEffect(() => {
    heldRef.current = held;
  }, [held]);

  const place = useCallback(
    (measure: boolean) => {
      const canvas = document.querySelector('.area-canvas');
      if (!overWorkspace || !canvas || contents === '') return setPlaced(undefined);
      const box = rectOf(canvas);
      if (noticeWidth(box) < NARROWEST) return setPlaced(undefined);
      if (measure && stack.current) height.current = stack.current.getBoundingClientRect().height;
      setPlaced((prev) => {
        const at = placeNotices(box, height.current, obstaclesIn(canvas), prev?.at.spot === 'folded' ? undefined : prev?.at.spot);
        const same = prev && prev.contents === contents && prev.at.spot === at.spot && prev.at.x === at.x && prev.at.y === at.y && prev.at.width === at.width;
        return same ? prev : { at, contents };
      });
    },
    [overWorkspace, contents, stack],
  );

  // New contents: render unfolded at the canvas's width, measure, then place (before paint).
  const measuring = placed !== undefined && placed.contents !== contents;
  // Measuring the DOM and placing before paint is what a layout effect is for.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useLayoutEffect(() => place(true), [place]);

  useEffect(() => {
    const canvas = document.querySelector('.area-canvas');
    if (!overWorkspace || !canvas || contents === '') return;
    let frame = 0;
    const later = () => {
      window.cancelAnimationFrame(frame);
      frame = window.requestAnimationFrame(() => {
        if (!heldRef.current) place(false);
      });
    };
    const ro = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(later);
    ro?.observe(canvas);
    // The graph moving under the stack: the viewport's transform, nodes drawn or moved.
    const mo = new MutationObserver(later);
    mo.observe(canvas, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'transform'] });
    window.addEventListener('resize', later);
    return () => {
      window.cancelAnimationFrame(frame);
      ro?.disconnect();
      mo.disconnect();
      window.removeEventListener('resize', later);
    };
  }, [overWorkspace, contents, place]);

  if (!overWorkspace || placed === undefined) return { style: WINDOW, spot: undefined };
  const { at } = placed;
  const align = at.spot === 'bottom' ? 'center' : at.spot === 'top-left' ? 'flex-start' : 'flex-end';
  return { style: { left: at.x, top: at.y, width: at.width, alignItems: align }, spot: measuring ? 'bottom' : at.spot };
}
