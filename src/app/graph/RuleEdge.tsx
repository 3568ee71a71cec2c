/**
 * An edge of either graph, routed off the nodes (see `edgeRoute.ts`): a curve when the way is
 * clear, an orthogonal detour around the nodes in the way otherwise (the back edges of a cycle go
 * around the row); its label sits on the clear part, where it covers no node and no other edge's
 * label, and where no other edge's line runs if it can (`labelPlan.ts`), in React Flow's label layer above every edge, so no line drawn later
 * (a parallel rule's, or one crossing it) strikes it through. A tooltip names its rule. Identical edges between the same two nodes
 * (their lines coincide) show one label, `before ×4`, whose tooltip names every rule.
 */
import { memo, useMemo } from 'react';
import { BaseEdge, EdgeLabelRenderer, Position, useStore, type Edge, type EdgeProps, type ReactFlowState } from '@xyflow/react';
import type { RuleEdgeData } from './flowElements.ts';
import type { Box } from '../layout/viewport.ts';
import { laneSlots, routeEdge, type LaneSlot } from './edgeRoute.ts';
import { placeLabels, type LabelSpot } from './labelPlan.ts';

const measureBoxes = (s: ReactFlowState): Map<string, Box> => {
  const out = new Map<string, Box>();
  for (const [id, n] of s.nodeLookup) {
    const p = n.internals.positionAbsolute;
    out.set(id, { x: p.x, y: p.y, width: n.measured.width ?? 0, height: n.measured.height ?? 0 });
  }
  return out;
};

/** Node boxes, recomputed only when a node moves or is measured again. */
const sameBoxes = (a: Map<string, Box>, b: Map<string, Box>) => {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [id, x] of a) {
    const y = b.get(id);
    if (!y || y.x !== x.x || y.y !== x.y || y.width !== x.width || y.height !== x.height) return false;
  }
  return true;
};

/**
 * The node boxes of a React Flow state, shared by every edge: measured once per store state (a
 * pan or zoom changes the state on every frame, and each of hundreds of edges measuring all the
 * nodes on its own cost more than the frame), and the same Map as before while no box changed,
 * so each edge's equality check is one comparison.
 */
let boxesState: ReactFlowState | undefined;
let boxesLast: Map<string, Box> = new Map();
const boxesOf = (s: ReactFlowState): Map<string, Box> => {
  if (s === boxesState) return boxesLast;
  boxesState = s;
  const next = measureBoxes(s);
  if (!sameBoxes(boxesLast, next)) boxesLast = next;
  return boxesLast;
};

type Direction = 'RIGHT' | 'DOWN';
/** Half a handle (10 px, centred on the node's border): where an edge leaves or enters a node. */
const HANDLE_OUT = 5;

function routeBetween(sx: number, sy: number, tx: number, ty: number, direction: Direction, source: string, target: string, boxes: Map<string, Box>, slot?: LaneSlot) {
  const ends: Box[] = [];
  const others: Box[] = [];
  for (const [id, b] of boxes) (id === source || id === target ? ends : others).push(b);
  return routeEdge(sx, sy, tx, ty, direction, ends, others, slot);
}

/** Where an edge leaves its source and enters its target, from the node boxes (as React Flow puts the handles). */
function handlesOf(s: Box, t: Box, direction: Direction): [number, number, number, number] {
  return direction === 'RIGHT' ? [s.x + s.width + HANDLE_OUT, s.y + s.height / 2, t.x - HANDLE_OUT, t.y + t.height / 2] : [s.x + s.width / 2, s.y + s.height + HANDLE_OUT, t.x + t.width / 2, t.y - HANDLE_OUT];
}

/**
 * The lane slots of a canvas's back edges (see `laneSlots`): edges that would run along one lane
 * (a wrapped layout's edges from one band to the next) each get their own, so each line and its
 * label read apart. Made once per edge list and node geometry, shared by the edges.
 */
const slotPlans = new WeakMap<readonly Edge[], { boxes: Map<string, Box>; direction: Direction; slots: Map<string, LaneSlot> }>();
function slotsOf(edges: readonly Edge[], boxes: Map<string, Box>, direction: Direction): Map<string, LaneSlot> {
  const cached = slotPlans.get(edges);
  if (cached && cached.direction === direction && sameBoxes(cached.boxes, boxes)) return cached.slots;
  const backs = [];
  for (const e of edges) {
    const s = boxes.get(e.source);
    const t = boxes.get(e.target);
    if (!s || !t || e.source === e.target) continue;
    const back = routeBetween(...handlesOf(s, t, direction), direction, e.source, e.target, boxes).back;
    if (back) backs.push({ id: e.id, back });
  }
  const slots = laneSlots(backs);
  slotPlans.set(edges, { boxes, direction, slots });
  return slots;
}

/**
 * The label placement of every edge of a canvas (one of each route's spots, maybe stacked), made once per
 * edge list and node geometry and shared by its edges. The routes are those the edges draw, from
 * the handles' places on the node boxes.
 */
const plans = new WeakMap<readonly Edge[], { boxes: Map<string, Box>; direction: Direction; plan: Map<string, LabelSpot> }>();
function labelPlanOf(edges: readonly Edge[], boxes: Map<string, Box>, direction: Direction): Map<string, LabelSpot> {
  const cached = plans.get(edges);
  if (cached && cached.direction === direction && sameBoxes(cached.boxes, boxes)) return cached.plan;
  const requests = [];
  const slots = slotsOf(edges, boxes, direction);
  for (const e of edges) {
    const text = (e.data as RuleEdgeData | undefined)?.label ?? '';
    const s = boxes.get(e.source);
    const t = boxes.get(e.target);
    // An edge without a label still counts: labels keep off its line.
    if (!s || !t) continue;
    const route = routeBetween(...handlesOf(s, t, direction), direction, e.source, e.target, boxes, slots.get(e.id));
    requests.push({ id: e.id, text, pair: `${e.source}>${e.target}`, spots: route.spots, line: route.line });
  }
  const plan = placeLabels(requests, [...boxes.values()]);
  plans.set(edges, { boxes, direction, plan });
  return plan;
}

const edgesOf = (s: ReactFlowState) => s.edges;
/**
 * Whether two edge lists place their labels alike (same edges, ends and labels): a simulator step
 * changes an edge's class, not where labels go, and must not re-render every edge.
 */
const sameLabelling = (a: readonly Edge[], b: readonly Edge[]) =>
  a === b ||
  (a.length === b.length &&
    a.every((e, i) => {
      const f = b[i]!;
      return e.id === f.id && e.source === f.source && e.target === f.target && (e.data as RuleEdgeData | undefined)?.label === (f.data as RuleEdgeData | undefined)?.label;
    }));

function RuleEdgeView(props: EdgeProps<Edge<RuleEdgeData>>) {
  const boxes = useStore(boxesOf, sameBoxes);
  const edges = useStore(edgesOf, sameLabelling);
  const { source, target, sourceX, sourceY, targetX, targetY, sourcePosition } = props;
  const direction: Direction = sourcePosition === Position.Bottom ? 'DOWN' : 'RIGHT';
  const slot = useMemo(() => slotsOf(edges, boxes, direction).get(props.id), [edges, boxes, direction, props.id]);
  const route = useMemo(() => routeBetween(sourceX, sourceY, targetX, targetY, direction, source, target, boxes, slot), [boxes, source, target, sourceX, sourceY, targetX, targetY, direction, slot]);
  const plan = useMemo(() => labelPlanOf(edges, boxes, direction), [edges, boxes, direction]);
  const place = plan.get(props.id);
  const [labelX, spotY] = route.spots[place?.spot ?? 0] ?? [route.labelX, route.labelY];
  const labelY = spotY + (place?.dy ?? 0);
  const label = place ? place.text : props.data?.label;
  const title = useMemo(() => {
    const group = place?.edges ?? [];
    if (group.length < 2 || place?.text === '') return props.data?.title;
    const byId = new Map(edges.map((e) => [e.id, e]));
    return group.map((id) => (byId.get(id)?.data as RuleEdgeData | undefined)?.title ?? id).join('\n');
  }, [place, edges, props.data?.title]);
  return (
    <g>
      <title>{title}</title>
      <BaseEdge id={props.id} path={route.path} {...(props.markerEnd !== undefined ? { markerEnd: props.markerEnd } : {})} interactionWidth={16} />
      {label ? (
        <EdgeLabelRenderer>
          <div className="rs-edge-label" data-edge={props.id} style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}>
            {label}
          </div>
        </EdgeLabelRenderer>
      ) : null}
    </g>
  );
}

export const RuleEdge = memo(RuleEdgeView);
