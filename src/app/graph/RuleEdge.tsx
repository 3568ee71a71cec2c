/** An edge of either graph: a bezier path with its label and a tooltip naming its rule. */
import { memo } from 'react';
import { BaseEdge, getBezierPath, type Edge, type EdgeProps } from '@xyflow/react';
import type { RuleEdgeData } from './flowElements.ts';

function RuleEdgeView(props: EdgeProps<Edge<RuleEdgeData>>) {
  const [path, labelX, labelY] = getBezierPath(props);
  return (
    <g>
      <title>{props.data?.title}</title>
      <BaseEdge
        id={props.id}
        path={path}
        {...(props.markerEnd !== undefined ? { markerEnd: props.markerEnd } : {})}
        label={props.data?.label}
        labelX={labelX}
        labelY={labelY}
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
