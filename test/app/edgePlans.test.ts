import { describe, expect, it } from 'vitest';
import type { Edge } from '@xyflow/react';
import { labelPlanOf, routeBetween, slotsOf } from '../../src/app/graph/edgePlans.ts';
import { routeEdge } from '../../src/app/graph/edgeRoute.ts';
import type { Box } from '../../src/app/layout/viewport.ts';

const boxes = new Map<string, Box>([
  ['a', { x: 0, y: 0, width: 160, height: 44 }],
  ['b', { x: 300, y: 0, width: 160, height: 44 }],
  ['c', { x: 300, y: 120, width: 160, height: 44 }],
]);
/** The edges a graph of the model gives: new objects each time the model is read again. */
const edges = (labels: [string, string] = ['before', 'after']): Edge[] => [
  { id: 'e1', source: 'a', target: 'b', data: { label: labels[0], title: 'rule 1' } },
  { id: 'e2', source: 'a', target: 'c', data: { label: labels[1], title: 'rule 2' } },
];

describe('edge plans', () => {
  it('plans the labels of an edge list once, and again only when an edge, an end, a label or a box changes', () => {
    const first = labelPlanOf(edges(), boxes, 'RIGHT');
    expect([...first.keys()].sort()).toEqual(['e1', 'e2']);
    expect(labelPlanOf(edges(), boxes, 'RIGHT')).toBe(first); // the same edges read again
    expect(slotsOf(edges(), boxes, 'RIGHT')).toBe(slotsOf(edges(), boxes, 'RIGHT'));
    const relabelled = labelPlanOf(edges(['before', 'never']), boxes, 'RIGHT');
    expect(relabelled).not.toBe(first);
    expect(relabelled.get('e2')?.text).toBe('never');
    const moved = new Map(boxes).set('c', { x: 300, y: 400, width: 160, height: 44 });
    expect(labelPlanOf(edges(['before', 'never']), moved, 'RIGHT')).not.toBe(relabelled);
    expect(labelPlanOf(edges(['before', 'never']), moved, 'DOWN')).not.toBe(labelPlanOf(edges(['before', 'never']), moved, 'RIGHT'));
  });

  it('works out an edge’s route once per node boxes and ends, the same as routed afresh', () => {
    const fresh = (b: Map<string, Box>, slot?: { rank: number; of: number; out: number }) => {
      const ends = [...b].filter(([id]) => id === 'a' || id === 'c').map(([, x]) => x);
      const others = [...b].filter(([id]) => id !== 'a' && id !== 'c').map(([, x]) => x);
      return routeEdge(165, 22, 295, 142, 'RIGHT', ends, others, slot);
    };
    const route = routeBetween(165, 22, 295, 142, 'RIGHT', 'a', 'c', boxes);
    expect(route).toEqual(fresh(boxes));
    // Asked again (the label plan, then the edge drawn): the same route, not made again.
    expect(routeBetween(165, 22, 295, 142, 'RIGHT', 'a', 'c', boxes)).toBe(route);
    // Another slot, other handles, other ends or other boxes: routed for them.
    const slot = { rank: 1, of: 2, out: 1 };
    expect(routeBetween(165, 22, 295, 142, 'RIGHT', 'a', 'c', boxes, slot)).toEqual(fresh(boxes, slot));
    expect(routeBetween(165, 22, 295, 150, 'RIGHT', 'a', 'c', boxes)).not.toBe(route);
    expect(routeBetween(165, 22, 295, 142, 'RIGHT', 'c', 'a', boxes)).not.toBe(route);
    const moved = new Map(boxes).set('b', { x: 200, y: 60, width: 160, height: 44 });
    const around = routeBetween(165, 22, 295, 142, 'RIGHT', 'a', 'c', moved);
    expect(around).toEqual(fresh(moved));
    expect(around).not.toEqual(route); // b now sits across the way
  });
});
