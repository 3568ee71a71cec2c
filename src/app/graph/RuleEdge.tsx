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
import { labelPlanOf, routeBetween, sameBoxes, sameLabelling, slotsOf, type Direction } from './edgePlans.ts';

const measureBoxes = (s: ReactFlowState): Map<string, Box> => {
  const out = new Map<string, Box>();
  for (const [id, n] of s.nodeLookup) {
    const p = n.internals.positionAbsolute;
    out.set(id, { x: p.x, y: p.y, width: n.measured.width ?? 0, height: n.measured.height ?? 0 });
  }
  return out;
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

const edgesOf = (s: ReactFlowState) => s.edges;

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
