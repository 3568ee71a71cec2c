/**
 * Property tests: the linear-time graph work agrees with brute force on small random inputs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reachableFrom, stronglyConnectedComponents, type IndexedGraph } from '../../src/core/validate/graph.ts';
import { agent, checkAgent, needs, rule, withCode } from './helpers.ts';

const TOOLS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** Reachability by repeated BFS over explicit adjacency (the brute-force reference). */
function closure(adj: number[][]): boolean[][] {
  return adj.map((_, s) => {
    const seen = new Array<boolean>(adj.length).fill(false);
    const stack = [...adj[s]!];
    while (stack.length > 0) {
      const v = stack.pop()!;
      if (seen[v]) continue;
      seen[v] = true;
      stack.push(...adj[v]!);
    }
    return seen;
  });
}

describe('stronglyConnectedComponents', () => {
  const graphs = fc.integer({ min: 1, max: 9 }).chain((n) =>
    fc.array(fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 4 }), { minLength: n, maxLength: n }),
  );

  it('puts two nodes together exactly when each reaches the other, successors first', () => {
    fc.assert(
      fc.property(graphs, (adj) => {
        const g: IndexedGraph = { size: adj.length, degree: (v) => adj[v]!.length, successor: (v, s) => adj[v]![s]! };
        const { component, components } = stronglyConnectedComponents(g);
        const reach = closure(adj);
        for (let u = 0; u < adj.length; u++) {
          for (let v = 0; v < adj.length; v++) {
            const same = u === v || (reach[u]![v]! && reach[v]![u]!);
            expect(component[u] === component[v]).toBe(same);
            // emission order: a component comes after every component it reaches
            if (reach[u]![v] && !same) expect(component[u]!).toBeGreaterThan(component[v]!);
          }
        }
        expect(components.flat().sort((x, y) => x - y)).toEqual(adj.map((_, i) => i));
      }),
    );
  });

  it('reachableFrom agrees with the closure', () => {
    fc.assert(
      fc.property(graphs, (adj) => {
        const seen = reachableFrom(adj.length, [0], (v) => adj[v]!);
        const reach = closure(adj)[0]!;
        adj.forEach((_, v) => expect(seen[v] === 1).toBe(v === 0 || reach[v]!));
      }),
    );
  });
});

describe('T001 / T003 against brute force', () => {
  const ruleSets = fc.record({
    exact: fc.array(fc.tuple(fc.constantFrom(...TOOLS), fc.uniqueArray(fc.constantFrom(...TOOLS), { minLength: 1, maxLength: 2 })), {
      maxLength: 7,
    }),
    wild: fc.array(fc.uniqueArray(fc.constantFrom(...TOOLS), { minLength: 1, maxLength: 3 }), { maxLength: 2 }),
    zero: fc.uniqueArray(fc.constantFrom(...TOOLS), { maxLength: 2 }),
  });

  it('flags exactly the tools that reach themselves (T001) or a dead tool (T003)', () => {
    fc.assert(
      fc.property(ruleSets, ({ exact, wild, zero }) => {
        const rules = [
          ...exact.map(([t, cs]) => needs(t, ...cs)),
          ...wild.map((cs) => rule('*', 'RequiresPrecedingTools', { conditions: cs })),
          ...zero.map((t) => rule(t, { type: 'MaxCalls', value: 0 })),
        ];
        const ag = agent(rules, TOOLS);
        const ids = new Map(TOOLS.map((t, i) => [t, i]));
        const adj: number[][] = TOOLS.map(() => []);
        for (const [t, cs] of exact) for (const c of cs) adj[ids.get(t)!]!.push(ids.get(c)!);
        for (const cs of wild) for (const t of TOOLS) if (!cs.includes(t)) for (const c of cs) adj[ids.get(t)!]!.push(ids.get(c)!);
        const reach = closure(adj);
        const cyclic = TOOLS.filter((_, i) => reach[i]![i]);
        const dead = new Set([...cyclic, ...zero]);
        for (let changed = true; changed; ) {
          changed = false;
          TOOLS.forEach((t, i) => {
            if (!dead.has(t) && adj[i]!.some((c) => dead.has(TOOLS[c]!))) {
              dead.add(t);
              changed = true;
            }
          });
        }
        const list = checkAgent(ag);
        const t003 = withCode(list, 'T003').map((d) => (d.target.kind === 'agent' ? d.target.tool : ''));
        expect(t003.sort()).toEqual([...dead].filter((t) => !cyclic.includes(t)).sort());
        expect(withCode(list, 'T001').length > 0).toBe(cyclic.length > 0);
        // every cycle message lists a real cycle: consecutive tools need each other
        for (const d of withCode(list, 'T001')) {
          const listed = d.message.split(':')[1]!.split('(each')[0]!;
          const names = [...listed.matchAll(/`([a-f])`/g)].map((m) => m[1]!);
          expect(names.length).toBeGreaterThanOrEqual(2);
          expect(names[0]).toBe(names[names.length - 1]);
          for (let k = 0; k + 1 < names.length; k++) expect(adj[ids.get(names[k]!)!]).toContain(ids.get(names[k + 1]!));
        }
      }),
      { numRuns: 300 },
    );
  });
});
