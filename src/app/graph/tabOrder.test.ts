import { describe, expect, it } from 'vitest';
import { nodesFirst } from './tabOrder.ts';

const kind = (s: string) => (s.startsWith('n') ? 'node' : s.startsWith('e') ? 'edge' : undefined);

describe('nodesFirst', () => {
  it('puts a run of graph items nodes first, in their order, and leaves the rest in place', () => {
    expect(nodesFirst(['a', 'e1', 'e2', 'n1', 'n2', 'b'], kind)).toEqual(['a', 'n1', 'n2', 'e1', 'e2', 'b']);
  });
  it('keeps a page with no graph, or a graph of nodes only, as it is', () => {
    expect(nodesFirst(['a', 'b'], kind)).toEqual(['a', 'b']);
    expect(nodesFirst(['n1', 'n2', 'c'], kind)).toEqual(['n1', 'n2', 'c']);
  });
});
