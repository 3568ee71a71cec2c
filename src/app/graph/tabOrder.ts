/**
 * The graph's Tab order: its nodes first, in reading order (rows top to bottom, each left to
 * right, as the graph is drawn, not the order the file declares them), then its edges (React Flow
 * draws the edges' layer before the nodes', so the browser's own order would visit every edge
 * before the first node). Tab and Shift+Tab are handled on the page: the document's tabbable
 * elements, in their order, with the graph's items put nodes-first where they stand.
 */
const TABBABLE = 'button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),a[href],[tabindex]:not([tabindex="-1"])';
const NODE = 'react-flow__node';
const EDGE = 'react-flow__edge';

/** Where an item is drawn: its top, left, height and width. */
export interface Place {
  top: number;
  left: number;
  height: number;
  width: number;
}

/**
 * `nodes` in reading order, the way the graph reads: a tool graph (`RIGHT`) in rows top to bottom,
 * each left to right, a node starting a new row when its top is below the middle of the row's
 * first (topmost) node; a workflow (`DOWN`, its phases in columns side by side when wrapped) in
 * columns left to right, each top to bottom, so Tab follows the phases as they run. Pure.
 */
export function readingOrder<T>(nodes: readonly T[], place: (t: T) => Place, direction: 'RIGHT' | 'DOWN' = 'RIGHT'): T[] {
  // Columns are rows with the axes swapped.
  const at = direction === 'RIGHT' ? place : (t: T) => { const p = place(t); return { top: p.left, left: p.top, height: p.width, width: p.height }; };
  const placed = nodes.map((t) => ({ t, p: at(t) })).sort((a, b) => a.p.top - b.p.top || a.p.left - b.p.left);
  const out: T[] = [];
  let row: typeof placed = [];
  const flush = () => {
    out.push(...row.sort((a, b) => a.p.left - b.p.left).map((x) => x.t));
    row = [];
  };
  for (const x of placed) {
    const first = row[0];
    if (first && x.p.top >= first.p.top + first.p.height / 2) flush();
    row.push(x);
  }
  flush();
  return out;
}

/**
 * `items` with each run of graph items (nodes and edges) ordered nodes first (in reading order when
 * `place` is given, in the way `direction` says the run's nodes read). Pure.
 */
export function nodesFirst<T>(items: readonly T[], kind: (t: T) => 'node' | 'edge' | undefined, place?: (t: T) => Place, direction?: (nodes: readonly T[]) => 'RIGHT' | 'DOWN'): T[] {
  const out: T[] = [];
  let run: T[] = [];
  const flush = () => {
    const nodes = run.filter((t) => kind(t) === 'node');
    out.push(...(place ? readingOrder(nodes, place, direction?.(nodes)) : nodes), ...run.filter((t) => kind(t) === 'edge'));
    run = [];
  };
  for (const t of items) {
    if (kind(t) !== undefined) run.push(t);
    else {
      flush();
      out.push(t);
    }
  }
  flush();
  return out;
}

/** A graph whose nodes take edges at their bottom (a workflow's phases) reads downwards. */
const directionOf = (nodes: readonly Element[]): 'RIGHT' | 'DOWN' => (nodes[0]?.querySelector('.react-flow__handle-bottom') ? 'DOWN' : 'RIGHT');
const kindOf = (el: Element) => (el.classList.contains(NODE) ? 'node' : el.classList.contains(EDGE) ? 'edge' : undefined);
const tabbable = (el: HTMLElement) => el.tabIndex >= 0 && (el.getClientRects().length > 0 || el instanceof SVGElement);

/** The graph region holding `el` (the region itself, its pane or anything else in it that takes no Tab stop). */
const graphOf = (el: Element | null) => el?.closest('section.canvas') ?? undefined;

/**
 * Handles Tab when it leaves, enters or moves within the graph; returns whether it did. Focus on
 * the graph itself (the region after F6, New workflow or New agent, a click on its empty pane, all
 * of which take no Tab stop): Tab goes to its first node in reading order (review17 #2: the
 * browser's order from there was the first edge, and no node was ever reached).
 */
export function graphTab(e: KeyboardEvent): boolean {
  if (e.key !== 'Tab' || e.ctrlKey || e.metaKey || e.altKey) return false;
  const all = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(tabbable);
  const here = document.activeElement as HTMLElement | null;
  const at = here ? all.indexOf(here) : -1;
  if (at < 0) {
    const graph = graphOf(here);
    if (!graph || e.shiftKey) return false;
    const nodes = all.filter((el) => kindOf(el) === 'node' && graph.contains(el));
    const first = readingOrder(nodes, (el) => el.getBoundingClientRect(), directionOf(nodes))[0];
    if (!first) return false;
    e.preventDefault();
    first.focus({ preventScroll: true });
    return true;
  }
  const browserNext = all[at + (e.shiftKey ? -1 : 1)];
  const ordered = nodesFirst(all, kindOf, (el) => el.getBoundingClientRect(), directionOf);
  const next = ordered[ordered.indexOf(here!) + (e.shiftKey ? -1 : 1)];
  // Only where the graph's order differs from the page's.
  if (!next || next === browserNext) return false;
  e.preventDefault();
  next.focus({ preventScroll: true });
  return true;
}

/** Installs the Tab handling; returns its removal. */
export function keepGraphTabOrder(): () => void {
  const onKey = (e: KeyboardEvent) => void graphTab(e);
  window.addEventListener('keydown', onKey, true);
  return () => window.removeEventListener('keydown', onKey, true);
}
