/**
 * The React Flow surface shared by the tool and workflow canvases: local node state for smooth
 * dragging (positions are stored on drag stop), selection mapped to the store, Delete and arrow
 * keys, and a fit to the selected node when the selection comes from elsewhere (Problems).
 */
import { useCallback, useContext, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  Background,
  ControlButton,
  Controls,
  MiniMap,
  ReactFlow,
  applyNodeChanges,
  useNodesInitialized,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type EdgeTypes,
  type Node,
  type NodeChange,
  type NodeTypes,
} from '@xyflow/react';
import type { XY } from '../state/documents.ts';
import { reconcileEdges, reconcileNodes } from './reconcile.ts';
import { ARROW_STEP, arrowDirection, isTextTarget } from './keys.ts';
import { STAGE_CONTROLS_BAND, StageContext } from './stage.ts';
import { WHOLE_MIN_ZOOM, boundsOf, centreAcross, planViewport, startOf, wholeView, type Box, type Inset } from '../layout/viewport.ts';
import type { Page } from '../layout/wrap.ts';
import { keepInView } from '../layout/follow.ts';
import { chromeOverlap, clearOfChrome } from '../layout/chrome.ts';
import { onFitRequest } from './fitRequests.ts';
import { stageViewport } from './stageView.ts';
import { useStagedEdges } from './useStagedEdges.ts';
import { Icon } from '../components/ui/Icon.tsx';
import { dict } from '../../core/model/ownKeys.ts';
import { useUi, useUiStore } from '../state/uiContext.tsx';
import { cameraMs } from './motion.ts';

export interface FlowViewProps<N extends Node, E extends Edge> {
  nodes: N[];
  edges: E[];
  nodeTypes: NodeTypes;
  edgeTypes: EdgeTypes;
  /** A node (or, with `nodes`, several: a paste) to bring into view, once per key (an external selection). */
  focus?: { node: string; nodes?: readonly string[] | undefined; key: object } | undefined;
  /** The selected nodes: one, or several (Ctrl+A, Shift+click, a Shift+drag box). */
  selectedNodes: readonly string[];
  onSelectNode(id: string): void;
  /** Two or more nodes picked together (Shift+click onto a selection, a Shift+drag box). */
  onSelectNodes(ids: readonly string[]): void;
  onSelectEdge(id: string): void;
  onClearSelection(): void;
  onMoveNodes(positions: Record<string, XY>, key: string): void;
  onConnect(connection: Connection): void;
  isValidConnection?(c: Connection | Edge): boolean;
  onDeleteSelection(): void;
  /** The document shown (fit requests name it). */
  docId: string;
  /** The way the graph reads: the minimap sits at the bottom for RIGHT, on the right for DOWN. */
  direction: 'RIGHT' | 'DOWN';
  /** Nodes the simulator's current step is about (kept in view). */
  stepNodes?: readonly string[] | undefined;
  /** A node a fit keeps in view when no node is selected and no step shown: the selected rule's, else the first problem's (see attention.ts). */
  attention?: string | undefined;
  /** Screen pixels at the top of the canvas that a bar takes (a capped graph's banner): the view starts under it. */
  reserveTop?: number;
  /**
   * A capped graph's view, to be laid out for the canvas: told the page its layout may fill (graph
   * units at the readable zoom, beside the side bands, see `wrap.ts`) whenever the canvas changes size.
   */
  onPage?(page: Page): void;
  /** The layout fills the page: fits keep the minimap's band on the right and the zoom controls' on the left, not a bottom band. */
  fill?: boolean;
  /** Where a fit that cannot show the whole graph starts (a capped view: the band of its centre); the graph's first node when absent. */
  fitStart?: { x: number; y: number } | undefined;
}

/** The minimap's size: the fit keeps a band this big free (see `planViewport`'s inset). */
const MINIMAP = { width: 160, height: 100 };
/** The smallest pane that shows the minimap (outside the presenter): smaller, it would cover too much of the graph. */
const MINIMAP_ROOM = { width: 420, height: 260 };
const NO_INSET = {};
/** How far an edge turning back to the next row runs past the nodes (edgeRoute's stub and a handle, graph units). */
const EDGE_TURN = 26;

/** Whether an edge ends before its source along the reading direction (it then routes around, outside the nodes). */
function hasBackEdge(nodes: readonly Node[], edges: readonly Edge[], direction: 'RIGHT' | 'DOWN'): boolean {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return edges.some((e) => {
    const s = byId.get(e.source);
    const t = byId.get(e.target);
    if (!s || !t || s === t) return false;
    return direction === 'RIGHT' ? t.position.x < s.position.x + (s.measured?.width ?? 0) : t.position.y < s.position.y + (s.measured?.height ?? 0);
  });
}
/**
 * The boxes of the edges drawn in the pane `el` (their lines and their labels), in graph units
 * under the camera `v`: an edge routed around the nodes (a loop back to the start) and its label
 * lie outside the nodes' box, and every fit of the whole graph keeps them in view (review14:
 * `restart_cycle` was drawn past the stage's edge, `assess_incomplete` past Design's).
 */
function drawnEdgeBoxes(el: HTMLElement, v: { x: number; y: number; zoom: number }): Box[] {
  const pane = el.getBoundingClientRect();
  return [...el.querySelectorAll('.react-flow__edge-path, .rs-edge-label')].flatMap((e) => {
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return [];
    return [{ x: (r.left - pane.left - v.x) / v.zoom, y: (r.top - pane.top - v.y) / v.zoom, width: r.width / v.zoom, height: r.height / v.zoom }];
  });
}
/**
 * The whole graph as the pane `el` draws it, in graph units under the camera `v`: the nodes' box
 * `nodesBox`, the room an edge going back turns in past the nodes (edgeRoute's stub, past the
 * handle: kept before the edges are drawn), and every edge line and label as drawn. Every fit of
 * the whole graph, on stage and off, shows this box, or a line and its label are cut at the edge.
 */
function drawnGraphBox(el: HTMLElement, v: { x: number; y: number; zoom: number }, nodesBox: Box, backEdge: boolean, direction: 'RIGHT' | 'DOWN'): Box {
  const turn = backEdge ? EDGE_TURN : 0;
  const turned = direction === 'RIGHT' ? { ...nodesBox, x: nodesBox.x - turn, width: nodesBox.width + 2 * turn } : { ...nodesBox, y: nodesBox.y - turn, height: nodesBox.height + 2 * turn };
  return boundsOf([turned, ...drawnEdgeBoxes(el, v)]) ?? turned;
}
/** Shift+click (as in Figma and tldraw), or Ctrl/Cmd+click (as in React Flow), adds a node to the selection or takes it out. */
const MULTI_KEYS = ['Shift', 'Meta', 'Control'];
/**
 * Graphs up to this many nodes draw every node, in view or not: a fit stops at readable text, so a
 * middling graph has nodes out of view, and drawn they stay in the Tab order (focusing one pans to
 * it) and in the accessibility tree. Bigger graphs draw what is in view only.
 */
const ALL_DRAWN_UP_TO = 60;
const BOTTOM_BAND = { bottom: MINIMAP.height + 16 };
const RIGHT_BAND = { right: MINIMAP.width + 16 };
/** A page-filling view: the minimap's band on the right, the zoom controls' (26 px wide, 15 px in) on the left. */
const SIDE_BANDS = { right: MINIMAP.width + 16, left: 48 };

/** React Flow's margin around a panel (the minimap's), and the minimap's border. */
const PANEL_MARGIN = 15;
const MINIMAP_BORDER = 1;

/** Where the minimap lies in a pane of `width` × `height` (bottom right), drawn or not. */
function minimapBox(width: number, height: number): Box {
  const w = MINIMAP.width + 2 * MINIMAP_BORDER;
  const h = MINIMAP.height + 2 * MINIMAP_BORDER;
  return { x: width - PANEL_MARGIN - w, y: height - PANEL_MARGIN - h, width: w, height: h };
}

/** The boxes of the canvas's zoom controls in the pane `el`'s screen pixels, as drawn now. */
function controlsOf(el: HTMLElement): Box[] {
  const pane = el.getBoundingClientRect();
  return [...el.querySelectorAll('.react-flow__controls')].flatMap((c) => {
    const r = c.getBoundingClientRect();
    return r.width > 0 && r.height > 0 ? [{ x: r.left - pane.left, y: r.top - pane.top, width: r.width, height: r.height }] : [];
  });
}

/** Whether `b` (graph units) lies whole inside a pane of `size` under the camera `v`. */
function wholeIn(b: Box, v: { x: number; y: number; zoom: number }, size: { width: number; height: number }): boolean {
  const x0 = b.x * v.zoom + v.x;
  const y0 = b.y * v.zoom + v.y;
  return x0 >= -1 && y0 >= -1 && x0 + b.width * v.zoom <= size.width + 1 && y0 + b.height * v.zoom <= size.height + 1;
}

/** The page a view of `width` × `height` screen pixels shows whole at its readable zoom, in graph units. */
function pageOf(width: number, height: number, inset: Inset, padding: number, zoom: number): Page {
  const w = width - 2 * padding - (inset.left ?? 0) - (inset.right ?? 0);
  const h = height - 2 * padding - (inset.top ?? 0) - (inset.bottom ?? 0);
  return { width: Math.max(1, Math.floor(w / zoom)), height: Math.max(1, Math.floor(h / zoom)), below: Math.ceil(padding / zoom) };
}

export function FlowView<N extends Node, E extends Edge>(props: FlowViewProps<N, E>) {
  const { setViewport, getNodes, getViewport } = useReactFlow();
  const stage = useContext(StageContext);
  const { direction } = props;
  const initialized = useNodesInitialized();
  const host = useRef<HTMLDivElement>(null);
  const [nodes, setNodes] = useState<N[]>(props.nodes);
  const [source, setSource] = useState(props.nodes);
  if (source !== props.nodes) {
    setSource(props.nodes);
    setNodes(reconcileNodes(nodes, props.nodes));
  }
  // Edge objects kept where nothing changed (a simulator step changes one edge's class at most).
  const [edges, setEdges] = useState<E[]>(props.edges);
  const [edgeSource, setEdgeSource] = useState(props.edges);
  if (edgeSource !== props.edges) {
    setEdgeSource(props.edges);
    setEdges(reconcileEdges(edges, props.edges));
  }

  // Many new nodes are drawn a frame before their edges (see useStagedEdges).
  const drawnEdges = useStagedEdges(props.nodes, edges);
  const edgesRef = useRef(edges);
  useEffect(() => {
    edgesRef.current = edges;
  }, [edges]);

  const { onSelectNode, onSelectNodes, onSelectEdge, onMoveNodes } = props;
  const selectedNodesRef = useRef(props.selectedNodes);
  useEffect(() => {
    selectedNodesRef.current = props.selectedNodes;
  }, [props.selectedNodes]);
  /** While a Shift+drag box is drawn: the edges it takes in are not selected (the nodes are). */
  const boxing = useRef(false);
  const onNodesChange = useCallback(
    (changes: NodeChange<N>[]) => {
      // React Flow reports selection as changes of each node; the store's selection is the result:
      // a plain click selects one (the others are unselected), Shift+click adds or takes one out.
      const picked = new Set(selectedNodesRef.current);
      let selecting = false;
      const local: NodeChange<N>[] = [];
      for (const c of changes) {
        if (c.type === 'select') {
          selecting = true;
          if (c.selected) picked.add(c.id);
          else picked.delete(c.id);
        } else if (c.type === 'position' || c.type === 'dimensions') local.push(c);
      }
      if (local.length > 0) setNodes((ns) => applyNodeChanges(local, ns));
      // None left: an edge was clicked (its own change selects it) or the pane (which clears).
      if (!selecting || picked.size === 0) return;
      if (picked.size === 1) onSelectNode([...picked][0] as string);
      else onSelectNodes([...picked]);
    },
    [onSelectNode, onSelectNodes],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange<E>[]) => {
      if (boxing.current) return;
      for (const c of changes) if (c.type === 'select' && c.selected) onSelectEdge(c.id);
    },
    [onSelectEdge],
  );
  const onSelectionStart = useCallback(() => {
    boxing.current = true;
  }, []);
  const onSelectionEnd = useCallback(() => {
    boxing.current = false;
  }, []);
  const onNodeDragStop = useCallback(
    (_e: unknown, _node: N, dragged: N[]) => {
      const positions = dict<XY>();
      for (const n of dragged) positions[n.id] = { x: Math.round(n.position.x), y: Math.round(n.position.y) };
      onMoveNodes(positions, `drag:${Object.keys(positions).join(',')}`);
    },
    [onMoveNodes],
  );

  const onKeyDownCapture = (e: KeyboardEvent<HTMLDivElement>) => {
    if (isTextTarget(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      e.stopPropagation();
      props.onDeleteSelection();
      return;
    }
    // Escape lets go of the selection, as in Figma and tldraw (the presenter still hears it: it leaves).
    // React Flow's own Escape on a focused node would select it again: this one is the studio's.
    if (e.key === 'Escape' && !stage.on) {
      e.preventDefault();
      e.stopPropagation();
      props.onClearSelection();
      return;
    }
    const dir = arrowDirection(e.key);
    const ids = new Set(props.selectedNodes);
    const moving = ids.size > 0 ? nodes.filter((n) => ids.has(n.id)) : [];
    if (!dir || moving.length === 0) return;
    e.preventDefault();
    e.stopPropagation();
    // The selected nodes move together, one undo step per run of presses.
    const step = ARROW_STEP * (e.shiftKey ? 5 : 1);
    const positions = dict<XY>();
    for (const n of moving) positions[n.id] = { x: Math.round(n.position.x + dir.x * step), y: Math.round(n.position.y + dir.y * step) };
    onMoveNodes(positions, `move:${moving.map((n) => n.id).join(',')}`);
  };

  // The band the fit keeps free for the minimap (and the notices), which following also respects.
  const reserveTop = stage.on ? 0 : (props.reserveTop ?? 0);
  const fill = props.fill === true;
  // A pane too small to spare the minimap's corner (a tall bottom panel open) shows none: it
  // would cover a third of the graph and shrink what the fit can show.
  const [roomy, setRoomy] = useState(true);
  useEffect(() => {
    const el = host.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setRoomy(el.clientWidth === 0 || (el.clientWidth >= MINIMAP_ROOM.width && el.clientHeight >= MINIMAP_ROOM.height));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // The minimap off stage: hidden by the user (the toggle in the controls, remembered with the
  // layout), or by the last fit, which could not keep the graph clear of it (`auto`) unless the
  // user asked for it back (`shownByUser`, this canvas's lifetime).
  const ui = useUiStore();
  const mapHidden = useUi((s) => s.collapsed['minimap'] === true);
  const [auto, setAuto] = useState(false);
  const [shownByUser, setShownByUser] = useState(false);
  const mapRoom = !stage.on && roomy;
  const mapShown = mapRoom && nodes.length > 0 && !mapHidden && (!auto || shownByUser);
  const mapInset = stage.on || roomy ? (fill && !stage.on ? SIDE_BANDS : direction === 'RIGHT' ? BOTTOM_BAND : RIGHT_BAND) : NO_INSET;
  const inset = stage.on || mapShown ? mapInset : NO_INSET;
  const pageInset = stage.on ? NO_INSET : SIDE_BANDS;
  // A page-filling view is told its page now and whenever the canvas changes size.
  const { onPage } = props;
  useEffect(() => {
    const el = host.current;
    if (!el || !onPage) return;
    const report = () => {
      if (el.clientWidth > 0) onPage(pageOf(el.clientWidth, el.clientHeight, pageInset, stage.view.padding, stage.view.minZoom));
    };
    report();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(report);
    ro.observe(el);
    return () => ro.disconnect();
  }, [onPage, pageInset, stage.view]);
  const fitStartRef = useRef(props.fitStart);
  useEffect(() => {
    fitStartRef.current = props.fitStart;
  }, [props.fitStart]);
  /** Whether the user moved the camera since the last automatic fit (then a resize keeps their view). */
  const moved = useRef(false);
  /** Whether the last fit was "Fit view" (the whole graph): a resize fits the whole again. */
  const wholeFit = useRef(false);
  const userMove = useCallback((e?: unknown) => {
    // React Flow passes the pointer or wheel event for a user's move, null for a programmatic one.
    if (e !== null) moved.current = true;
  }, []);
  // On stage the presenter names the nodes to keep in view (its current call's and deciding rule's).
  const followed = stage.on && stage.focus !== undefined ? stage.focus : props.stepNodes;
  const selectedRef = useRef(props.selectedNodes[0]);
  useEffect(() => {
    selectedRef.current = props.selectedNodes[0];
  }, [props.selectedNodes]);
  const stepRef = useRef(followed);
  useEffect(() => {
    stepRef.current = followed;
  }, [followed]);
  const attentionRef = useRef(props.attention);
  useEffect(() => {
    attentionRef.current = props.attention;
  }, [props.attention]);
  /** On stage: whether the graph is larger than the view at its readable zoom (then a minimap shows the whole). */
  const [overflow, setOverflow] = useState(false);
  const boxesOf = useCallback(
    (only?: readonly string[]) => {
      const all = getNodes();
      const chosen = only && only.length > 0 ? all.filter((n) => only.includes(n.id)) : all;
      return chosen.map((n) => ({ x: n.position.x, y: n.position.y, width: n.measured?.width ?? n.width ?? 0, height: n.measured?.height ?? n.height ?? 0 }));
    },
    [getNodes],
  );

  // Fit after open, whenever a layout asks (auto layout, first placement) and when the canvas
  // changes size (a mode switch, a panel resized) unless the user has moved the camera: the whole
  // graph when it is readable, else its start region at the readable zoom (the minimap shows the
  // rest), shifted just enough to show the simulator's current step or the selected node. `whole`
  // ("Fit view") shows the whole graph however small.
  const wholeOf = useCallback((el: HTMLElement, nodesBox: Box) => drawnGraphBox(el, getViewport(), nodesBox, hasBackEdge(getNodes(), edgesRef.current, direction), direction), [getViewport, getNodes, direction]);
  const fitNow = useCallback(
    (only?: readonly string[], animate = stage.on, whole = false) => {
      const el = host.current;
      const boxes = boxesOf(only);
      const nodesBox = boundsOf(boxes);
      // the whole graph as drawn (off stage a fit is always of the whole graph)
      const b = el && nodesBox && !stage.on ? wholeOf(el, nodesBox) : nodesBox;
      if (el && stage.on) {
        // The whole graph, or the readable zoom panned to the step's nodes (see stageView.ts).
        const all = boxesOf();
        const allBox = boundsOf(all);
        if (!allBox) return;
        const whole = wholeOf(el, allBox);
        // Each focused node on its own, the most important first (see stageViewport).
        const focus = only && only.length > 0 && boxes.length < all.length ? only.flatMap((id) => boxesOf([id])) : [];
        const planned = stageViewport(whole, focus, el.clientWidth, el.clientHeight, stage.view, inset, startOf(all, direction) ?? whole, getViewport(), STAGE_CONTROLS_BAND);
        setOverflow(!planned.whole);
        moved.current = false;
        void setViewport(planned.viewport, { duration: animate ? cameraMs(400) : 0 });
        return;
      }
      if (!el || !b) return;
      const start = only === undefined || only.length === 0 ? (fitStartRef.current ?? startOf(boxes, direction)) : startOf(boxes, direction);
      wholeFit.current = whole;
      const { clientWidth: width, clientHeight: height } = el;
      // The simulator's step, else the selected node, else the first problem's, stays in view when
      // the whole graph cannot be.
      const selected = selectedRef.current ?? attentionRef.current;
      const ids = stepRef.current && stepRef.current.length > 0 ? stepRef.current : selected !== undefined ? [selected] : undefined;
      const step = !stage.on && !whole && ids && ids.length > 0 ? boundsOf(boxesOf(ids)) : undefined;
      // Too big to show whole: the start node centred across the reading direction (a capped view
      // starts at its band instead).
      const first = whole || fitStartRef.current !== undefined || !start ? undefined : boxes.find((x) => x.x === start.x && x.y === start.y);
      const all = boxesOf();
      const planFor = (bands: Inset) => {
        let plan = planViewport(b, width, height, whole ? wholeView(stage.view) : stage.view, bands, start);
        // A plan below the readable zoom shows the whole graph (wholeDownTo): nothing to centre on the start.
        if (first && plan.zoom >= stage.view.minZoom - 1e-9) plan = centreAcross(plan, first, b, width, height, bands, stage.view.padding, direction);
        if (step) plan = keepInView(plan, step, width, height, bands);
        return plan;
      };
      // No node under the zoom controls or the minimap (see chrome.ts). A fit that cannot keep the
      // graph clear of the minimap folds it into its button, and the graph takes the freed space.
      const size = { width, height, padding: stage.view.padding };
      const controls = controlsOf(el);
      const map = minimapBox(width, height);
      let plan: { x: number; y: number; zoom: number } | undefined;
      if (mapRoom && !mapHidden) {
        // The minimap's box as chrome, with no band first: a graph that fits the pane beside it gets the whole pane.
        const withMap = clearOfChrome(planFor, NO_INSET, all, [...controls, map], size);
        const clear = chromeOverlap(withMap, all, [map]) === 0;
        setAuto(!clear);
        if (clear || shownByUser) plan = withMap;
      }
      plan ??= clearOfChrome(planFor, NO_INSET, all, controls, size);
      moved.current = false;
      void setViewport(plan, { duration: animate ? cameraMs(300) : 0 });
    },
    [boxesOf, wholeOf, setViewport, getViewport, stage, direction, inset, mapRoom, mapHidden, shownByUser],
  );
  const fitRef = useRef(fitNow);
  useEffect(() => {
    fitRef.current = fitNow;
  }, [fitNow]);
  /** The minimap's toggle: hiding is remembered; showing one the fit folded keeps it for this canvas. The view fits the new space unless the user moved it. */
  const toggleMap = useCallback(() => {
    if (mapShown) {
      ui.getState().setCollapsed('minimap', true);
      setShownByUser(false);
    } else {
      ui.getState().setCollapsed('minimap', false);
      setShownByUser(true);
    }
    if (!moved.current) window.requestAnimationFrame(() => window.requestAnimationFrame(() => fitRef.current(undefined, false, wholeFit.current)));
  }, [mapShown, ui]);
  // A graph that appears is fitted once its nodes are measured and its pane has a size: the canvas
  // mounts per document, and a graph that had no nodes (a file that did not read yet, a big
  // graph's first frame) appears again when it gets some. An edit to a drawn graph keeps the
  // camera: a node it adds is measured too (React Flow's `initialized` goes false and back), but
  // the graph did not appear.
  const unfitted = useRef(true);
  const empty = nodes.length === 0;
  useEffect(() => {
    if (empty) unfitted.current = true;
  }, [empty]);
  useEffect(() => {
    const el = host.current;
    if (!initialized || !unfitted.current || !el || el.clientWidth === 0 || el.clientHeight === 0) return;
    unfitted.current = false;
    // Placed, not animated: a graph appearing has nowhere to move from, and on stage the first
    // animation was cut short as the stage settled, leaving the view part way (review16: a new
    // agent opened zoomed out and cropped on stage, and jumped at the first step).
    fitNow(stage.on ? stepRef.current : undefined, false);
    // When the nodes are measured, after the graph appeared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialized]);
  // The band at the top came or changed (the banner of a capped graph was measured): fit again
  // unless the user has moved the camera.
  useEffect(() => {
    if (initialized && !moved.current) fitNow(stage.on ? stepRef.current : undefined, false, wholeFit.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reserveTop]);
  const { docId } = props;
  // A request before the nodes are measured is left to the fit on their measurement (it comes, and
  // a fit of unmeasured boxes would animate to a wrong view first). On stage the step's nodes stay in view.
  const initializedRef = useRef(initialized);
  useEffect(() => {
    initializedRef.current = initialized;
  }, [initialized]);
  useEffect(
    () =>
      onFitRequest((id, whole) => {
        if (id !== undefined && id !== docId) return;
        window.requestAnimationFrame(() => {
          if (!initializedRef.current && unfitted.current) return;
          fitNow(stage.on ? stepRef.current : undefined, undefined, whole);
        });
      }),
    [docId, fitNow, stage.on],
  );
  // Any change of the pane's size (a panel folded or resized, the mode switched, the presenter
  // closed, the window resized) fits again: always when the user has not moved the camera by hand
  // since the last fit, and also when they have but the graph was whole in view and no longer is
  // (a node would be left cut at the edge). The last size lives outside the effect, so a size
  // change that comes with a re-run of the effect (the presenter closing) is not missed.
  const lastSize = useRef<{ width: number; height: number } | undefined>(undefined);
  useEffect(() => {
    const el = host.current;
    if (!el || !initialized) return;
    const check = () => {
      const now = { width: el.clientWidth, height: el.clientHeight };
      const before = lastSize.current;
      if (now.width === 0 || now.height === 0) return;
      lastSize.current = now;
      // The graph appeared while the pane had no size (a maximised panel over it): fitted now.
      if (unfitted.current) {
        unfitted.current = false;
        fitNow(stage.on ? stepRef.current : undefined);
        return;
      }
      if (!before || (before.width === now.width && before.height === now.height)) return;
      const b = boundsOf(boxesOf());
      const cut = b !== undefined && moved.current && wholeIn(b, getViewport(), before) && !wholeIn(b, getViewport(), now);
      if (!moved.current || cut) fitNow(stage.on ? stepRef.current : undefined, false, wholeFit.current);
    };
    check();
    if (typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const ro = new ResizeObserver(() => {
      window.cancelAnimationFrame(frame);
      frame = window.requestAnimationFrame(check);
    });
    ro.observe(el);
    return () => {
      window.cancelAnimationFrame(frame);
      ro.disconnect();
    };
  }, [initialized, fitNow, stage.on, boxesOf, getViewport]);
  const stepKey = followed?.join('\n') ?? '';
  useEffect(() => {
    if (!initialized || stepKey === '') return;
    const ids = stepKey.split('\n');
    if (stage.on) {
      fitNow(ids);
      return;
    }
    // Keep the step's node in view on the canvas: pan only when it leaves the view, and no further than needed.
    // The pan is a jump, not an animation: each frame of an animated pan re-rendered the canvas
    // (edges entering the view mounted and measured their labels), and stepping on through a run
    // met the last step's pan still going (profiled: two thirds of the page's work per step).
    const el = host.current;
    const b = boundsOf(boxesOf(ids));
    if (!el || !b || b.width === 0) return;
    const now = getViewport();
    const next = keepInView(now, b, el.clientWidth, el.clientHeight, inset);
    if (next !== now) void setViewport(next, { duration: 0 });
  }, [stepKey, initialized, stage.on, fitNow, boxesOf, getViewport, setViewport, inset]);

  // The browser scrolls React Flow's wrapper (overflow hidden, yet scrollable by script) to reveal
  // a node past the pane's edge: find in page, assistive technology, a focus without preventScroll,
  // a test's click. React Flow scrolls it straight back, so the node jumped back out of view and a
  // click aimed at where it was shown met the pane (look.spec's flaky click on `load`). The scroll
  // becomes a pan by the same distance: the node stays where the browser put it. Heard in the
  // capture phase, before React Flow's own listener resets the scroll.
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const onScroll = (e: Event) => {
      const wrapper = e.target;
      if (!(wrapper instanceof HTMLElement) || !wrapper.classList.contains('react-flow')) return;
      const { scrollLeft: dx, scrollTop: dy } = wrapper;
      if (dx === 0 && dy === 0) return;
      // A node reached by Tab: React Flow has already centred it (its autoPanOnNodeFocus).
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && wrapper.contains(focused) && focused.classList.contains('react-flow__node') && focused.matches(':focus-visible')) return;
      const now = getViewport();
      moved.current = true;
      void setViewport({ x: now.x - dx, y: now.y - dy, zoom: now.zoom }, { duration: 0 });
    };
    el.addEventListener('scroll', onScroll, true);
    return () => el.removeEventListener('scroll', onScroll, true);
  }, [getViewport, setViewport]);

  // An external selection (a problem clicked) brings its node into view: the least pan that shows
  // it, at the current zoom unless that is below the readable one. A node just added (T, Add tool,
  // a paste) is selected before it is drawn, so the view waits until React Flow has measured it;
  // then, unless the user has moved the camera since the last fit, the graph is fitted again with
  // it (a jump, as a step is followed), as the view of a graph that grows should.
  const focus = props.focus;
  const pendingFocus = useRef<{ nodes: readonly string[]; added: boolean } | undefined>(undefined);
  useEffect(() => {
    if (focus === undefined) return void (pendingFocus.current = undefined);
    const drawn = boundsOf(boxesOf([focus.node]));
    pendingFocus.current = { nodes: focus.nodes ?? [focus.node], added: !drawn || drawn.width === 0 };
    // Once per key: the key is the selection object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus?.key]);
  useEffect(() => {
    const el = host.current;
    const want = pendingFocus.current;
    const boxes = want === undefined || !initialized ? [] : boxesOf(want.nodes);
    // Every node drawn and measured (pasted nodes arrive together, each measured on its own).
    const b = want && boxes.length === want.nodes.length && boxes.every((x) => x.width > 0) ? boundsOf(boxes) : undefined;
    if (!el || !want || !b || b.width === 0) return;
    pendingFocus.current = undefined;
    if (want.added && !moved.current && !stage.on) return fitNow(undefined, false, wholeFit.current);
    const now = getViewport();
    const z = stage.view.minZoom;
    const base = now.zoom >= z ? now : { zoom: z, x: el.clientWidth / 2 - (b.x + b.width / 2) * z, y: el.clientHeight / 2 - (b.y + b.height / 2) * z };
    const next = keepInView(base, b, el.clientWidth, el.clientHeight, inset);
    if (next !== now) void setViewport(next, { duration: cameraMs(300) });
  }, [focus?.key, initialized, nodes, boxesOf, getViewport, setViewport, inset, stage.view.minZoom, stage.on, fitNow]);

  return (
    <div ref={host} className={stage.on ? 'rs-flow rs-stage' : 'rs-flow'} data-nodes={nodes.length} style={reserveTop > 0 ? { top: reserveTop } : undefined} onKeyDownCapture={onKeyDownCapture}>
      <ReactFlow<N, E>
        nodes={nodes}
        edges={drawnEdges}
        nodeTypes={props.nodeTypes}
        edgeTypes={props.edgeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onNodeDragStop={onNodeDragStop}
        onSelectionStart={onSelectionStart}
        onSelectionEnd={onSelectionEnd}
        onConnect={props.onConnect}
        nodesConnectable={!stage.on}
        {...(props.isValidConnection ? { isValidConnection: props.isValidConnection } : {})}
        onPaneClick={props.onClearSelection}
        deleteKeyCode={null}
        multiSelectionKeyCode={MULTI_KEYS}
        selectionKeyCode="Shift"
        onMoveStart={userMove}
        onlyRenderVisibleElements={nodes.length > ALL_DRAWN_UP_TO}
        minZoom={WHOLE_MIN_ZOOM}
        maxZoom={2}
        colorMode="system"
      >
        <Background gap={24} />
        <Controls showInteractive={false} showFitView={false} onZoomIn={userMove} onZoomOut={userMove}>
          <ControlButton className="react-flow__controls-fitview" title="Fit view: the whole graph (Shift+1)" aria-label="Fit view" onClick={() => fitNow(undefined, false, true)}>
            <Icon name="fit" />
          </ControlButton>
          {mapRoom && nodes.length > 0 ? (
            <ControlButton className="rs-minimap-toggle" title={mapShown ? 'Hide the minimap' : auto && !mapHidden ? 'Show the minimap (folded: it would cover the graph)' : 'Show the minimap'} aria-label="Minimap" aria-pressed={mapShown} onClick={toggleMap}>
              <Icon name="minimap" />
            </ControlButton>
          ) : null}
        </Controls>
        {(stage.on ? overflow : mapShown) ? <MiniMap pannable zoomable ariaLabel={stage.on ? 'Overview of the whole graph' : 'Minimap'} position="bottom-right" style={MINIMAP} /> : null}
      </ReactFlow>
    </div>
  );
}
