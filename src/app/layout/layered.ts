/**
 * A layered (Sugiyama) layout, synchronous and deterministic: the same graph gives the same
 * positions every time, in a few milliseconds for a few nodes and well under a second for 500 tools
 * and 1,000 edges. Layers run in the direction the handles face (`RIGHT`: tools left → right;
 * `DOWN`: workflow phases top → bottom).
 *
 * 1. Cycles are broken by reversing the back edges of a depth-first search in input order (they are
 *    drawn around the nodes by the edge router).
 * 2. Layers: longest path from the sources. A node pinned `first` (a start tool) is a source: the
 *    edges into it count as back edges; one pinned `last` (an exit tool) goes to the last layer.
 * 3. Edges longer than one layer get a chain of dummy slots, so no node sits on their way — while
 *    the chains stay within {@link DUMMY_BUDGET} slots in all. A big dense graph (thousands of
 *    tools, tens of thousands of edges spanning many layers) would need millions; there long edges
 *    link their ends directly (they may then pass over a node), which keeps the layout linear in
 *    the edges.
 * 4. Order within layers: barycentre sweeps down and up, ties kept in input order.
 * 5. Coordinates: layers spaced by their widest node plus a gap wide enough for the edge labels
 *    drawn in it (tool graphs; a chain of short labels stays compact so it fits the view); in a
 *    layer each node goes to the mean of its neighbours in the previous layer, pushed apart so
 *    nothing overlaps.
 * 6. Optionally (a capped view laid out for its canvas), a layout longer than a page is wrapped into
 *    bands that fit it (`wrap.ts`).
 */
import type { LayoutEdge, LayoutNode } from './types.ts';
import { groupedLabel, labelSize } from './labelSize.ts';
import { wrapLayers, type Bands, type Page } from './wrap.ts';
import { dict } from '../../core/model/ownKeys.ts';

/** The narrowest gap between two layers of a tool graph (an edge without a label still shows). */
const MIN_TOOL_GAP = 56;
/** Free space on each side of an edge label, between it and the nodes of the layers around it. */
const LABEL_CLEARANCE = 10;

/** The gap between two layers of a tool graph that holds a label of `text` clear of both. */
export function gapFor(text: string | undefined): number {
  return text ? Math.max(MIN_TOOL_GAP, labelSize(text).width + 2 * LABEL_CLEARANCE) : MIN_TOOL_GAP;
}

export interface LayeredOptions {
  direction: 'RIGHT' | 'DOWN';
  /**
   * Space between layers. Unset, a tool graph (`RIGHT`) makes each gap as wide as the widest label
   * drawn in it needs ({@link gapFor}), and a workflow's gaps are 70.
   */
  layerGap?: number;
  /** Space between neighbours in a layer. */
  nodeGap?: number;
  /** Sweeps of the ordering step (more = fewer crossings, slower). */
  sweeps?: number;
  /** A page to wrap a long layout into (see `wrap.ts`; {@link bandsOf} tells where its bands lie). */
  wrap?: Page;
  /**
   * A graph with no edge, wrapped to a page, may be packed in columns, each filled down in order,
   * when that shows it larger than rows as tall as their tallest node (see {@link columnsFor}).
   */
  columns?: boolean;
}

/** The bands of layouts that were wrapped, by their positions object. */
const wrapped = new WeakMap<object, Bands>();

/** Where the bands of a wrapped layout lie (undefined when it was not wrapped). */
export function bandsOf(positions: object): Bands | undefined {
  return wrapped.get(positions);
}

interface Slot {
  /** Index into the real nodes, or -1 for a dummy slot of a long edge. */
  node: number;
  layer: number;
  /** Size across the layer axis (height for RIGHT, width for DOWN). */
  breadth: number;
  /** Size along the layer axis. */
  depth: number;
  up: number[];
  down: number[];
  pos: number;
  order: number;
}

const DUMMY_BREADTH = 24;
/** Dummy slots allowed in all (see step 3). */
export const DUMMY_BUDGET = 20_000;

type Positions = Record<string, { x: number; y: number }>;

/**
 * Positions (top-left corners) by node id. Nodes with no edge at all are not stacked into the first
 * layer (a tall column beside a short graph, as an agent's unordered tools would make): they fill a
 * grid after the connected part, across the layers, as many to a line as the graph has layers (at
 * least √(2n)), so the whole reads at one zoom. A graph with no edge at all, wrapped to a page, is a
 * grid shaped like the page (see {@link gridFor}), not one row as long as the page.
 */
export function layeredLayout(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[], options: LayeredOptions): Positions {
  const known = new Set(nodes.map((n) => n.id));
  const linked = new Set<string>();
  for (const e of edges) {
    if (e.source === e.target || !known.has(e.source) || !known.has(e.target)) continue;
    linked.add(e.source);
    linked.add(e.target);
  }
  // A pinned node without edges still leads (or ends) the connected part, never the grid after it.
  const inLayers = (n: LayoutNode) => linked.has(n.id) || (n.rank !== undefined && linked.size > 0);
  const isolated = byRank(nodes.filter((n) => !inLayers(n)));
  const connected = isolated.length === 0 ? nodes : nodes.filter(inLayers);
  let result = connected.length > 0 ? layeredConnected(connected, edges, options) : dict<{ x: number; y: number }>();
  const wrap = options.wrap ? wrapLayers(result, connected, options.direction, options.wrap) : undefined;
  if (wrap) result = wrap.positions;
  if (isolated.length > 0) placeIsolated(result, isolated, connected, options);
  if (wrap) wrapped.set(result, wrap.bands);
  return result;
}

const rankOrder = (n: LayoutNode) => (n.rank === 'first' ? 0 : n.rank === 'last' ? 2 : 1);

/** `nodes` with the ones pinned `first` first and those pinned `last` last, otherwise in input order. */
function byRank(nodes: readonly LayoutNode[]): LayoutNode[] {
  return nodes.map((n, i) => ({ n, i })).sort((a, b) => rankOrder(a.n) - rankOrder(b.n) || a.i - b.i).map(({ n }) => n);
}

/** Puts the nodes without edges in a grid after the connected part (see {@link layeredLayout}). */
function placeIsolated(result: Positions, isolated: readonly LayoutNode[], connected: readonly LayoutNode[], options: LayeredOptions): void {
  const horizontal = options.direction === 'RIGHT';
  const layerGap = options.layerGap ?? (horizontal ? MIN_TOOL_GAP : 70);
  const nodeGap = options.nodeGap ?? (horizontal ? 36 : 48);
  const along = (n: LayoutNode) => (horizontal ? n.width : n.height);
  const across = (n: LayoutNode) => (horizontal ? n.height : n.width);
  // The connected part: its layer starts (the grid's columns line up with them) and its far edge.
  let starts = [...new Set(connected.map((n) => (horizontal ? result[n.id]!.x : result[n.id]!.y)))].sort((a, b) => a - b);
  const end = connected.reduce((m, n) => Math.max(m, (horizontal ? result[n.id]!.y : result[n.id]!.x) + across(n)), -nodeGap);
  const widest = Math.max(...isolated.map(along));
  // Wrapped to a page: as many columns as its length holds (fewer for a few tools alone, see gridFor).
  const page = options.wrap;
  if (page) starts = starts.filter((s, k) => k === 0 || s + widest <= starts[0]! + page.width);
  const fitting = page ? Math.max(1, Math.floor((page.width + layerGap) / (widest + layerGap))) : 0;
  const cell = { widest, layerGap, nodeGap };
  const perLine = page
    ? starts.length > 0
      ? starts.length
      : gridFor(isolated, fitting, page, cell, across)
    : Math.max(starts.length, Math.ceil(Math.sqrt(2 * isolated.length)));
  const packed = page && options.columns === true && starts.length === 0 ? columnsFor(isolated, page, cell, across, perLine) : undefined;
  if (packed) {
    // no edge runs between the columns: they are as far apart as the nodes in them
    packed.forEach((column, k) => {
      let at = 0;
      for (const n of column) {
        const a = k * (widest + nodeGap);
        result[n.id] = horizontal ? { x: a, y: at } : { x: at, y: a };
        at += across(n) + nodeGap;
      }
    });
    return;
  }
  // Columns at the layer starts, pushed further along where an isolated node would not fit.
  const columns: number[] = [];
  for (let k = 0; k < perLine; k++) {
    const packed = k === 0 ? -Infinity : columns[k - 1]! + widest + layerGap;
    columns.push(Math.max(starts[k] ?? packed, packed, k === 0 ? (starts[0] ?? 0) : -Infinity));
  }
  let line = end + nodeGap;
  for (let i = 0; i < isolated.length; i += perLine) {
    const row = isolated.slice(i, i + perLine);
    row.forEach((n, k) => {
      const a = columns[k]!;
      result[n.id] = horizontal ? { x: a, y: line } : { x: line, y: a };
    });
    line += Math.max(...row.map(across)) + nodeGap;
  }
}

/**
 * How many nodes a line of a graph without edges holds on `page`: of 1 to `most` (what its length
 * holds), the count whose grid the page shows at the largest zoom, so a few tools make a block
 * shaped like the pane rather than one row the width of the page (review12 #8: four tools in a row
 * came out wider than the canvas at its readable zoom). On a tie, more to a line.
 */
function gridFor(nodes: readonly LayoutNode[], most: number, page: Page, cell: { widest: number; layerGap: number; nodeGap: number }, across: (n: LayoutNode) => number): number {
  const { widest, layerGap, nodeGap } = cell;
  let best = most;
  let bestZoom = -Infinity;
  for (let k = most; k >= 1; k--) {
    let thick = -nodeGap;
    for (let i = 0; i < nodes.length; i += k) thick += Math.max(...nodes.slice(i, i + k).map(across)) + nodeGap;
    const long = Math.min(k, nodes.length) * (widest + layerGap) - layerGap;
    const zoom = Math.min(page.width / long, page.height / Math.max(1, thick));
    if (zoom > bestZoom + 1e-9) {
      best = k;
      bestZoom = zoom;
    }
  }
  return best;
}

/** How thick a line (or a column) of `nodes` stacked `gap` apart is, across the reading direction. */
function stackOf(nodes: readonly LayoutNode[], gap: number, across: (n: LayoutNode) => number): number {
  return nodes.reduce((t, n) => t + across(n) + gap, -gap);
}

/** `nodes` cut in order into at most `k` runs none thicker than `most` stacked (undefined when they need more). */
function runsWithin(nodes: readonly LayoutNode[], k: number, most: number, gap: number, across: (n: LayoutNode) => number): LayoutNode[][] | undefined {
  const runs: LayoutNode[][] = [];
  let run: LayoutNode[] = [];
  let thick = -gap;
  for (const n of nodes) {
    if (run.length > 0 && thick + gap + across(n) > most) {
      runs.push(run);
      run = [];
      thick = -gap;
    }
    run.push(n);
    thick += gap + across(n);
  }
  runs.push(run);
  return runs.length <= k ? runs : undefined;
}

/**
 * A graph without edges packed in columns (each filled down in the nodes' order), when some count
 * of columns shows it on `page` at a larger zoom than the row grid of `rows` to a line does: a grid's
 * row is as tall as its tallest node, so one tall node (Claude Code's `Bash` with its ten rules)
 * left the rest of its row empty and the graph too tall to read on stage (review14: 12.4 px text).
 * Undefined when rows do as well.
 */
function columnsFor(nodes: readonly LayoutNode[], page: Page, cell: { widest: number; layerGap: number; nodeGap: number }, across: (n: LayoutNode) => number, rows: number): LayoutNode[][] | undefined {
  const { widest, layerGap, nodeGap } = cell;
  const zoomOf = (count: number, gap: number, thick: number) => Math.min(page.width / (count * (widest + gap) - gap), page.height / Math.max(1, thick));
  let rowThick = -nodeGap;
  for (let i = 0; i < nodes.length; i += rows) rowThick += Math.max(...nodes.slice(i, i + rows).map(across)) + nodeGap;
  let bestZoom = zoomOf(Math.min(rows, nodes.length), layerGap, rowThick);
  let best: LayoutNode[][] | undefined;
  const thickest = Math.max(...nodes.map(across));
  // as many columns as the page's width holds, `nodeGap` apart (no edge label runs between them)
  const columns = Math.max(1, Math.floor((page.width + nodeGap) / (widest + nodeGap)));
  for (let k = 1; k <= Math.min(columns, nodes.length); k++) {
    // the thinnest run length that cuts the nodes into k columns (binary search; whole units)
    let lo = thickest;
    let hi = stackOf(nodes, nodeGap, across);
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (runsWithin(nodes, k, mid, nodeGap, across)) hi = mid;
      else lo = mid + 1;
    }
    const runs = runsWithin(nodes, k, lo, nodeGap, across)!;
    const zoom = zoomOf(runs.length, nodeGap, lo);
    // better than rows by more than a rounding: a grid of like nodes stays a grid
    if (zoom > bestZoom * 1.01) {
      best = runs;
      bestZoom = zoom;
    }
  }
  return best;
}

/** The layered layout proper (every node is placed in a layer). */
function layeredConnected(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[], options: LayeredOptions): Positions {
  const horizontal = options.direction === 'RIGHT';
  const nodeGap = options.nodeGap ?? (horizontal ? 36 : 48);
  const sweeps = options.sweeps ?? (nodes.length > 200 ? 4 : 12);
  const n = nodes.length;
  const index = new Map<string, number>();
  nodes.forEach((node, i) => index.set(node.id, i));

  // Unique edges between distinct known nodes, in input order.
  const out: number[][] = Array.from({ length: n }, () => []);
  const seen = new Set<string>();
  const pairs: [number, number][] = [];
  // The widest label gap each pair needs (parallel edges between one pair share their midpoint;
  // those with one text share one label, `before ×4`).
  const pairGap = new Map<string, number>();
  const sameText = new Map<string, number>();
  for (const e of edges) {
    const s = index.get(e.source);
    const t = index.get(e.target);
    if (s === undefined || t === undefined || s === t) continue;
    const key = `${s}>${t}`;
    const times = e.label ? (sameText.get(`${key}\n${e.label}`) ?? 0) + 1 : 1;
    if (e.label) sameText.set(`${key}\n${e.label}`, times);
    pairGap.set(key, Math.max(pairGap.get(key) ?? 0, gapFor(e.label && groupedLabel(e.label, times))));
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push([s, t]);
    out[s]!.push(t);
  }

  // 1. Back edges of an iterative DFS (input order) are reversed.
  const state = new Uint8Array(n); // 0 new, 1 on stack, 2 done
  const back = new Set<string>();
  for (let root = 0; root < n; root++) {
    if (state[root] !== 0) continue;
    const stack: [number, number][] = [[root, 0]];
    state[root] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const [v, i] = top;
      const next = out[v]![i];
      if (next === undefined) {
        state[v] = 2;
        stack.pop();
        continue;
      }
      top[1] = i + 1;
      if (state[next] === 1) back.add(`${v}>${next}`);
      else if (state[next] === 0) {
        state[next] = 1;
        stack.push([next, 0]);
      }
    }
  }
  // Edges into a node pinned first and out of one pinned last run against the reading order too.
  const rank = (i: number) => nodes[i]!.rank;
  for (const [s, t] of pairs) {
    const key = `${s}>${t}`;
    const against = (rank(t) === 'first' && rank(s) !== 'first') || (rank(s) === 'last' && rank(t) !== 'last');
    if (against) back.add(key);
    else if (back.has(key) && ((rank(s) === 'first' && rank(t) !== 'first') || (rank(t) === 'last' && rank(s) !== 'last'))) back.delete(key);
  }
  const dag: [number, number][] = pairs.map(([s, t]) => (back.has(`${s}>${t}`) ? [t, s] : [s, t]));
  /** Whether each `dag` entry is a back edge reversed. */
  const reversed = pairs.map(([s, t]) => back.has(`${s}>${t}`));

  // 2. Longest-path layering in topological order (Kahn, ties by input order).
  const succ: number[][] = Array.from({ length: n }, () => []);
  const indeg = new Int32Array(n);
  for (const [s, t] of dag) {
    succ[s]!.push(t);
    indeg[t]!++;
  }
  const layerOf = new Int32Array(n);
  const queue: number[] = [];
  for (let i = 0; i < n; i++) if (indeg[i] === 0) queue.push(i);
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head]!;
    for (const t of succ[v]!) {
      layerOf[t] = Math.max(layerOf[t]!, layerOf[v]! + 1);
      if (--indeg[t]! === 0) queue.push(t);
    }
  }
  let lastLayer = 0;
  for (let i = 0; i < n; i++) lastLayer = Math.max(lastLayer, layerOf[i]!);
  for (let i = 0; i < n; i++) if (rank(i) === 'last') layerOf[i] = lastLayer;

  // 3. Slots: real nodes plus dummy chains for long edges.
  const slots: Slot[] = nodes.map((node, i) => ({
    node: i,
    layer: layerOf[i]!,
    breadth: horizontal ? node.height : node.width,
    depth: horizontal ? node.width : node.height,
    up: [],
    down: [],
    pos: 0,
    order: 0,
  }));
  const link = (a: number, b: number) => {
    slots[a]!.down.push(b);
    slots[b]!.up.push(a);
  };
  let span = 0;
  dag.forEach(([s, t], k) => {
    if (!reversed[k]) span += Math.max(0, layerOf[t]! - layerOf[s]! - 1);
  });
  const chains = span <= DUMMY_BUDGET;
  dag.forEach(([s, t], k) => {
    let prev = s;
    // A back edge is drawn around the nodes (`edgeRoute.ts`), not through the layers between its
    // ends: slots for it would only push the nodes of those layers aside (hegel's restart_cycle
    // zigzagged the chain it loops around).
    for (let l = layerOf[s]! + 1; chains && !reversed[k] && l < layerOf[t]!; l++) {
      slots.push({ node: -1, layer: l, breadth: DUMMY_BREADTH, depth: 0, up: [], down: [], pos: 0, order: 0 });
      link(prev, slots.length - 1);
      prev = slots.length - 1;
    }
    link(prev, t);
  });
  let layerCount = 0;
  for (const s of slots) if (s.layer + 1 > layerCount) layerCount = s.layer + 1;
  const layers: number[][] = Array.from({ length: layerCount }, () => []);
  slots.forEach((s, i) => layers[s.layer]!.push(i));
  // Within a layer, nodes pinned first lead (the start tool on the first row), those pinned last end.
  const pin = (v: number) => (slots[v]!.node < 0 ? 1 : rankOrder(nodes[slots[v]!.node]!));
  layers.forEach((l) => l.sort((a, b) => pin(a) - pin(b) || a - b));
  layers.forEach((l) => l.forEach((v, i) => (slots[v]!.order = i)));

  // 4. Barycentre ordering sweeps.
  const sortBy = (layer: number[], neighbours: (s: Slot) => number[]) => {
    const key = new Map<number, number>();
    for (const v of layer) {
      const ns = neighbours(slots[v]!);
      key.set(v, ns.length === 0 ? slots[v]!.order : ns.reduce((a, u) => a + slots[u]!.order, 0) / ns.length);
    }
    layer.sort((a, b) => pin(a) - pin(b) || key.get(a)! - key.get(b)! || slots[a]!.order - slots[b]!.order);
    layer.forEach((v, i) => (slots[v]!.order = i));
  };
  for (let k = 0; k < sweeps; k++) {
    if (k % 2 === 0) for (let l = 1; l < layerCount; l++) sortBy(layers[l]!, (s) => s.up);
    else for (let l = layerCount - 2; l >= 0; l--) sortBy(layers[l]!, (s) => s.down);
  }

  // 5. Coordinates across the layers: each slot wants the mean centre of its upstream neighbours;
  // a left-to-right pass keeps the order and the gaps.
  const place = (layer: number[], want: (s: Slot) => number | undefined) => {
    let floor = -Infinity;
    for (const v of layer) {
      const s = slots[v]!;
      const w = want(s);
      const p = w === undefined ? (floor === -Infinity ? 0 : floor) : w - s.breadth / 2;
      s.pos = Math.max(p, floor);
      floor = s.pos + s.breadth + (s.node < 0 ? nodeGap / 3 : nodeGap);
    }
  };
  const centreOf = (s: Slot) => s.pos + s.breadth / 2;
  const mean = (ids: number[]) => (ids.length === 0 ? undefined : ids.reduce((a, u) => a + centreOf(slots[u]!), 0) / ids.length);
  for (let l = 0; l < layerCount; l++) place(layers[l]!, (s) => mean(s.up));
  // One pass back up pulls sources next to what they feed.
  for (let l = layerCount - 2; l >= 0; l--) place(layers[l]!, (s) => (s.up.length === 0 ? mean(s.down) : mean(s.up)));

  // Along the layer axis: each layer as deep as its deepest node, then its gap: fixed, or (tool
  // graphs) as wide as the labels drawn in it need. A label sits at its edge's midpoint: for an odd
  // span in the middle gap (the one after the source's layer for a one-layer edge); an even span
  // puts it on the edge's own slot in the middle layer, clear of that layer's nodes.
  const gaps: number[] = new Array<number>(layerCount).fill(options.layerGap ?? (horizontal ? MIN_TOOL_GAP : 70));
  if (options.layerGap === undefined && horizontal) {
    for (const [s, t] of pairs) {
      if (back.has(`${s}>${t}`)) continue; // drawn around the row, its label on the lane
      const span = layerOf[t]! - layerOf[s]!;
      if (span <= 0 || span % 2 === 0) continue;
      const gap = layerOf[s]! + (span - 1) / 2;
      gaps[gap] = Math.max(gaps[gap]!, pairGap.get(`${s}>${t}`)!);
    }
  }
  const offset: number[] = [];
  let at = 0;
  for (let l = 0; l < layerCount; l++) {
    offset.push(at);
    let deepest = 0;
    for (const v of layers[l]!) deepest = Math.max(deepest, slots[v]!.depth);
    at += deepest + gaps[l]!;
  }
  let minPos = 0;
  for (const s of slots) minPos = Math.min(minPos, s.pos);
  const result = dict<{ x: number; y: number }>();
  for (const s of slots) {
    if (s.node < 0) continue;
    const along = offset[s.layer]!;
    const across = Math.round(s.pos - minPos);
    const id = nodes[s.node]!.id;
    result[id] = horizontal ? { x: along, y: across } : { x: across, y: along };
  }
  return result;
}
