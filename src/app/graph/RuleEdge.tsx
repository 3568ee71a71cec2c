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

const boxesOf = (s: ReactFlowState): Map<string, Box> => {
  const out = new Map<string, Box>();
  for (const [id, n] of s.nodeLookup) {
    const p = n.internals.positionAbsolute;
    out.set(id, { x: p.x, y: p.y, width: n.measured.width ?? 0, height: n.measured.height ?? 0 });
  }
  return out;
};

/** Node boxes, recomputed only when a node moves or is measured again. */
const sameBoxes = (a: Map<string, Box>, b: Map<string, Box>) => {
  if (a.size !== b.size) return false;
  for (const [id, x] of a) {
    const y = b.get(id);
    if (!y || y.x !== x.x || y.y !== x.y || y.width !== x.width || y.height !== x.height) return false;
  }
  return true;
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
