import { describe, expect, it } from 'vitest';
import type { Edge } from '@xyflow/react';
import { reconcileEdges } from '../../src/app/graph/reconcile.ts';
import { toolFlow } from '../../src/app/graph/flowElements.ts';
import { toolGraph } from '../../src/core/graph/toolGraph.ts';
import type { Agent } from '../../src/core/model/toolRules.ts';

const edge = (id: string, extra: Partial<Edge> = {}): Edge => ({
  id,
  source: `s${id}`,
  target: `t${id}`,
  type: 'rule',
  className: 'rs-edge',
  markerEnd: { type: 'arrowclosed' as const },
  data: { label: 'then', title: `Rule ${id}` },
  ...extra,
});

describe('reconcileEdges', () => {
  it('keeps the previous objects (and the array) when nothing changed, even if every object is new', () => {
    const prev = [edge('1'), edge('2')];
    const next = [edge('1'), edge('2')];
    expect(reconcileEdges(prev, next)).toBe(prev);
  });

  it('replaces only the edges whose class, data, marker, ends or selection changed', () => {
    const prev = [edge('1'), edge('2'), edge('3'), edge('4'), edge('5'), edge('6')];
    const next = [
      edge('1', { className: 'rs-edge rs-edge-step' }),
      edge('2'),
      edge('3', { data: { label: 'then', title: 'Rule 3, part of a cycle' } }),
      edge('4', { selected: true }),
      edge('5', { target: 'elsewhere' }),
      edge('6', { markerEnd: undefined }),
    ];
    const out = reconcileEdges(prev, next);
    expect(out).not.toBe(prev);
    expect(out.map((e, i) => (e === prev[i] ? 'kept' : e === next[i] ? 'new' : '?'))).toEqual(['new', 'kept', 'new', 'new', 'new', 'new']);
  });

  it('follows added, removed and reordered edges', () => {
    const prev = [edge('1'), edge('2')];
    const added = reconcileEdges(prev, [edge('1'), edge('2'), edge('3')]);
    expect(added[0]).toBe(prev[0]);
    expect(added).toHaveLength(3);
    const removed = reconcileEdges(prev, [edge('2')]);
    expect(removed).toEqual([prev[1]]);
    expect(removed[0]).toBe(prev[1]);
    const swapped = reconcileEdges(prev, [edge('2'), edge('1')]);
    expect(swapped).not.toBe(prev);
    expect(swapped[0]).toBe(prev[1]);
  });

  it('on a real projection, a simulator step re-creates only the edge of the deciding rule', () => {
    const agent: Agent = {
      name: 'a',
      tools: [{ name: 'fetch' }, { name: 'parse' }, { name: 'store' }],
      rules: [
        { tool_name: 'parse', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['fetch'], priority: 5 },
        { tool_name: 'store', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['parse'], priority: 5 },
      ],
    };
    const graph = toolGraph(agent);
    const before = toolFlow(graph, agent, {}, { kind: 'none' }).edges;
    const stepped = toolFlow(graph, agent, {}, { kind: 'none' }, undefined, { tool: 'store', toolRule: 1 }).edges;
    expect(before.length).toBeGreaterThan(1);
    const out = reconcileEdges(before, stepped);
    const changed = out.filter((e, i) => e !== before[i]);
    expect(changed.map((e) => e.className)).toEqual([expect.stringContaining('rs-edge-step')]);
  });
});
