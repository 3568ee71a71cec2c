/**
 * An edge of either graph, routed off the nodes (see `edgeRoute.ts`): a curve when the way is
 * clear, an orthogonal detour around the nodes in the way otherwise (the back edges of a cycle go
 * around the row); its label sits on the clear part. A tooltip names its rule.
 */
import { memo, useMemo } from 'react';
import { BaseEdge, Position, useStore, type Edge, type EdgeProps, type ReactFlowState } from '@xyflow/react';
import type { RuleEdgeData } from './flowElements.ts';
import type { Box } from '../layout/viewport.ts';
import { routeEdge } from './edgeRoute.ts';

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

function RuleEdgeView(props: EdgeProps<Edge<RuleEdgeData>>) {
  const boxes = useStore(boxesOf, sameBoxes);
  const { source, target, sourceX, sourceY, targetX, targetY, sourcePosition } = props;
  const route = useMemo(() => {
    const ends: Box[] = [];
    const others: Box[] = [];
    for (const [id, b] of boxes) (id === source || id === target ? ends : others).push(b);
    return routeEdge(sourceX, sourceY, targetX, targetY, sourcePosition === Position.Bottom ? 'DOWN' : 'RIGHT', ends, others);
  }, [boxes, source, target, sourceX, sourceY, targetX, targetY, sourcePosition]);
  return (
    <g>
      <title>{props.data?.title}</title>
      <BaseEdge
        id={props.id}
        path={route.path}
        {...(props.markerEnd !== undefined ? { markerEnd: props.markerEnd } : {})}
        label={props.data?.label}
        labelX={route.labelX}
        labelY={route.labelY}
        labelShowBg
        labelBgPadding={[4, 2]}
        labelBgBorderRadius={3}
        labelBgStyle={{ fill: 'var(--panel)' }}
        labelStyle={{ fill: 'var(--fg)', fontSize: 11 }}
        interactionWidth={16}
      />
    </g>
  );
}

export const RuleEdge = memo(RuleEdgeView);
