/**
 * F6 / Shift+F6 move the focus from region to region, as in VS Code and the browsers: toolbar →
 * explorer → graph → inspector → bottom panel, and round again. Each region gets back the element
 * that last had the focus in it, else its selected graph item, else its first focusable element.
 */
const REGIONS = ['.toolbar', '.area-explorer', 'section.canvas', '.area-inspector', '.area-bottom'];
const FOCUSABLE = 'button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),a[href],[tabindex]:not([tabindex="-1"])';

const lastIn = new WeakMap<Element, HTMLElement>();
let tracking = false;

function track(): void {
  if (tracking) return;
  tracking = true;
  document.addEventListener('focusin', (e) => {
    const region = e.target instanceof HTMLElement ? shown().find((r) => r.contains(e.target as Node)) : undefined;
    if (region) lastIn.set(region, e.target as HTMLElement);
  });
}

const visible = (el: HTMLElement) => el.offsetParent !== null || el.getClientRects().length > 0;
const shown = () => REGIONS.map((s) => document.querySelector<HTMLElement>(s)).filter((r): r is HTMLElement => r !== null && visible(r));

function entry(region: HTMLElement): HTMLElement | undefined {
  const last = lastIn.get(region);
  if (last?.isConnected && visible(last)) return last;
  const selected = region.querySelector<HTMLElement>('.react-flow__node.selected,.react-flow__edge.selected');
  if (selected) return selected;
  const first = [...region.querySelectorAll<HTMLElement>(FOCUSABLE)].find(visible);
  // Node elements are tabbable; the graph before its nodes come (still drawing) is the canvas itself.
  return region.querySelector<HTMLElement>('.react-flow__node') ?? first ?? (region.matches('section.canvas') ? region : undefined);
}

/** Moves the focus to the next region (`step` 1) or the previous one (`step` -1). */
export function cycleRegion(step: 1 | -1): void {
  track();
  const regions = shown();
  if (regions.length === 0) return;
  const at = regions.findIndex((r) => r.contains(document.activeElement));
  for (let k = 1; k <= regions.length; k++) {
    const next = regions[(((at < 0 ? (step === 1 ? -1 : 0) : at) + step * k) % regions.length + regions.length) % regions.length]!;
    const el = entry(next);
    if (el) return el.focus({ preventScroll: true });
  }
}

/** Starts remembering the last focused element of each region (for F6 back into it). */
export const trackRegions = track;
