/**
 * Geometry of the graph as the user sees it, read from the DOM: node boxes and edge label boxes on
 * screen, each node's graph position, the zoom. The canvas draws only what is in view
 * (`onlyRenderVisibleElements`), so `showWholeGraph` zooms out until every node the minimap knows
 * is drawn.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Geometry {
  zoom: number;
  nodes: { id: string; box: Rect; position: { x: number; y: number } }[];
  labels: { text: string; box: Rect }[];
}

/** Reads the geometry of the React Flow canvas inside `canvas` (a region locator). */
export function geometry(canvas: Locator): Promise<Geometry> {
  return canvas.evaluate((root) => {
    const vp = root.querySelector('.react-flow__viewport');
    const zoom = vp ? new DOMMatrixReadOnly(getComputedStyle(vp).transform).a : NaN;
    const rect = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const nodes = [...root.querySelectorAll<HTMLElement>('.react-flow__node')].map((n) => {
      const m = new DOMMatrixReadOnly(getComputedStyle(n).transform);
      return { id: n.dataset['id'] ?? '', box: rect(n), position: { x: m.e, y: m.f } };
    });
    const labels = [...root.querySelectorAll('.react-flow__edge-textwrapper, .react-flow__edgelabel-renderer > *')].map((l) => ({ text: l.textContent ?? '', box: rect(l) }));
    return { zoom, nodes, labels };
  });
}

/** Overlap of two boxes in px² (0 when they only touch). */
export function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0.5 && h > 0.5 ? w * h : 0;
}

/** Every pair of node boxes that overlap, every edge label box that overlaps a node box, every pair of edge labels that overlap. */
export function collisions(g: Geometry): string[] {
  const out: string[] = [];
  for (let i = 0; i < g.nodes.length; i++)
    for (let j = i + 1; j < g.nodes.length; j++) {
      const a = g.nodes[i]!;
      const b = g.nodes[j]!;
      if (overlapArea(a.box, b.box) > 0) out.push(`node ${a.id} overlaps node ${b.id}`);
    }
  for (const l of g.labels)
    for (const n of g.nodes) if (overlapArea(l.box, n.box) > 0) out.push(`edge label “${l.text}” overlaps node ${n.id}`);
  for (let i = 0; i < g.labels.length; i++)
    for (let j = i + 1; j < g.labels.length; j++) {
      const a = g.labels[i]!;
      const b = g.labels[j]!;
      if (overlapArea(a.box, b.box) > 0) out.push(`edge label “${a.text}” overlaps edge label “${b.text}”`);
    }
  return out;
}

/** Zooms out with the canvas's own control until every node is drawn; returns that geometry. */
export async function showWholeGraph(page: Page, canvas: Locator): Promise<Geometry> {
  // Every node the view holds (drawn or not), which the flow's host states (a small pane has no minimap to count).
  const total = Number((await canvas.locator('.rs-flow').first().getAttribute('data-nodes')) ?? 0);
  for (let i = 0; i < 12; i++) {
    const g = await geometry(canvas);
    if (total === 0 || g.nodes.length >= total) return g;
    await canvas.getByRole('button', { name: 'Zoom Out' }).click();
    await settled(page, canvas);
  }
  return geometry(canvas);
}

/**
 * The smallest on-screen text size of the graph inside `canvas`: computed font size × zoom, over
 * every text of the drawn nodes and edge labels. `skip` is a selector of texts left out.
 */
export function smallestText(canvas: Locator, skip = '.visually-hidden'): Promise<{ px: number; text: string }> {
  return canvas.evaluate((root, skipped) => {
    const vp = root.querySelector('.react-flow__viewport');
    const zoom = vp ? new DOMMatrixReadOnly(getComputedStyle(vp).transform).a : NaN;
    let best = { px: Infinity, text: '' };
    for (const el of root.querySelectorAll<Element>('.react-flow__node *, .rs-edge-label')) {
      const own = [...el.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && (c.textContent ?? '').trim() !== '');
      if (!own || el.closest(skipped)) continue;
      const px = parseFloat(getComputedStyle(el).fontSize) * zoom;
      if (px < best.px) best = { px, text: el.textContent ?? '' };
    }
    return best;
  }, skip);
}

/** Whether box `a` lies whole inside box `b` (half a pixel of rounding allowed). */
export const inside = (a: Rect, b: Rect) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;

/** The graph position of every node, by id, rounded (positions are stored as integers). */
export function positionsOf(g: Geometry): Record<string, string> {
  return Object.fromEntries(g.nodes.map((n) => [n.id, `${Math.round(n.position.x)},${Math.round(n.position.y)}`]));
}

/** Waits until the canvas has drawn nodes and its viewport stopped moving (the fit ran). */
export async function settled(page: Page, canvas: Locator): Promise<void> {
  await expect(canvas.locator('.react-flow__node').first()).toBeVisible({ timeout: 15_000 });
  let last = '';
  await expect
    .poll(
      async () => {
        const t = await canvas.locator('.react-flow__viewport').evaluate((v) => getComputedStyle(v).transform);
        const same = t === last;
        last = t;
        return same;
      },
      { intervals: [150, 150, 250, 250, 500] },
    )
    .toBe(true);
}

/** Handles stand out of a node's box by half their 10 px. */
const HANDLE = 5;
const hits = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every drawn node (with its handles) that touches the zoom controls or the minimap. */
export async function underChrome(canvas: Locator): Promise<string[]> {
  const g = await geometry(canvas);
  const chrome = await canvas.locator('.react-flow__controls, .react-flow__minimap').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { name: e.className.toString().includes('minimap') ? 'minimap' : 'controls', box: { x: r.x, y: r.y, width: r.width, height: r.height } };
    }),
  );
  const out: string[] = [];
  for (const n of g.nodes) {
    const b = { x: n.box.x - HANDLE, y: n.box.y - HANDLE, width: n.box.width + 2 * HANDLE, height: n.box.height + 2 * HANDLE };
    for (const c of chrome) if (hits(b, c.box)) out.push(`${n.id} under the ${c.name}`);
  }
  return out;
}
