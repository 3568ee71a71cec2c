/**
 * Where notices sit: over the graph canvas, in the band along its bottom between the zoom controls
 * (bottom-left) and the minimap (bottom-right), so a notice never covers a panel, a form or the
 * simulator's step controls, and the fit keeps that band free on tool graphs. While the presenter
 * view covers the workspace (or there is no canvas), at the bottom centre of the window.
 */
import { useEffect, useState, type CSSProperties } from 'react';

/** Screen pixels kept free at the canvas's left (zoom controls) and right (minimap) edges. */
export const NOTICE_BAND = { left: 64, right: 192, bottom: 12 };

const WINDOW: CSSProperties = { left: '50%', bottom: 16, transform: 'translateX(-50%)', width: 'min(26rem, calc(100vw - 2rem))' };

function bandOf(canvas: Element | null): CSSProperties {
  if (!canvas) return WINDOW;
  const r = canvas.getBoundingClientRect();
  const width = r.width - NOTICE_BAND.left - NOTICE_BAND.right;
  if (width < 200) return WINDOW;
  return { left: r.left + NOTICE_BAND.left, bottom: Math.max(0, window.innerHeight - r.bottom) + NOTICE_BAND.bottom, width, alignItems: 'center' };
}

/** The style that places the notice stack (follows the canvas as panels resize or modes change). */
export function useNoticeBand(overWorkspace: boolean): CSSProperties {
  const [band, setBand] = useState<CSSProperties>(WINDOW);
  useEffect(() => {
    if (!overWorkspace) return;
    const canvas = document.querySelector('.area-canvas');
    const update = () => setBand(bandOf(canvas));
    const first = window.requestAnimationFrame(update);
    const ro = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    if (canvas) ro?.observe(canvas);
    window.addEventListener('resize', update);
    return () => {
      window.cancelAnimationFrame(first);
      ro?.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [overWorkspace]);
  return overWorkspace ? band : WINDOW;
}
