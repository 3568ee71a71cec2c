import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Agent, ToolRule } from '../../src/core/model/toolRules.ts';
import { toolGraph, type ToolGraph } from '../../src/core/graph/toolGraph.ts';
import { patchToolGraph, PATCH_LIMIT } from '../../src/core/graph/toolGraphPatch.ts';
import { agentDelta, applyAgentDelta, deltaSize, spliceOf } from '../../src/core/model/agentDelta.ts';
import { rule } from '../support/rules.ts';

/**
 * The graph patched after a splice of rules is the graph projected afresh (nodes compared by id:
 * a tool that first appears in a rule inserted mid-list comes last in the patched graph). The
 * agents have no cycles and no diagnostics, which the patch leaves as they were.
 */
const TOOLS = ['a', 'b', 'c', 'd', 'e', 'f'];
const ruleArb: fc.Arbitrary<ToolRule> = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 4 })).map(([to, from]) => rule(TOOLS[to]!, { type: 'RequiresPrecedingTools' }, [TOOLS[Math.min(from, to - 1)]!])),
  fc.tuple(fc.constantFrom(...TOOLS, 'retired', '*'), fc.integer({ min: 1, max: 9 })).map(([t, n]) => rule(t, { type: 'MaxCalls', value: n })),
  fc.constantFrom(...TOOLS).map((t) => rule(t, { type: 'StartConstraint' })),
  fc.tuple(fc.constantFrom(...TOOLS), fc.constantFrom('gone_1', 'gone_2', 'a')).map(([t, c]) => rule(t, { type: 'ExitLoop' }, [c])),
  fc.constantFrom(...TOOLS).map((t) => rule(t, { type: 'ExclusiveGroups', value: [[t, 'x_only']] })),
);

const sorted = (g: ToolGraph) => ({ nodes: [...g.nodes].sort((x, y) => x.id.localeCompare(y.id)), edges: g.edges });

describe('patchToolGraph', () => {
  it('gives the projected graph for any splice of rules (insert, delete, replace, anywhere)', () => {
    fc.assert(
      fc.property(
        fc.array(ruleArb, { maxLength: 25 }),
        fc.boolean(),
        fc.nat(),
        fc.nat({ max: 3 }),
        fc.array(ruleArb, { maxLength: 3 }),
        (rules, declares, at, remove, insert) => {
          const before: Agent = { name: 'x', tools: declares ? TOOLS.slice(0, 4).map((name) => ({ name })) : [], rules };
          const start = rules.length === 0 ? 0 : at % (rules.length + 1);
          const after: Agent = { ...before, rules: [...rules.slice(0, start), ...insert, ...rules.slice(start + remove)] };
          const patched = patchToolGraph(toolGraph(before), before, after);
          expect(patched).toBeDefined();
          expect(sorted(patched!)).toEqual(sorted(toolGraph(after)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('changes nothing of the graph before (nodes are copied before they change)', () => {
    const before: Agent = { name: 'x', tools: [], rules: [rule('a', { type: 'MaxCalls', value: 1 }), rule('b', { type: 'RequiresPrecedingTools' }, ['a'])] };
    const graph = toolGraph(before);
    const frozen = structuredClone(graph);
    patchToolGraph(graph, before, { ...before, rules: [rule('a', { type: 'MaxCalls', value: 2 })] });
    expect(graph).toEqual(frozen);
  });

  it('keeps the problems of untouched nodes and the objects of untouched edges', () => {
    const before: Agent = { name: 'x', tools: [], rules: [rule('b', { type: 'RequiresPrecedingTools' }, ['a']), rule('c', { type: 'MaxCalls', value: 1 })] };
    const graph = toolGraph(before, [{ code: 'T013', severity: 'warning', message: 'a is not declared', file: 'x.toml', range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } }, target: { kind: 'agent', agent: 'x', tool: 'a' } }]);
    const patched = patchToolGraph(graph, before, { ...before, rules: [before.rules[0]!, rule('c', { type: 'MaxCalls', value: 4 })] })!;
    expect(patched.nodes.find((n) => n.id === 'a')).toBe(graph.nodes.find((n) => n.id === 'a'));
    expect(patched.nodes.find((n) => n.id === 'a')!.dimmed).toBe(true);
    expect(patched.edges[0]).toBe(graph.edges[0]);
    expect(patched.nodes.find((n) => n.id === 'c')!.badges.map((b) => b.text)).toEqual(['max 4']);
  });

  it('refuses what it cannot patch: other tools, a Letta agent, too many rules', () => {
    const before: Agent = { name: 'x', tools: [{ name: 'a' }], rules: [] };
    const graph = toolGraph(before);
    expect(patchToolGraph(graph, before, { ...before, tools: [{ name: 'a' }, { name: 'b' }] })).toBeUndefined();
    expect(patchToolGraph(graph, before, { ...before, family: 'letta', lettaRules: [] })).toBeUndefined();
    const many = Array.from({ length: PATCH_LIMIT + 1 }, () => rule('a', { type: 'StartConstraint' }));
    expect(patchToolGraph(graph, before, { ...before, rules: many })).toBeUndefined();
  });
});

describe('agentDelta', () => {
  it('is one splice of the rules an edit changed, and applies back to the edited agent', () => {
    const rules = Array.from({ length: 1000 }, (_, i) => rule(`t${i}`, { type: 'MaxCalls', value: 1 }));
    const before: Agent = { name: 'x', tools: [], rules };
    const after: Agent = { ...before, name: 'y', rules: rules.map((r, i) => (i === 500 ? { ...r, rule_type: { type: 'MaxCalls' as const, value: 2 } } : r)) };
    const delta = agentDelta(before, after);
    expect(delta.rules).toEqual({ start: 500, deleteCount: 1, items: [after.rules[500]] });
    expect(deltaSize(delta)).toBe(2);
    expect(applyAgentDelta(structuredClone(before), delta)).toEqual(after);
  });

  it('refuses to apply to an agent of other lengths', () => {
    const before: Agent = { name: 'x', tools: [], rules: [rule('a', { type: 'StartConstraint' })] };
    const delta = agentDelta(before, { ...before, rules: [] });
    expect(applyAgentDelta({ ...before, rules: [] }, delta)).toBeUndefined();
  });

  it('finds the splice of any two lists sharing a prefix and a suffix', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(9)), fc.array(fc.nat(9)), fc.array(fc.nat(9)), fc.array(fc.nat(9)), (pre, a, b, post) => {
        const objs = (xs: number[]) => xs.map((v) => ({ v }));
        const p = objs(pre);
        const q = objs(post);
        const before = [...p, ...objs(a), ...q];
        const after = [...p, ...objs(b), ...q];
        const s = spliceOf(before, after);
        expect([...before.slice(0, s.start), ...s.items, ...before.slice(s.start + s.deleteCount)]).toEqual(after);
        expect(s.deleteCount).toBeLessThanOrEqual(a.length);
      }),
    );
  });
});
