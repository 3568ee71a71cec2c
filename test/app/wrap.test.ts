import { describe, expect, it } from 'vitest';
import { bandsOf, layeredLayout } from '../../src/app/layout/layered.ts';
import { bandStart, wrapLayers } from '../../src/app/layout/wrap.ts';
import type { LayoutEdge, LayoutNode } from '../../src/app/layout/types.ts';

const tool = (id: string): LayoutNode => ({ id, width: 176, height: 48 });
const before = (source: string, target: string): LayoutEdge => ({ id: `${source}>${target}`, source, target, label: 'before' });
/** A chain of `n` tools, t0 → t1 → …, and `isolated` tools without edges. */
function chain(n: number, isolated = 0) {
  const nodes = [...Array.from({ length: n }, (_, i) => tool(`t${i}`)), ...Array.from({ length: isolated }, (_, i) => tool(`i${i}`))];
  const edges = Array.from({ length: n - 1 }, (_, i) => before(`t${i}`, `t${i + 1}`));
  return { nodes, edges };
}
const page = { width: 700, height: 400, below: 60 };

describe('wrapping a long layered layout to a page', () => {
  it('cuts a long chain into bands no longer than the page, in reading order, each band left to right', () => {
    const { nodes, edges } = chain(20);
    const pos = layeredLayout(nodes, edges, { direction: 'RIGHT', wrap: page });
    const bands = bandsOf(pos)!;
    expect(bands.tops.length).toBeGreaterThan(3);
    for (const n of nodes) expect(pos[n.id]!.x + n.width).toBeLessThanOrEqual(page.width);
    // Reading order: along a band left to right, then on to the next band down.
    for (let i = 1; i < 20; i++) {
      const [p, q] = [pos[`t${i - 1}`]!, pos[`t${i}`]!];
      expect(q.y > p.y || (q.y === p.y && q.x > p.x)).toBe(true);
    }
    // The same graph and page give the same positions.
    expect(layeredLayout(nodes, edges, { direction: 'RIGHT', wrap: page })).toEqual(pos);
  });

  it('spaces bands so a page holds whole bands and the next starts past what the view shows', () => {
    const { nodes, edges } = chain(30);
    const bands = bandsOf(layeredLayout(nodes, edges, { direction: 'RIGHT', wrap: page }))!;
    const { perPage, tops } = bands;
    expect(perPage).toBeGreaterThan(1);
    // From any band's top: perPage whole bands inside the page, the next one below the view's bottom.
    for (let k = 0; k + perPage < tops.length; k++) {
      expect(tops[k + perPage - 1]! + 48 - tops[k]!).toBeLessThanOrEqual(page.height);
      expect(tops[k + perPage]! - tops[k]!).toBeGreaterThanOrEqual(page.height + page.below - 1);
    }
  });

  it('leaves a layout that fits the page as it is, and puts tools without edges in lines that fit the page', () => {
    const short = chain(3);
    expect(layeredLayout(short.nodes, short.edges, { direction: 'RIGHT', wrap: page })).toEqual(layeredLayout(short.nodes, short.edges, { direction: 'RIGHT' }));
    expect(wrapLayers({ a: { x: 0, y: 0 } }, [tool('a')], 'RIGHT', page)).toBeUndefined();
    // A long layout already taller than half a page is not wrapped (it would only grow taller).
    const tall = chain(20);
    const pos20 = layeredLayout(tall.nodes, tall.edges, { direction: 'RIGHT' });
    expect(wrapLayers(pos20, tall.nodes, 'RIGHT', { ...page, height: 100 })).toBeUndefined();
    const { nodes, edges } = chain(12, 9);
    const pos = layeredLayout(nodes, edges, { direction: 'RIGHT', wrap: page });
    const lastBand = Math.max(...nodes.filter((n) => n.id.startsWith('t')).map((n) => pos[n.id]!.y));
    for (const n of nodes.filter((m) => m.id.startsWith('i'))) {
      expect(pos[n.id]!.x + 176).toBeLessThanOrEqual(page.width);
      expect(pos[n.id]!.y).toBeGreaterThan(lastBand);
    }
  });

  it('shapes a graph without edges like the page: a few tools in a block, many in lines as long as the page holds (review12 #8)', () => {
    const docPage = { width: 940, height: 540, below: 0 };
    const grid = (n: number) => {
      const { nodes } = chain(0, n);
      const pos = layeredLayout(nodes, [], { direction: 'RIGHT', wrap: docPage });
      const xs = new Set(nodes.map((m) => pos[m.id]!.x));
      const ys = new Set(nodes.map((m) => pos[m.id]!.y));
      return { columns: xs.size, rows: ys.size, right: Math.max(...nodes.map((m) => pos[m.id]!.x + 176)) };
    };
    // codex-default.rules' four tools: two by two, not one row wider than the canvas at zoom 1.
    expect(grid(4)).toMatchObject({ columns: 2, rows: 2 });
    // Thirty: lines as long as the page holds (a taller block would only be smaller).
    expect(grid(30).columns).toBe(4);
    expect(grid(30).right).toBeLessThanOrEqual(docPage.width);
    // One tool is one tool.
    expect(grid(1)).toMatchObject({ columns: 1, rows: 1 });
  });

  it('starts a view at the band of its centre, that band in the middle of the page where it can be', () => {
    const bands = { tops: [0, 100, 200, 300, 400, 500], perPage: 3 };
    expect(bandStart(bands, 0)).toBe(0);
    expect(bandStart(bands, 310)).toBe(200);
    expect(bandStart(bands, 500)).toBe(300);
    expect(bandStart({ tops: [0, 100], perPage: 3 }, 100)).toBe(0);
  });
});
