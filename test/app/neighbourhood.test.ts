import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findNode, GRAPH_CAP, isCapped, neighbourhood, neighbourhoodIndices, primeNeighbourhood } from '../../src/app/graph/neighbourhood.ts';
import { formatCount } from '../../src/app/formatCount.ts';

const node = (id: string) => ({ id });
const edge = (source: string, target: string) => ({ id: `${source}>${target}`, source, target });

/** A chain a0 → a1 → … → a(n-1). */
const chain = (n: number) => ({
  nodes: Array.from({ length: n }, (_, i) => node(`a${i}`)),
  edges: Array.from({ length: n - 1 }, (_, i) => edge(`a${i}`, `a${i + 1}`)),
});

describe('neighbourhood (the drawn part of a big graph)', () => {
  it('draws a graph within the cap whole', () => {
    const g = chain(10);
    const v = neighbourhood(g, 'a3', { nodes: 10, edges: 9 });
    expect(v.capped).toBe(false);
    expect(v.nodes.map((n) => n.id)).toEqual(g.nodes.map((n) => n.id));
    expect(v.edges).toHaveLength(9);
  });

  it('keeps the nodes nearest the centre, in both directions, and the edges between them', () => {
    const v = neighbourhood(chain(100), 'a50', { nodes: 5, edges: 100 });
    expect(v.capped).toBe(true);
    expect(v.centre).toBe('a50');
    expect(v.nodes.map((n) => n.id)).toEqual(['a48', 'a49', 'a50', 'a51', 'a52']);
    expect(v.edges.map((e) => e.id)).toEqual(['a48>a49', 'a49>a50', 'a50>a51', 'a51>a52']);
    expect(v.total).toEqual({ nodes: 100, edges: 99 });
  });

  it('starts at the first node when the centre is missing or unknown', () => {
    expect(neighbourhood(chain(100), undefined, { nodes: 3, edges: 10 }).nodes.map((n) => n.id)).toEqual(['a0', 'a1', 'a2']);
    const v = neighbourhood(chain(100), 'nope', { nodes: 3, edges: 10 });
    expect(v.centre).toBe('a0');
    expect(v.nodes.map((n) => n.id)).toEqual(['a0', 'a1', 'a2']);
  });

  it('goes on with the next node in graph order when the centre’s component is used up', () => {
    const g = { nodes: ['x', 'y', 'a', 'b', 'c'].map(node), edges: [edge('b', 'c')] };
    const v = neighbourhood(g, 'c', { nodes: 3, edges: 10 });
    expect(v.nodes.map((n) => n.id)).toEqual(['x', 'b', 'c']);
  });

  it('caps the edges, keeping those of the nodes nearest the centre', () => {
    // A star around h plus a ring among the leaves: the cap keeps the star.
    const leaves = Array.from({ length: 6 }, (_, i) => `l${i}`);
    const g = {
      nodes: [node('h'), ...leaves.map(node)],
      edges: [...leaves.map((l, i) => edge(l, leaves[(i + 1) % 6]!)), ...leaves.map((l) => edge('h', l))],
    };
    const v = neighbourhood(g, 'h', { nodes: 7, edges: 6 });
    expect(v.capped).toBe(true);
    expect(v.nodes).toHaveLength(7);
    expect(v.edges.map((e) => e.id)).toEqual(leaves.map((l) => `h>${l}`));
  });

  it('never exceeds the cap, keeps the centre, and draws only edges between drawn nodes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.array(fc.tuple(fc.nat(59), fc.nat(59)), { maxLength: 200 }), fc.nat(59), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 40 }), (n, pairs, c, capN, capE) => {
        const g = { nodes: Array.from({ length: n }, (_, i) => node(`n${i}`)), edges: pairs.filter(([a, b]) => a < n && b < n).map(([a, b], i) => ({ id: `e${i}`, source: `n${a}`, target: `n${b}` })) };
        const centre = `n${c % n}`;
        const v = neighbourhood(g, centre, { nodes: capN, edges: capE });
        const ids = new Set(v.nodes.map((x) => x.id));
        if (!v.capped) {
          expect(v.nodes).toHaveLength(n);
          return;
        }
        expect(v.nodes.length).toBe(Math.min(n, capN));
        expect(v.edges.length).toBeLessThanOrEqual(capE);
        expect(ids.has(centre)).toBe(true);
        for (const e of v.edges) expect(ids.has(e.source) && ids.has(e.target)).toBe(true);
        // Nodes within one edge of the centre come first (while there is room).
        const neighbours = new Set(g.edges.flatMap((e) => (e.source === centre ? [e.target] : e.target === centre ? [e.source] : [])));
        if (neighbours.size + 1 <= capN) for (const x of neighbours) expect(ids.has(x)).toBe(true);
      }),
    );
  });

  it('draws a few hundred elements of the 30,000-rule agent’s 6,000 nodes and 24,000 edges', () => {
    const n = 6000;
    const g = { nodes: Array.from({ length: n }, (_, i) => node(`t${i}`)), edges: Array.from({ length: 24000 }, (_, e) => ({ id: `e${e}`, source: `t${(e * 104729) % 3000}`, target: `t${1 + ((e * 7919) % (n - 1))}` })) };
    const v = neighbourhood(g, 't2000');
    expect(v.capped).toBe(true);
    expect(v.nodes).toHaveLength(GRAPH_CAP.nodes);
    expect(v.edges.length).toBeLessThanOrEqual(GRAPH_CAP.edges);
    expect(v.nodes.some((x) => x.id === 't2000')).toBe(true);
  });

  it('builds the view around the same centre from indices worked out elsewhere, as the same view', () => {
    const g = chain(300);
    const at = neighbourhoodIndices(g, 'a150');
    const v = neighbourhood(g, 'a150');
    expect(at.nodes.map((i) => g.nodes[i])).toEqual(v.nodes);
    expect(at.edges.map((i) => g.edges[i])).toEqual(v.edges);
    expect(at.centre).toBe('a150');
  });

  it('takes a primed view for its graph and centre, and works out any other centre itself', () => {
    const g = chain(300);
    // A view that breadth first would never choose: proof that the primed one is taken.
    primeNeighbourhood(g, undefined, { centre: 'a7', nodes: [7, 9], edges: [8] });
    const primed = neighbourhood(g, undefined);
    expect(primed.nodes).toEqual([g.nodes[7], g.nodes[9]]);
    expect(primed.edges).toEqual([g.edges[8]]);
    expect(primed.centre).toBe('a7');
    expect(neighbourhood(g, 'a100').nodes.map((n) => n.id)).toContain('a100');
    // Another graph object, even with equal contents, is worked out afresh.
    expect(neighbourhood({ nodes: [...g.nodes], edges: [...g.edges] }, undefined).nodes).toHaveLength(GRAPH_CAP.nodes);
  });

  it('says when a graph is past the cap', () => {
    expect(isCapped(chain(GRAPH_CAP.nodes))).toBe(false);
    expect(isCapped(chain(GRAPH_CAP.nodes + 1))).toBe(true);
    const dense = { nodes: chain(20).nodes, edges: Array.from({ length: GRAPH_CAP.edges + 1 }, (_, i) => edge(`a${i % 20}`, `a${(i + 1) % 20}`)) };
    expect(isCapped(dense)).toBe(true);
  });
});

describe('findNode (the search over a capped graph)', () => {
  const ids = ['tool_00012', 'Tool_00001', 'tool_00001_extra', 'fetch'];
  it('prefers the name equal to the query ignoring case, else the first containing it', () => {
    expect(findNode(ids, 'tool_00001')).toBe('Tool_00001');
    expect(findNode(ids, '  00012 ')).toBe('tool_00012');
    expect(findNode(ids, 'EXTRA')).toBe('tool_00001_extra');
  });
  it('finds nothing for an empty or unmatched query', () => {
    expect(findNode(ids, '   ')).toBeUndefined();
    expect(findNode(ids, 'nope')).toBeUndefined();
  });
});

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect([0, 7, 999, 1000, 6031, 23999, 1234567, -4500].map(formatCount)).toEqual(['0', '7', '999', '1,000', '6,031', '23,999', '1,234,567', '-4,500']);
  });
});
