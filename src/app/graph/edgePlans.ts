/**
 * What the edges of a canvas share, worked out once per edge list and node geometry: the lane
 * slots of back edges and the placement of every label (`labelPlan.ts`), from the routes the
 * edges draw (`edgeRoute.ts`) between the handles' places on the node boxes. Pure: `RuleEdge.tsx`
 * draws with it, and it is tested without a browser.
 */
import type { Edge } from '@xyflow/react';
import type { RuleEdgeData } from './flowElements.ts';
import type { Box } from '../layout/viewport.ts';
import { laneSlots, routeEdge, type LaneSlot, type Route } from './edgeRoute.ts';
import { placeLabels, type LabelSpot } from './labelPlan.ts';

/** Node boxes, recomputed only when a node moves or is measured again. */
export const sameBoxes = (a: Map<string, Box>, b: Map<string, Box>) => {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [id, x] of a) {
    const y = b.get(id);
    if (!y || y.x !== x.x || y.y !== x.y || y.width !== x.width || y.height !== x.height) return false;
  }
  return true;
};

/**
 * Whether two edge lists place their labels alike (same edges, ends and labels): a simulator step
 * changes an edge's class, not where labels go, and must not re-render every edge.
 */
export const sameLabelling = (a: readonly Edge[], b: readonly Edge[]) =>
  a === b ||
  (a.length === b.length &&
    a.every((e, i) => {
      const f = b[i]!;
      return e.id === f.id && e.source === f.source && e.target === f.target && (e.data as RuleEdgeData | undefined)?.label === (f.data as RuleEdgeData | undefined)?.label;
    }));

export type Direction = 'RIGHT' | 'DOWN';
/** Half a handle (10 px, centred on the node's border): where an edge leaves or enters a node. */
const HANDLE_OUT = 5;

/**
 * Routes made, by the node boxes they were made among (the Map every edge of a canvas shares while
 * no box changes) and their ends: an edge's route is worked out once for its lane slot, its label's
 * place and its drawing, not three times (each goes through every node box).
 */
const routesByBoxes = new WeakMap<Map<string, Box>, Map<string, Route>>();

export function routeBetween(sx: number, sy: number, tx: number, ty: number, direction: Direction, source: string, target: string, boxes: Map<string, Box>, slot?: LaneSlot): Route {
  let routes = routesByBoxes.get(boxes);
  if (routes === undefined) routesByBoxes.set(boxes, (routes = new Map()));
  const key = `${sx},${sy},${tx},${ty},${direction},${slot ? `${slot.rank}/${slot.of}/${slot.out}` : ''}\n${source}\n${target}`;
  const made = routes.get(key);
  if (made) return made;
  const ends: Box[] = [];
  const others: Box[] = [];
  for (const [id, b] of boxes) (id === source || id === target ? ends : others).push(b);
  const route = routeEdge(sx, sy, tx, ty, direction, ends, others, slot);
  routes.set(key, route);
  return route;
}

/** Where an edge leaves its source and enters its target, from the node boxes (as React Flow puts the handles). */
function handlesOf(s: Box, t: Box, direction: Direction): [number, number, number, number] {
  return direction === 'RIGHT' ? [s.x + s.width + HANDLE_OUT, s.y + s.height / 2, t.x - HANDLE_OUT, t.y + t.height / 2] : [s.x + s.width / 2, s.y + s.height + HANDLE_OUT, t.x + t.width / 2, t.y - HANDLE_OUT];
}

/**
 * A value worked out once per edge list and node geometry: kept per edge-list object, and the last
 * one made also serves an edge list that labels alike ({@link sameLabelling}): the model read back
 * from an edit's written text gives new edge objects for the same edges, and edges drawn anew read
 * the new list (planning its labels again cost 0.1 s of a task on a 6,000-rule Letta agent's view).
 */
function perEdgeList<T>(make: (edges: readonly Edge[], boxes: Map<string, Box>, direction: Direction) => T) {
  type Made = { edges: readonly Edge[]; boxes: Map<string, Box>; direction: Direction; value: T };
  const byList = new WeakMap<readonly Edge[], Made>();
  let last: Made | undefined;
  return (edges: readonly Edge[], boxes: Map<string, Box>, direction: Direction): T => {
    const kept = byList.get(edges) ?? (last && sameLabelling(last.edges, edges) ? last : undefined);
    if (kept && kept.direction === direction && sameBoxes(kept.boxes, boxes)) return kept.value;
    last = { edges, boxes, direction, value: make(edges, boxes, direction) };
    byList.set(edges, last);
    return last.value;
  };
}

/**
 * The lane slots of a canvas's back edges (see `laneSlots`): edges that would run along one lane
 * (a wrapped layout's edges from one band to the next) each get their own, so each line and its
 * label read apart. Shared by the edges.
 */
export const slotsOf = perEdgeList((edges, boxes, direction): Map<string, LaneSlot> => {
  const backs = [];
  for (const e of edges) {
    const s = boxes.get(e.source);
    const t = boxes.get(e.target);
    if (!s || !t || e.source === e.target) continue;
    const back = routeBetween(...handlesOf(s, t, direction), direction, e.source, e.target, boxes).back;
    if (back) backs.push({ id: e.id, back });
  }
  return laneSlots(backs);
});

/**
 * The label placement of every edge of a canvas (one of each route's spots, maybe stacked),
 * shared by its edges. The routes are those the edges draw, from the handles' places on the node
 * boxes.
 */
export const labelPlanOf = perEdgeList((edges, boxes, direction): Map<string, LabelSpot> => {
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
  return placeLabels(requests, [...boxes.values()]);
});
