import { describe, expect, it } from 'vitest';
import type { Edge } from '@xyflow/react';
import { labelPlanOf, slotsOf } from '../../src/app/graph/edgePlans.ts';
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
});
