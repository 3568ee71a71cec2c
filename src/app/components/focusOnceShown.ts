/**
 * Gives the keyboard focus to an element that an action is about to show (the Simulate timeline
 * after "Show trace" switched modes), once it is drawn: the control that had the focus went away
 * with its panel, and the focus must not drop to the page. Gives up after a few seconds, and when
 * the user has put the focus somewhere meanwhile.
 */
const MAX_FRAMES = 300;

export function focusOnceShown(selector: string): void {
  let frames = 0;
  const tick = () => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && active.isConnected && active.offsetParent !== null) return;
    const el = document.querySelector<HTMLElement>(selector);
    if (el) return el.focus({ preventScroll: true });
    if (++frames < MAX_FRAMES) window.requestAnimationFrame(tick);
  };
  window.requestAnimationFrame(tick);
}
