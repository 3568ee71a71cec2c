import { describe, expect, it } from 'vitest';
import { newNodeCount, STAGE_NEW_NODES } from '../../src/app/graph/useStagedEdges.ts';

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}` }));

describe('staging the edges of many new nodes', () => {
  it('counts the nodes that are new to the canvas', () => {
    const view = ids('a', 100);
    expect(newNodeCount([], view)).toBe(100);
    expect(newNodeCount(view, [...view].reverse())).toBe(0);
    // A view moved to another centre: half of it is new.
    expect(newNodeCount(view, [...ids('a', 50), ...ids('b', 50)])).toBe(50);
  });

  it('never stages a small graph, whatever changed', () => {
    expect(newNodeCount([], ids('a', STAGE_NEW_NODES - 1))).toBe(0);
    expect(newNodeCount(ids('a', 5), ids('b', STAGE_NEW_NODES - 1))).toBe(0);
    expect(newNodeCount([], ids('a', STAGE_NEW_NODES))).toBe(STAGE_NEW_NODES);
  });
});
