/**
 * Keeps the toolbar on one line: when its buttons do not fit, it folds their text labels step by
 * step (level 1: the Commands label; 2: Auto layout, the longest; 3: Export, Examples, Present;
 * 4: every action), each folded button showing its icon alone and keeping its name as accessible
 * name and tooltip. Measured in the frame after a change, before it paints, so a narrow window
 * never shows the overflowing toolbar; a wider window or different buttons start again from
 * level 0. Only the spacer shrinks (toolbar.css), so any lack of room is an overflow here, however
 * small: a pixel tolerated was a More button past the window's edge.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

export const MAX_FIT_LEVEL = 4;

/** Which fold level hides the label of a toolbar action (by action id); the rest fold last. */
export const FOLD_LEVEL: Readonly<Record<string, number>> = { 'auto-layout': 2, export: 3, examples: 3, present: 3 };

export const foldLevelOf = (id: string): number => FOLD_LEVEL[id] ?? MAX_FIT_LEVEL;

/** The fold level the toolbar in `ref` needs; `contents` names what it shows (a change re-measures). */
export function useToolbarFit(ref: RefObject<HTMLElement | null>, contents: string): number {
  const [fit, setFit] = useState({ level: 0, contents, round: 0 });
  // New buttons: measure again from the full labels.
  if (fit.contents !== contents) setFit({ level: 0, contents, round: fit.round });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || fit.level >= MAX_FIT_LEVEL) return;
    // Measured in the next frame, before it paints, rather than in this commit: reading the width
    // here lays the whole page out inside the commit (after a big import, the one that draws the
    // graph and the toolbar's new buttons together: one of the longest tasks). Each fold is
    // rendered at once (flushSync), so the frame never paints an overflowing toolbar.
    const frame = requestAnimationFrame(() => {
      for (let level = fit.level; level < MAX_FIT_LEVEL && el.scrollWidth > el.clientWidth; ) {
        const next = ++level;
        flushSync(() => setFit((f) => ({ ...f, level: next })));
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [ref, fit]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let width = el.clientWidth;
    const ro = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      setFit((f) => ({ ...f, level: 0, round: f.round + 1 }));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return fit.level;
}
