/** The client height of an element, followed as it resizes (the timelines' visible rows). */
import { useEffect, useState, type RefObject } from 'react';

export function useClientHeight(ref: RefObject<HTMLElement | null>, initial = 200): number {
  const [height, setHeight] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setHeight(el.clientHeight);
    measure();
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    ro?.observe(el);
    return () => ro?.disconnect();
  }, [ref]);
  return height;
}
