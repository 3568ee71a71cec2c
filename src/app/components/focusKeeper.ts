/**
 * One rule for where the keyboard focus goes when what had it disappears — the node deleted, the
 * Inspector drawn anew for a renamed node, the Connect dialog closed, an undo — checked after
 * every change of the studio's state, so no action or panel has to remember it (as Linear and VS
 * Code keep it: on the item acted on, never dropped to the page). In order:
 * 1. the same field again (same region, same label): the Name field after a rename;
 * 2. the graph's selected node or edge (the new edge after Connect, the renamed node);
 * 3. for a node or edge that went away, the nearest node left (a Delete), else the canvas;
 * 4. else the first control of the region it was in (of the Inspector, after a dialog's choice).
 * A dialog closed without a choice (Escape, Close) gives the focus back to what opened it, as
 * Radix would: its own return misses when the dialog is drawn twice (the Examples gallery redraws
 * once its list has loaded, and the second drawing remembers the first one's Close button).
 * And when the focus is in the graph (or nowhere) and nodes came back (Undo of a delete), the first
 * of them takes it.
 */
import type { StudioStore } from '../state/store.ts';
import type { UiStore } from '../state/ui.ts';
import { nearestBox, type Centre } from './nearest.ts';

/** What can hold the focus: a field or button, or an edge of the graph (an SVG group). */
type Focusable = HTMLElement | SVGElement;

interface Held {
  el: Focusable;
  region: Element | null;
  label: string | undefined;
  tag: string;
  graph: boolean;
  dialog: boolean;
  centre: Centre;
}

const GRAPH = 'section.canvas';
const NODE = '.react-flow__node';
const REGION = '[role="region"],[role="toolbar"],section[aria-label],nav[aria-label],aside';

function labelOf(el: Focusable): string | undefined {
  const labelled = (el as HTMLInputElement).labels?.[0]?.textContent ?? undefined;
  return labelled ?? el.getAttribute('aria-label') ?? undefined;
}

function hold(el: Focusable): Held {
  const r = el.getBoundingClientRect();
  return {
    el,
    region: el.closest(REGION),
    label: labelOf(el),
    tag: el.tagName,
    graph: el.closest(GRAPH) !== null,
    dialog: el.closest('[role="dialog"]') !== null,
    centre: { x: r.x + r.width / 2, y: r.y + r.height / 2 },
  };
}

const graphRoot = () => document.querySelector<HTMLElement>(GRAPH);
const nodeIds = () => new Set([...document.querySelectorAll<HTMLElement>(`${GRAPH} ${NODE}`)].map((n) => n.dataset['id'] ?? ''));

/** The same field, drawn anew in the same region (matched by its tag and label). */
function sameField(h: Held): HTMLElement | undefined {
  if (h.label === undefined || h.graph || h.dialog) return undefined;
  const scope = h.region?.getAttribute('aria-label');
  const region = scope ? document.querySelector(`[aria-label="${CSS.escape(scope)}"]`) : null;
  return [...(region ?? document).querySelectorAll<HTMLElement>(h.tag)].find((e) => labelOf(e) === h.label);
}

/** The graph's selected node, else its selected edge. */
function selectedItem(): HTMLElement | undefined {
  const g = graphRoot();
  return g?.querySelector<HTMLElement>(`${NODE}.selected`) ?? g?.querySelector<HTMLElement>('.react-flow__edge.selected') ?? undefined;
}

/** The node nearest to where the lost one was, else the canvas itself. */
function nearestOrCanvas(h: Held): HTMLElement | undefined {
  const g = graphRoot();
  if (!g) return undefined;
  const nodes = [...g.querySelectorAll<HTMLElement>(NODE)];
  const i = nearestBox(
    h.centre,
    nodes.map((n) => n.getBoundingClientRect()),
  );
  return i !== undefined ? nodes[i] : g;
}

const CONTROL = 'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex="0"]';

/** The first control of the region named `scope`. */
function firstControl(scope: string | null | undefined): HTMLElement | undefined {
  const region = scope ? document.querySelector(`[aria-label="${CSS.escape(scope)}"]`) : null;
  return region?.querySelector<HTMLElement>(CONTROL) ?? undefined;
}

/**
 * When nothing closer is left: for a control of a region drawn anew, that region's first control;
 * for a dialog that closed on its choice, the Inspector's when something is selected (Add rule: it
 * shows the rule just made), else the canvas (an example opened: never a field, where typing or a
 * paste would go into a name).
 */
function regionOf(h: Held, selected: boolean): HTMLElement | undefined {
  if (!h.dialog) return firstControl(h.region?.getAttribute('aria-label'));
  return selected ? firstControl('Inspector') : (graphRoot() ?? undefined);
}

function successor(h: Held, selected: boolean): HTMLElement | undefined {
  return sameField(h) ?? selectedItem() ?? (h.graph ? nearestOrCanvas(h) : regionOf(h, selected));
}

/** Whether the last dialog closed without a choice (Escape, its Close button, a click outside). */
let dismissed = false;

/** Called by a dialog that closes without a choice: the focus goes back to what opened it. */
export function dialogDismissed(): void {
  dismissed = true;
}

const lost = () => document.activeElement === null || document.activeElement === document.body;

/** Installs the rule; returns its removal. */
export function keepFocus(store: StudioStore, ui: UiStore): () => void {
  let held: Held | undefined;
  let known = nodeIds();
  // What had the focus when a dialog opened.
  let opener: Held | undefined;
  let open = ui.getState().dialog !== null;
  const onUi = () => {
    const now = ui.getState().dialog !== null;
    if (now && !open) {
      opener = held;
      dismissed = false;
    }
    open = now;
    later();
  };
  const onFocusIn = (e: FocusEvent) => {
    if ((e.target instanceof HTMLElement || e.target instanceof SVGElement) && e.target !== document.body) held = hold(e.target);
  };
  const check = () => {
    const before = known;
    known = nodeIds();
    if (ui.getState().dialog !== null) return;
    if (lost() && held && !held.el.isConnected) {
      const back = held.dialog && dismissed && opener?.el.isConnected ? opener.el : undefined;
      opener = undefined;
      if (back) {
        back.focus({ preventScroll: true });
        return;
      }
      successor(held, store.getState().selection.kind !== 'none')?.focus({ preventScroll: true });
      return;
    }
    // Nodes back in the same graph (an undo of a delete): the first of them, when the focus was in the graph.
    const inGraph = lost() || document.activeElement?.closest(GRAPH) !== null;
    const back = [...known].filter((id) => !before.has(id));
    if (!inGraph || back.length === 0 || back.length === known.size) return;
    graphRoot()?.querySelector<HTMLElement>(`${NODE}[data-id="${CSS.escape(back[0]!)}"]`)?.focus({ preventScroll: true });
  };
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // After React has drawn the change (two frames: the commit, then React Flow's node measuring),
  // and once more a little later: React Flow takes an edge away a few frames after the state that
  // removed it (an Undo of a Connect), and an element removed with the focus fires no event.
  const later = () => {
    window.cancelAnimationFrame(frame);
    frame = window.requestAnimationFrame(() => (frame = window.requestAnimationFrame(check)));
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(check, 250);
  };
  document.addEventListener('focusin', onFocusIn, true);
  const stops = [store.subscribe(later), ui.subscribe(onUi)];
  return () => {
    window.cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    document.removeEventListener('focusin', onFocusIn, true);
    for (const stop of stops) stop();
  };
}
