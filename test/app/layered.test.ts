import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gapFor, layeredLayout } from '../../src/app/layout/layered.ts';
import { labelSize } from '../../src/app/layout/labelSize.ts';
import { TOOL_NODE_WIDTH } from '../../src/app/layout/placement.ts';
import { simulatorWidth } from '../../src/app/workspace/layoutMemory.ts';
import type { LayoutEdge, LayoutNode } from '../../src/app/layout/types.ts';

const box = (id: string, width = 200, height = 48): LayoutNode => ({ id, width, height });
const edge = (source: string, target: string): LayoutEdge => ({ id: `${source}>${target}`, source, target });

function overlaps(nodes: LayoutNode[], pos: Record<string, { x: number; y: number }>): string[] {
  const found: string[] = [];
  for (let i = 0; i < nodes.length; i++)
    for (let j = i + 1; j < nodes.length; j++) {
      const a = nodes[i]!;
      const b = nodes[j]!;
      const p = pos[a.id]!;
      const q = pos[b.id]!;
      if (p.x < q.x + b.width && q.x < p.x + a.width && p.y < q.y + b.height && q.y < p.y + a.height) found.push(`${a.id}/${b.id}`);
    }
  return found;
}

describe('layeredLayout', () => {
  it('lays tools without any edge out in a grid under the connected part, not in one tall column', () => {
    // api-client's shape: authenticate → *, and five tools no edge orders.
    const nodes = ['auth', 'all', 'get', 'post', 'delete', 'logout', 'send'].map((id) => box(id));
    const pos = layeredLayout(nodes, [edge('auth', 'all')], { direction: 'RIGHT' });
    expect(overlaps(nodes, pos)).toEqual([]);
    const free = ['get', 'post', 'delete', 'logout', 'send'];
    // below the connected row, in lines of four (√(2·5) rounded up), the first columns on its layers
    for (const id of free) expect(pos[id]!.y).toBeGreaterThan(pos['auth']!.y + 48);
    expect(new Set(free.map((id) => pos[id]!.x)).size).toBe(4);
    expect(pos['get']!.x).toBe(pos['auth']!.x);
    expect(pos['post']!.x).toBe(pos['all']!.x);
    expect(new Set(free.map((id) => pos[id]!.y)).size).toBe(2);
    const width = Math.max(...nodes.map((n) => pos[n.id]!.x + 200)) - Math.min(...nodes.map((n) => pos[n.id]!.x));
    const height = Math.max(...nodes.map((n) => pos[n.id]!.y + 48)) - Math.min(...nodes.map((n) => pos[n.id]!.y));
    expect(width).toBeGreaterThan(height);
    // a graph of nothing but free nodes is a grid too, the same every time
    const only = layeredLayout(nodes.slice(2), [], { direction: 'DOWN' });
    expect(overlaps(nodes.slice(2), only)).toEqual([]);
    expect(layeredLayout(nodes.slice(2), [], { direction: 'DOWN' })).toEqual(only);
    expect(new Set(free.map((id) => only[id]!.x)).size).toBe(2);
  });

  // review14 (ui19 #2): Claude Code's tools on stage, in rows as tall as `Bash`, read at 12.4 px.
  it('packs tools without edges in columns, in order, when rows would be as tall as their tallest node', () => {
    const nodes = [box('tall', 176, 280), box('mid', 176, 160), ...['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => box(id, 176, 82))];
    const page = { width: 700, height: 520, below: 0 };
    const rows = layeredLayout(nodes, [], { direction: 'RIGHT', wrap: page });
    const packed = layeredLayout(nodes, [], { direction: 'RIGHT', wrap: page, columns: true });
    expect(overlaps(nodes, packed)).toEqual([]);
    const extent = (pos: Record<string, { x: number; y: number }>) => ({
      width: Math.max(...nodes.map((n) => pos[n.id]!.x + n.width)),
      height: Math.max(...nodes.map((n) => pos[n.id]!.y + n.height)),
    });
    const zoom = (e: { width: number; height: number }) => Math.min(page.width / e.width, page.height / e.height);
    expect(zoom(extent(packed))).toBeGreaterThan(zoom(extent(rows)));
    // each column read down in the nodes' order, the next column to its right
    const order = [...nodes].sort((p, q) => packed[p.id]!.x - packed[q.id]!.x || packed[p.id]!.y - packed[q.id]!.y).map((n) => n.id);
    expect(order).toEqual(nodes.map((n) => n.id));
    // nodes of one height stay a grid
    const like = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => box(id, 176, 82));
    expect(layeredLayout(like, [], { direction: 'RIGHT', wrap: page, columns: true })).toEqual(layeredLayout(like, [], { direction: 'RIGHT', wrap: page }));
  });

  it('puts a chain left to right for tools and top to bottom for workflows', () => {
    const nodes = ['a', 'b', 'c'].map((id) => box(id));
    const edges = [edge('a', 'b'), edge('b', 'c')];
    const right = layeredLayout(nodes, edges, { direction: 'RIGHT' });
    expect(right.a!.x).toBeLessThan(right.b!.x);
    expect(right.b!.x).toBeLessThan(right.c!.x);
    expect(right.a!.y).toBe(right.c!.y);
    const down = layeredLayout(nodes, edges, { direction: 'DOWN' });
    expect(down.a!.y).toBeLessThan(down.b!.y);
    expect(down.b!.y).toBeLessThan(down.c!.y);
  });

  it('leaves room between layers for edge labels', () => {
    const pos = layeredLayout([box('a'), box('b')], [edge('a', 'b')], { direction: 'RIGHT', layerGap: 90 });
    expect(pos.b!.x - (pos.a!.x + 200)).toBe(90);
  });

  it('makes each gap of a tool graph as wide as the labels drawn in it need, and no wider', () => {
    const labelled = (source: string, target: string, label: string): LayoutEdge => ({ ...edge(source, target), label });
    // a → b "before" (short), b → c and b → d with a long and a short label, c → e unlabelled.
    const nodes = ['a', 'b', 'c', 'd', 'e'].map((id) => box(id));
    const pos = layeredLayout(nodes, [labelled('a', 'b', 'before'), labelled('b', 'c', '= "ineligible"'), labelled('b', 'd', 'otherwise'), edge('c', 'e')], { direction: 'RIGHT' });
    const gap = (from: string, to: string) => pos[to]!.x - (pos[from]!.x + 200);
    expect(gap('a', 'b')).toBe(gapFor('before'));
    expect(gap('b', 'c')).toBe(gapFor('= "ineligible"'));
    expect(gap('c', 'e')).toBe(gapFor(undefined));
    // The label fits with room on both sides; a longer label gets a wider gap.
    expect(gapFor('before')).toBeGreaterThanOrEqual(labelSize('before').width + 16);
    expect(gapFor('= "ineligible"')).toBeGreaterThan(gapFor('before'));
    // A chain of four tools with short labels (the ETL example) fits the graph pane of Simulate mode
    // at 1280 px (the window less the explorer's rail, the grip and the simulator) at zoom 0.7 with
    // the fit's 12 px margins.
    const chain = ['w', 'x', 'y', 'z'].map((id) => box(id, TOOL_NODE_WIDTH));
    const c = layeredLayout(chain, [labelled('w', 'x', 'before'), labelled('x', 'y', 'before'), labelled('y', 'z', 'before')], { direction: 'RIGHT' });
    expect((c['z']!.x + TOOL_NODE_WIDTH - c['w']!.x) * 0.7 + 24).toBeLessThanOrEqual(1280 - 28 - 8 - simulatorWidth(1280));
  });

  it('widens the middle gap of an edge spanning three layers for its label, not the gaps of a two-layer span', () => {
    const nodes = ['a', 'b', 'c', 'd'].map((id) => box(id));
    const chain = [edge('a', 'b'), edge('b', 'c'), edge('c', 'd')];
    const long = 'a rather long label text';
    const three = layeredLayout(nodes, [...chain, { ...edge('a', 'd'), label: long }], { direction: 'RIGHT' });
    expect(three['c']!.x - (three['b']!.x + 200)).toBe(gapFor(long));
    expect(three['b']!.x - (three['a']!.x + 200)).toBe(gapFor(undefined));
    const two = layeredLayout(nodes, [...chain, { ...edge('a', 'c'), label: long }], { direction: 'RIGHT' });
    for (const [p, q] of [['a', 'b'], ['b', 'c'], ['c', 'd']] as const) expect(two[q]!.x - (two[p]!.x + 200)).toBe(gapFor(undefined));
  });

  it('lays out a cycle (search → fetch → summarize → search) in order, the back edge reversed', () => {
    const nodes = ['search', 'fetch', 'summarize'].map((id) => box(id));
    const pos = layeredLayout(nodes, [edge('search', 'fetch'), edge('fetch', 'summarize'), edge('summarize', 'search')], { direction: 'RIGHT' });
    expect(pos.search!.x).toBeLessThan(pos.fetch!.x);
    expect(pos.fetch!.x).toBeLessThan(pos.summarize!.x);
  });

  it('keeps a chain straight under a back edge that loops over it (review14 #1: hegel discovery, restart_cycle)', () => {
    // spec → plan → code → learnings → readme → done, and readme → spec (restart_cycle)
    const ids = ['spec', 'plan', 'code', 'learnings', 'readme', 'done'];
    const nodes = ids.map((id) => ({ ...box(id, 260, 120), ...(id === 'spec' ? { rank: 'first' as const } : id === 'done' ? { rank: 'last' as const } : {}) }));
    const edges = [...ids.slice(1).map((id, i) => edge(ids[i]!, id)), edge('readme', 'spec')];
    const pos = layeredLayout(nodes, edges, { direction: 'DOWN' });
    expect(new Set(ids.map((id) => pos[id]!.x)).size).toBe(1);
    expect(ids.map((id) => pos[id]!.y)).toEqual([...ids.map((id) => pos[id]!.y)].sort((a, b) => a - b));
  });

  it('keeps a long edge clear: the node it skips is not on its line', () => {
    // a → b → c and a → c: b must not sit between a and c on the same row
    const pos = layeredLayout(['a', 'b', 'c'].map((id) => box(id)), [edge('a', 'b'), edge('b', 'c'), edge('a', 'c')], { direction: 'RIGHT' });
    const row = (id: string) => [pos[id]!.y, pos[id]!.y + 48] as const;
    const [b0, b1] = row('b');
    const lineY = (pos.a!.y + pos.c!.y) / 2 + 24;
    expect(lineY < b0 || lineY > b1).toBe(true);
  });

  it('never overlaps two nodes and gives the same positions for the same graph (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.tuple(fc.nat(29), fc.nat(29)), { maxLength: 60 }),
        fc.array(fc.integer({ min: 30, max: 160 }), { minLength: 30, maxLength: 30 }),
        fc.constantFrom<'RIGHT' | 'DOWN'>('RIGHT', 'DOWN'),
        (count, raw, heights, direction) => {
          const nodes = Array.from({ length: count }, (_, i) => box(`n${i}`, 180 + (i % 3) * 20, heights[i]!));
          const edges = raw.filter(([s, t]) => s < count && t < count).map(([s, t]) => edge(`n${s}`, `n${t}`));
          const first = layeredLayout(nodes, edges, { direction });
          expect(overlaps(nodes, first)).toEqual([]);
          expect(layeredLayout(nodes, edges, { direction })).toEqual(first);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('lays out thousands of tools with tens of thousands of long edges (past the dummy budget): all placed, none overlapping, every edge left to right', () => {
    // 3,000 tools, 27,000 acyclic edges from a lower to a higher number: the edges span so many
    // layers that dummy chains would need millions of slots (this threw "Maximum call stack size
    // exceeded" before the budget).
    const count = 3000;
    const nodes = Array.from({ length: count }, (_, i) => box(`t${i}`, 200, 48 + 24 * (i % 3)));
    const edges: LayoutEdge[] = [];
    for (let e = 0; e < 27_000; e++) {
      const to = 1 + ((e * 7919) % (count - 1));
      edges.push(edge(`t${(e * 104729) % to}`, `t${to}`));
    }
    const pos = layeredLayout(nodes, edges, { direction: 'RIGHT' });
    expect(Object.keys(pos)).toHaveLength(count);
    expect(overlaps(nodes, pos)).toEqual([]);
    expect(edges.filter((e) => !(pos[e.source]!.x < pos[e.target]!.x))).toEqual([]);
  });
});

describe('layeredLayout pins start and exit (issue 22)', () => {
  it('puts a start tool in the first layer, first in it, even when an edge leads into it', () => {
    const nodes = [box('a'), box('b'), box('c'), { ...box('start'), rank: 'first' as const }];
    const pos = layeredLayout(nodes, [edge('a', 'b'), edge('b', 'c'), edge('c', 'start')], { direction: 'RIGHT' });
    expect(overlaps(nodes, pos)).toEqual([]);
    for (const n of ['a', 'b', 'c']) expect(pos.start!.x, n).toBeLessThanOrEqual(pos[n]!.x);
    for (const n of ['a', 'b', 'c']) if (pos[n]!.x === pos.start!.x) expect(pos.start!.y).toBeLessThan(pos[n]!.y);
  });

  it('puts a start tool without edges on the first row, not in the grid under the graph', () => {
    const nodes = [box('a'), box('b'), box('c'), { ...box('start'), rank: 'first' as const }];
    const pos = layeredLayout(nodes, [edge('a', 'b')], { direction: 'RIGHT' });
    expect(overlaps(nodes, pos)).toEqual([]);
    expect(pos.start).toEqual({ x: 0, y: 0 });
  });

  it('puts the start tool first among tools no edge orders, and an exit tool last', () => {
    const nodes = [box('a'), { ...box('end'), rank: 'last' as const }, box('b'), { ...box('start'), rank: 'first' as const }];
    const pos = layeredLayout(nodes, [], { direction: 'RIGHT' });
    const order = Object.entries(pos).sort(([, p], [, q]) => p.y - q.y || p.x - q.x).map(([id]) => id);
    expect(order[0]).toBe('start');
    expect(order.at(-1)).toBe('end');
  });

  it('puts an exit tool in the last layer', () => {
    const nodes = [box('a'), box('b'), box('c'), { ...box('exit'), rank: 'last' as const }];
    const pos = layeredLayout(nodes, [edge('a', 'exit'), edge('a', 'b'), edge('b', 'c'), edge('exit', 'c')], { direction: 'RIGHT' });
    expect(overlaps(nodes, pos)).toEqual([]);
    for (const n of ['a', 'b', 'c']) expect(pos.exit!.x, n).toBeGreaterThanOrEqual(pos[n]!.x);
  });
});
