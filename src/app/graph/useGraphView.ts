/**
 * What a canvas draws of its graph (see `neighbourhood.ts`): the whole graph, placed by the
 * document's layout; or, for a graph past {@link GRAPH_CAP}, the neighbourhood of a centre node laid
 * out on its own. The centre moves to a node selected outside the canvas (Problems, Inspector, the
 * graph's search) when that node is not drawn. Positions in a capped view are the view's: a node
 * moved there stays put until the centre moves, and the document's layout is left alone. Given the
 * page its canvas shows at the readable zoom, a capped view's layout is wrapped to fill it
 * (`wrap.ts`) and laid out again when the canvas changes size. On stage (the presenter), the graph
 * is laid out for the stage's pane when that shows it whole at a larger zoom (`stageLayout.ts`);
 * nodes moved there stay put on stage only. Simulate's canvas (given its pane) does the same when
 * the document's layout is wider than its pane at the readable zoom (`SIMULATE_FIT`); a node moved
 * there makes the layout shown the document's.
 */
import { useCallback, useContext, useDeferredValue, useMemo, useState } from 'react';
import type { XY } from '../state/documents.ts';
import type { LayoutEdge, LayoutNode } from '../layout/types.ts';
import { bandsOf, layeredLayout } from '../layout/layered.ts';
import type { Bands, Page } from '../layout/wrap.ts';
import { SIMULATE_FIT, stageLayout } from '../layout/stageLayout.ts';
import { GRAPH_CAP, neighbourhood, type GraphView, type Item, type Link } from './neighbourhood.ts';
import { STAGE_CONTROLS_BAND, StageContext } from './stage.ts';

const NOTHING_KEPT = { graph: { nodes: [], edges: [] }, keep: undefined };

/**
 * `view` with the edges `keep` names between its drawn nodes, when its budget left them out: they
 * take the places of its last edges, so it still draws at most as many.
 */
function withKept<N extends Item, E extends Link>(view: GraphView<N, E>, edges: readonly E[], keep: ((e: E) => boolean) | undefined): GraphView<N, E> {
  if (!view.capped || !keep) return view;
  const drawnNodes = new Set(view.nodes.map((n) => n.id));
  const drawnEdges = new Set(view.edges.map((e) => e.id));
  const missing = edges.filter((e) => keep(e) && !drawnEdges.has(e.id) && drawnNodes.has(e.source) && drawnNodes.has(e.target));
  if (missing.length === 0) return view;
  return { ...view, edges: [...view.edges.slice(0, Math.max(0, view.edges.length - missing.length)), ...missing] };
}

/** What a layout places: the nodes in order with their sizes and pinned ranks, and the direction. */
function placingKey(input: { nodes: readonly LayoutNode[]; direction: string }): string {
  let key = input.direction;
  for (const n of input.nodes) key += `\n${n.id}\t${n.width}\t${n.height}\t${n.rank ?? ''}`;
  return key;
}

export interface DrawnGraph<N extends Item, E extends Link> {
  view: GraphView<N, E>;
  /** Positions of the drawn nodes. */
  layout: Readonly<Record<string, XY>>;
  /** Stores moved positions: in the document for a whole graph, in the view for a capped one. */
  onMove(positions: Record<string, XY>, key: string): void;
  /** Where the bands of a capped view's wrapped layout lie (undefined when it is not wrapped). */
  bands: Bands | undefined;
  /**
   * The layout made for the canvas's pane (on stage, or Simulate's), when it replaces the
   * document's: a new one moves every node, so the canvas fits its view to it again.
   */
  paneLayout: Readonly<Record<string, XY>> | undefined;
}

export function useGraphView<N extends Item, E extends Link>(
  graph: { nodes: readonly N[]; edges: readonly E[] },
  focus: { node: string; key: object } | undefined,
  docLayout: Readonly<Record<string, XY>>,
  /** The view's layout input; `onStage`: sized as the presenter draws its nodes (see PhaseNode). */
  layoutInput: (view: GraphView<N, E>, onStage?: boolean) => { nodes: LayoutNode[]; edges: LayoutEdge[]; direction: 'RIGHT' | 'DOWN' },
  storeMove: (positions: Record<string, XY>, key: string) => void,
  page?: Page,
  /**
   * Edges a capped view draws whenever both their ends are drawn, past its edge budget: the
   * selected rule's (the edge a Connect just made must show, not fall outside the 200 kept).
   */
  keep?: (e: E) => boolean,
  /** Requests to lay a capped view out again (Auto layout; `viewLayoutRequests.ts`): each new count does, forgetting moved nodes. */
  relayouts = 0,
): DrawnGraph<N, E> {
  const [centre, setCentre] = useState<string | undefined>(undefined);
  const [moved, setMoved] = useState<Record<string, XY>>({});
  const [seen, setSeen] = useState<object | undefined>(undefined);
  // A big graph is drawn in a render of its own after the rest of the page (a transition, first
  // with nothing), so taking in a big import is not one long task.
  // The edges to keep are deferred with the graph: a Connect selects its new rule in the same
  // update, and that rule's index read against the graph before the edit kept another rule's edges
  // (a layout and label plan of a view drawn for nothing, then the view jumped again).
  const big = graph.nodes.length > GRAPH_CAP.nodes || graph.edges.length > GRAPH_CAP.edges;
  const now = useMemo(() => ({ graph, keep }), [graph, keep]);
  const deferred = useDeferredValue<{ graph: { nodes: readonly N[]; edges: readonly E[] }; keep: typeof keep }>(now, big ? NOTHING_KEPT : now);
  const { graph: drawn, keep: drawnKeep } = big ? deferred : now;
  const around = useMemo(() => neighbourhood(drawn, centre), [drawn, centre]);
  const view = useMemo(() => withKept(around, drawn.edges, drawnKeep), [around, drawn, drawnKeep]);
  if (focus && focus.key !== seen) {
    setSeen(focus.key);
    if (view.capped && focus.node !== view.centre && !view.nodes.some((n) => n.id === focus.node)) {
      setCentre(focus.node);
      setMoved({});
    }
  }
  // Laid out again for a new page, the view forgets where nodes were moved.
  const [pageSeen, setPageSeen] = useState(page);
  if (page !== pageSeen) {
    setPageSeen(page);
    setMoved({});
  }
  const { capped } = view;
  // The layout input depends on the view only.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const input = useMemo(() => (capped ? layoutInput(view) : undefined), [view, capped]);
  // A capped view is laid out again only when what it places changes (its nodes, their sizes and
  // pinned ranks, the page): an edge drawn or a rule edited between the tools it shows leaves every
  // node where it was, as in a whole graph's layout, instead of moving the whole view.
  const placing = input ? placingKey(input) : '';
  const [laid, setLaid] = useState<{ placing: string; page: Page | undefined; relayouts: number; layout: Readonly<Record<string, XY>> } | undefined>(undefined);
  let own = laid?.layout;
  if (!input) own = undefined;
  else if (!laid || laid.placing !== placing || laid.page !== page || laid.relayouts !== relayouts) {
    own = layeredLayout(input.nodes, input.edges, page ? { direction: input.direction, wrap: page } : { direction: input.direction });
    if (laid && laid.relayouts !== relayouts) setMoved({});
    setLaid({ placing, page, relayouts, layout: own });
  }
  const stage = useContext(StageContext);
  const { pane, on } = stage;
  const { padding, minPadding } = stage.view;
  const staged = useMemo(() => {
    if (!pane) return undefined;
    const base = own ?? docLayout;
    // laid out for the pane less the zoom controls' band, as the camera fits it
    const room = { width: pane.width - STAGE_CONTROLS_BAND.left, height: pane.height };
    // Simulate's fit shrinks the padding (down to minPadding) to show a graph whole at the readable
    // zoom, so its pages are measured with that padding (review14: Claude Code's three columns missed
    // 1280×720's pane by a few pixels and were laid out in two, below the fold).
    const laid = on ? stageLayout(layoutInput(view, true), base, room, padding) : stageLayout(layoutInput(view), base, room, minPadding ?? padding, undefined, SIMULATE_FIT);
    return laid === base ? undefined : laid;
    // The layout input depends on the view only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pane, on, padding, minPadding, view, own, docLayout]);
  const [stagedSeen, setStagedSeen] = useState(staged);
  if (staged !== stagedSeen) {
    setStagedSeen(staged);
    setMoved({});
  }
  const layout = useMemo(() => (staged ? { ...staged, ...moved } : own ? { ...own, ...moved } : docLayout), [staged, own, moved, docLayout]);
  const local = capped || (staged !== undefined && on);
  const onMove = useCallback(
    (positions: Record<string, XY>, key: string) => {
      if (local) setMoved((m) => ({ ...m, ...positions }));
      // A node moved in Simulate's layout: that layout, as the user now arranges it, becomes the document's.
      else if (staged) storeMove({ ...staged, ...positions }, key);
      else storeMove(positions, key);
    },
    [local, staged, storeMove],
  );
  return { view, layout, onMove, bands: own ? bandsOf(own) : undefined, paneLayout: staged };
}
