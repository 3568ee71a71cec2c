/**
 * Names that are also properties of every plain object (issue 29): a tool called `constructor`,
 * `toString`, `valueOf` or `__proto__`, or a workflow node `constructor`, was not drawn (0 of 3
 * nodes, 15 NaN errors) because positions were looked up in plain objects keyed by name. For any
 * names, prototype ones mixed in, every node gets a finite position of its own, placed once,
 * carried through renames and drawn where it was placed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutOf, missingPositions, toolGraphOf, workflowGraphOf } from '../../src/app/graph/docGraph.ts';
import { phaseFlow, toolFlow } from '../../src/app/graph/flowElements.ts';
import { carryLayout } from '../../src/app/layout/carry.ts';
import { placeUnpositioned } from '../../src/app/layout/placement.ts';
import { layeredLayout } from '../../src/app/layout/layered.ts';
import { activeDoc, createStudioStore } from '../../src/app/state/store.ts';
import type { AgentDoc, WorkflowDoc, XY } from '../../src/app/state/documents.ts';

/** Every property name a plain object inherits, and `__proto__`. */
const PROTO_NAMES = [...Object.getOwnPropertyNames(Object.prototype)];
const nameArb = fc.oneof(fc.constantFrom(...PROTO_NAMES), fc.string({ minLength: 1, maxLength: 6 }));
const namesArb = fc.uniqueArray(nameArb, { minLength: 1, maxLength: 8 });

const finite = (p: XY | undefined) => p !== undefined && Number.isFinite(p.x) && Number.isFinite(p.y);
/** An own position of `layout` (never an inherited property). */
const ownAt = (layout: Readonly<Record<string, XY>>, id: string) => (Object.hasOwn(layout, id) ? layout[id] : undefined);

function placedAgent(names: readonly string[]) {
  const store = createStudioStore(undefined, () => 0);
  const s = () => store.getState();
  const id = s().addAgent('a');
  s().editAgent(id, (a) => ({ ...a, tools: names.map((name) => ({ name })), rules: names.length > 1 ? [{ tool_name: names[1]!, rule_type: { type: 'RequiresPrecedingTools' }, conditions: [names[0]!], priority: 5 }] : [] }));
  const doc = () => activeDoc(s()) as AgentDoc;
  s().placeNodes(id, layoutOf(doc()));
  return { s, id, doc };
}

describe('names that are Object.prototype properties', () => {
  it('PROTO_NAMES holds the names of the issue', () => {
    expect(PROTO_NAMES).toEqual(expect.arrayContaining(['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty']));
  });

  it('repro: tools constructor, toString, valueOf are all drawn at finite, distinct positions', () => {
    const { doc } = placedAgent(['constructor', 'toString', 'valueOf']);
    const graph = toolGraphOf(doc());
    const { nodes } = toolFlow(graph, doc().agent, doc().layout, { kind: 'none' });
    expect(nodes.map((n) => n.id)).toEqual(['constructor', 'toString', 'valueOf']);
    for (const n of nodes) expect(finite(n.position), n.id).toBe(true);
    expect(new Set(nodes.map((n) => `${n.position.x},${n.position.y}`)).size).toBe(3);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('every layout step keeps own, finite positions for any names (property)', () => {
    fc.assert(
      fc.property(namesArb, (names) => {
        const { s, id, doc } = placedAgent(names);
        for (const n of names) expect(finite(ownAt(doc().layout, n)), `placed ${n}`).toBe(true);
        const { nodes } = toolFlow(toolGraphOf(doc()), doc().agent, doc().layout, { kind: 'none' });
        for (const n of nodes) expect(n.position, n.id).toEqual(ownAt(doc().layout, n.id));
        // a new tool named after a prototype property is placed beside the others
        s().editAgent(id, (a) => ({ ...a, tools: [...a.tools, { name: 'hasOwnProperty' }, { name: '__proto__' }].filter((t, i, all) => all.findIndex((u) => u.name === t.name) === i) }));
        s().placeNodes(id, missingPositions(doc()));
        for (const t of doc().agent.tools) expect(finite(ownAt(doc().layout, t.name)), `added ${t.name}`).toBe(true);
        expect(Object.getPrototypeOf(doc().layout) === null || Object.getPrototypeOf(doc().layout) === Object.prototype).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('placement, layered layout and carrying a rename treat such names as data (property)', () => {
    const size = () => ({ width: 100, height: 40 });
    fc.assert(
      fc.property(namesArb, nameArb, (names, renamed) => {
        const fresh = placeUnpositioned(names, {}, size, 'RIGHT');
        expect(Object.keys(fresh).sort()).toEqual([...names].sort());
        const layered = layeredLayout(names.map((n) => ({ id: n, width: 100, height: 40 })), [], { direction: 'RIGHT' });
        expect(Object.keys(layered).sort()).toEqual([...names].sort());
        for (const n of names) expect(finite(ownAt(layered, n))).toBe(true);
        if (names.includes(renamed)) return;
        const before = new Set(names);
        const after = new Set([...names.slice(1), renamed]);
        const carried = carryLayout(layered, before, after);
        expect(ownAt(carried, renamed)).toEqual(ownAt(layered, names[0]!));
        expect(ownAt(carried, names[0]!)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it('a workflow node named constructor is drawn (with its neighbours)', () => {
    const store = createStudioStore(undefined, () => 0);
    const s = () => store.getState();
    const id = s().addWorkflow('w');
    const doc = () => activeDoc(s()) as WorkflowDoc;
    s().editWorkflow(id, (wf) => ({
      ...wf,
      start_node: 'constructor',
      nodes: [
        { name: 'constructor', transitions: [{ when: 'next', to: '__proto__' }], rules: [] },
        { name: '__proto__', transitions: [{ when: 'next', to: 'toString' }], rules: [] },
        { name: 'toString', transitions: [], rules: [] },
      ],
    }));
    s().placeNodes(id, layoutOf(doc()));
    const { nodes } = phaseFlow(workflowGraphOf(doc()), doc().layout, { kind: 'none' });
    for (const name of ['constructor', '__proto__', 'toString']) {
      const n = nodes.find((x) => x.id === name);
      expect(n, name).toBeDefined();
      expect(finite(n!.position), name).toBe(true);
      expect(n!.position).toEqual(ownAt(doc().layout, name));
    }
  });
});
