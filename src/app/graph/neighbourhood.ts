/**
 * The part of a big graph that is drawn: a graph of more than {@link GRAPH_CAP}.nodes nodes is shown
 * as the neighbourhood of one node (the centre), never whole. React Flow keeps, measures and
 * reconciles every element it is given, and each routed edge looks at the node boxes, so 6,000
 * nodes and 24,000 edges cost the page tens of seconds of main-thread work; a capped view of the
 * nodes nearest the centre (breadth first over edges in either direction) stays as quick as a
 * small graph. The user moves the centre by searching for a node or by selecting it elsewhere
 * (Problems, Inspector). Pure (the caches are keyed by the graph's arrays).
 */

/** The most nodes and edges a graph view hands to React Flow. */
export const GRAPH_CAP = { nodes: 100, edges: 200 } as const;

/** A node of any graph (an id). */
export interface Item {
  id: string;
}
/** An edge of any graph. */
export interface Link {
  id: string;
  source: string;
  target: string;
}

/** What is drawn of a graph, and how much of it that is. */
export interface GraphView<N extends Item, E extends Link> {
  nodes: N[];
  edges: E[];
  /** Whether part of the graph is left out. */
  capped: boolean;
  /** The node the view is built around (the first node of the graph when none was asked for). */
  centre: string | undefined;
  total: { nodes: number; edges: number };
}

/** Edge indices by node id, in both directions (built once per edge list). */
const adjacencyCache = new WeakMap<readonly Link[], Map<string, number[]>>();

function adjacencyOf(edges: readonly Link[]): Map<string, number[]> {
  let adj = adjacencyCache.get(edges);
  if (adj) return adj;
  adj = new Map();
  const add = (id: string, i: number) => {
    const list = adj!.get(id);
    if (list) list.push(i);
    else adj!.set(id, [i]);
  };
  edges.forEach((e, i) => {
    add(e.source, i);
    if (e.target !== e.source) add(e.target, i);
  });
  adjacencyCache.set(edges, adj);
  return adj;
}

/** Whether `graph` is past {@link GRAPH_CAP}: drawn as a capped view, laid out on its own (never whole). */
export function isCapped(graph: { nodes: readonly unknown[]; edges: readonly unknown[] }, cap: { nodes: number; edges: number } = GRAPH_CAP): boolean {
  return graph.nodes.length > cap.nodes || graph.edges.length > cap.edges;
}

/**
 * A capped view as positions in its graph's arrays: small enough to cross between threads (the
 * import worker works out the first view of a big graph, the page builds it from the indices).
 */
export interface ViewIndices {
  centre: string | undefined;
  /** Indices into the graph's nodes, ascending. */
  nodes: number[];
  /** Indices into the graph's edges, ascending. */
  edges: number[];
}

/** Views worked out elsewhere (the import worker), by graph: the view of that graph around that centre. */
const primed = new WeakMap<object, ViewIndices & { asked: string | undefined }>();

/**
 * Records that the view of `graph` around `asked` is `view` (worked out by {@link neighbourhoodIndices}
 * on another thread, on a graph equal to this one), so {@link neighbourhood} does not walk the
 * graph's edges again on this thread for it.
 */
export function primeNeighbourhood(graph: object, asked: string | undefined, view: ViewIndices): void {
  primed.set(graph, { ...view, asked });
}

/**
 * The view of `graph` around `centre`: the whole graph when it has at most `cap.nodes` nodes and
 * `cap.edges` edges; otherwise the centre (or, when it is absent or not in the graph, the graph's
 * first node) and the nodes nearest it, breadth first in edge order, continuing from the next
 * unvisited node in graph order when its component is used up, until `cap.nodes` are chosen; and
 * the edges between chosen nodes, those of nearer nodes first, up to `cap.edges`. Nodes and edges
 * keep the graph's order.
 */
export function neighbourhood<N extends Item, E extends Link>(graph: { nodes: readonly N[]; edges: readonly E[] }, centre: string | undefined, cap: { nodes: number; edges: number } = GRAPH_CAP): GraphView<N, E> {
  const total = { nodes: graph.nodes.length, edges: graph.edges.length };
  if (!isCapped(graph, cap)) return { nodes: [...graph.nodes], edges: [...graph.edges], capped: false, centre, total };
  const hit = cap === GRAPH_CAP ? primed.get(graph) : undefined;
  const at = hit && hit.asked === centre ? hit : neighbourhoodIndices(graph, centre, cap);
  return {
    nodes: at.nodes.map((i) => graph.nodes[i]!),
    edges: at.edges.map((i) => graph.edges[i]!),
    capped: true,
    centre: at.centre,
    total,
  };
}

/** {@link neighbourhood} of a capped graph as indices (see {@link ViewIndices}). */
export function neighbourhoodIndices(graph: { nodes: readonly Item[]; edges: readonly Link[] }, centre: string | undefined, cap: { nodes: number; edges: number } = GRAPH_CAP): ViewIndices {
  const index = new Map<string, number>();
  graph.nodes.forEach((n, i) => index.set(n.id, i));
  const start = centre !== undefined && index.has(centre) ? centre : graph.nodes[0]?.id;
  const adj = adjacencyOf(graph.edges);
  // Breadth first: `rank` is the order in which nodes were chosen.
  const rank = new Map<string, number>();
  const queue: string[] = [];
  let next = 0;
  const take = (id: string) => {
    if (rank.has(id) || rank.size >= cap.nodes || !index.has(id)) return;
    rank.set(id, rank.size);
    queue.push(id);
  };
  if (start !== undefined) take(start);
  for (let head = 0; rank.size < cap.nodes; head++) {
    if (head === queue.length) {
      while (next < graph.nodes.length && rank.has(graph.nodes[next]!.id)) next++;
      if (next === graph.nodes.length) break;
      take(graph.nodes[next]!.id);
    }
    const id = queue[head]!;
    for (const i of adj.get(id) ?? []) {
      const e = graph.edges[i]!;
      take(e.source === id ? e.target : e.source);
    }
  }
  // Edges between chosen nodes, by the rank of their nearer end (then graph order), capped.
  const inside: number[] = [];
  graph.edges.forEach((e, i) => {
    if (rank.has(e.source) && rank.has(e.target)) inside.push(i);
  });
  const near = (i: number) => Math.min(rank.get(graph.edges[i]!.source)!, rank.get(graph.edges[i]!.target)!);
  const kept = inside.length <= cap.edges ? inside : inside.sort((a, b) => near(a) - near(b) || a - b).slice(0, cap.edges).sort((a, b) => a - b);
  const nodes = [...rank.keys()].map((id) => index.get(id)!).sort((a, b) => a - b);
  return { centre: start, nodes, edges: kept };
}

/** The id `query` names (the graph's search): the one equal to it ignoring case, else the first that contains it. */
export function findNode(ids: readonly string[], query: string): string | undefined {
  const q = query.trim().toLowerCase();
  if (q === '') return undefined;
  return ids.find((id) => id.toLowerCase() === q) ?? ids.find((id) => id.toLowerCase().includes(q));
}
