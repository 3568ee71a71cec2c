/**
 * Where a Radix popper (tooltip, menu, popover, select list) is portalled: into the outermost
 * landmark holding its trigger (the banner, main, a nav), through the Portal's `container` prop, so
 * its content is inside a landmark as axe's region rule asks (review17 s8: the popper wrappers sat
 * at the end of <body>, outside every landmark). Outermost, so no panel's overflow or containment
 * clips it; a trigger in a modal dialog (no landmark before the dialog) keeps the default, <body>.
 */
import { useRef, useState } from 'react';

const LANDMARK = 'header, main, footer, nav, aside, [role="banner"], [role="main"], [role="contentinfo"], [role="navigation"], [role="complementary"], [role="region"], section[aria-label], section[aria-labelledby]';

/** The outermost landmark around `el` below any dialog, or undefined. */
export function landmarkOf(el: Element | null): HTMLElement | undefined {
  let found: HTMLElement | undefined;
  for (let at = el?.parentElement ?? null; at && at !== document.body; at = at.parentElement) {
    if (at.matches('[role="dialog"], [role="alertdialog"], dialog')) break;
    if (at.matches(LANDMARK)) found = at;
  }
  return found;
}

/** A trigger ref, the container to portal into, and the open handler that finds it (an event handler, so no ref is read while rendering). */
export function useLandmarkPortal<T extends HTMLElement = HTMLElement>() {
  const trigger = useRef<T>(null);
  const [container, setContainer] = useState<HTMLElement | undefined>(undefined);
  const onOpen = (open: boolean) => {
    if (open) setContainer(landmarkOf(trigger.current));
  };
  return { trigger, container, onOpen };
}
