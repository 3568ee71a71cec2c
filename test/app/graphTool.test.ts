import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { checkLoadedFile } from '../../src/core/check.ts';
import { toolGraph } from '../../src/core/graph/toolGraph.ts';
import { PRESIZE_FROM, toolFlow } from '../../src/app/graph/flowElements.ts';
import { formatDuration } from '../../src/core/graph/format.ts';
import type { Agent } from '../../src/core/model/toolRules.ts';
import { TOOL_NODE_WIDTH } from '../../src/app/layout/placement.ts';

function load(name: string, text: string) {
  const loaded = loadRuleFile(name, text);
  return { agent: loaded.agents[0]!, diagnostics: checkLoadedFile(loaded) };
}

const CYCLE = `name = "cyc"
tools = ["a", "b", "c"]
[[tool_rules]]
tool_name = "a"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["b"]
[[tool_rules]]
tool_name = "b"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["a"]
[[tool_rules]]
tool_name = "c"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["a"]
`;

describe('tool graph projection', () => {
  it('has one node per tool with its badges and the ordering rules as edges', () => {
    const { agent, diagnostics } = load('etl-pipeline.toml', readFileSync('examples/etl-pipeline.toml', 'utf8'));
    const g = toolGraph(agent, diagnostics);
    expect(g.nodes.map((n) => n.id)).toEqual(['connect_db', 'extract', 'transform', 'load', 'disconnect_db', 'send_message']);
    const byId = new Map(g.nodes.map((n) => [n.id, n]));
    expect(byId.get('connect_db')!.badges.map((b) => b.text)).toEqual(['start']);
    expect(byId.get('load')!.badges).toEqual([{ kind: 'maxCalls', text: 'max 1', rule: 4, title: '#5 Max calls · MaxCalls' }]);
    expect(byId.get('disconnect_db')!.badges[0]!.kind).toBe('requiredBeforeExit');
    expect(byId.get('send_message')!.badges[0]!.text).toBe('exit');
    expect(g.edges).toContainEqual(expect.objectContaining({ kind: 'precedes', source: 'connect_db', target: 'extract', rule: 1, label: 'before', cycle: false }));
    expect(g.edges).toHaveLength(3);
    expect(g.nodes.some((n) => n.dimmed || n.error)).toBe(false);
  });

  it('flags the edges and nodes of a cycle, and dims the tool that waits for it', () => {
    const { agent, diagnostics } = load('cyc.toml', CYCLE);
    const g = toolGraph(agent, diagnostics);
    const cycleEdges = g.edges.filter((e) => e.cycle).map((e) => `${e.source}->${e.target}`);
    expect(cycleEdges.sort()).toEqual(['a->b', 'b->a']);
    expect(g.edges.find((e) => e.target === 'c')!.cycle).toBe(false);
    const c = g.nodes.find((n) => n.id === 'c')!;
    expect(c.error).toBe(false);
    expect(c.dimmed).toBe(true);
    expect(c.reason).toMatch(/never be called/);
    expect(g.nodes.find((n) => n.id === 'a')!.error).toBe(true);
  });

  it('puts wildcard rules on an "All tools" node, follows edges the other way, groups as exclusive edges', () => {
    const agent: Agent = {
      name: 'x',
      tools: [],
      rules: [
        { tool_name: '*', rule_type: { type: 'Cooldown', value: 2000 }, conditions: [], priority: 5 },
        { tool_name: 'a', rule_type: { type: 'RequiresFollowingTools' }, conditions: ['b'], priority: 5 },
        { tool_name: 'a', rule_type: { type: 'ExclusiveGroups', value: [['c', 'd', 'e']] }, conditions: [], priority: 5 },
        { tool_name: 'b', rule_type: { type: 'RequiresConsent', value: { scope: 'fs' } }, conditions: [], priority: 5 },
        { tool_name: 'b', rule_type: { type: 'AllowedOperations', value: ['read', 'write'] }, conditions: [], priority: 5 },
        { tool_name: 'b', rule_type: { type: 'Periodic', value: 300000 }, conditions: [], priority: 5 },
      ],
    };
    const g = toolGraph(agent);
    const all = g.nodes.find((n) => n.id === '*')!;
    expect(all.label).toBe('All tools');
    expect(all.badges[0]!.text).toBe('cooldown 2s');
    expect(g.edges.find((e) => e.kind === 'follows')).toMatchObject({ source: 'a', target: 'b', label: 'must precede', rule: 1 });
    expect(g.edges.filter((e) => e.kind === 'exclusive').map((e) => `${e.source}-${e.target}`)).toEqual(['c-d', 'd-e']);
    expect(g.nodes.find((n) => n.id === 'b')!.badges.map((b) => b.text)).toEqual(['consent (fs)', 'ops: read, write', 'every 5m']);
  });

  it('marks undeclared tools (T013) as dimmed with the reason', () => {
    const { agent, diagnostics } = load('u.toml', 'name = "u"\ntools = ["a"]\n[[tool_rules]]\ntool_name = "a"\nrule_type = { type = "RequiresPrecedingTools" }\nconditions = ["ghost"]\n');
    const ghost = toolGraph(agent, diagnostics).nodes.find((n) => n.id === 'ghost')!;
    expect(ghost.declared).toBe(false);
    expect(ghost.dimmed).toBe(true);
    expect(ghost.reason).toBeTruthy();
  });

  it('formats durations compactly', () => {
    expect([formatDuration(2000), formatDuration(500), formatDuration(300000), formatDuration(1500), formatDuration(7200000)]).toEqual(['2s', '500ms', '5m', '1.5s', '2h']);
  });

  it('projects 500 tools and 1,000 acyclic edges', () => {
    const tools = Array.from({ length: 500 }, (_, i) => ({ name: `t${i}` }));
    const rules = Array.from({ length: 1000 }, (_, i) => ({
      tool_name: `t${(i % 499) + 1}`,
      rule_type: { type: 'RequiresPrecedingTools' as const },
      conditions: [`t${Math.floor(i / 2) % ((i % 499) + 1)}`],
      priority: 5,
    }));
    const g = toolGraph({ name: 'big', tools, rules });
    expect(g.nodes).toHaveLength(500);
    expect(g.edges).toHaveLength(1000);
    expect(g.edges.some((e) => e.cycle)).toBe(false);
  });
});

describe('simulator step highlight on the tool graph', () => {
  it('marks the tool, the deciding rule badge and its edge', () => {
    const agent: Agent = {
      name: 'a',
      tools: [{ name: 'x' }, { name: 'y' }],
      rules: [
        { tool_name: 'y', rule_type: { type: 'RequiresPrecedingTools' as const }, conditions: ['x'], priority: 5 },
        { tool_name: 'y', rule_type: { type: 'MaxCalls' as const, value: 1 }, conditions: [], priority: 5 },
      ],
    };
    const graph = toolGraph(agent, []);
    const plain = toolFlow(graph, agent, {}, { kind: 'none' });
    expect(plain.nodes.some((n) => n.className?.includes('rs-step'))).toBe(false);
    const lit = toolFlow(graph, agent, {}, { kind: 'none' }, undefined, { tool: 'y', toolRule: 0 });
    expect(lit.nodes.find((n) => n.id === 'y')?.className).toContain('rs-step');
    expect(lit.nodes.find((n) => n.id === 'y')?.data.stepRule).toBe(0);
    expect(lit.nodes.find((n) => n.id === 'x')?.className).not.toContain('rs-step');
    expect(lit.edges.filter((e) => e.className?.includes('rs-edge-step')).map((e) => [e.source, e.target])).toEqual([['x', 'y']]);
  });

  it('draws the path walked: its tools and edges, the last move apart (refused: tried)', () => {
    const agent: Agent = { name: 'a', tools: [{ name: 'x' }, { name: 'y' }, { name: 'z' }], rules: [{ tool_name: 'y', rule_type: { type: 'RequiresPrecedingTools' as const }, conditions: ['x'], priority: 5 }] };
    const graph = toolGraph(agent, []);
    const id = graph.edges[0]?.id as string;
    const path = { nodes: new Set(['x', 'y']), edges: new Set<string>(), last: new Set([id]), refused: false, from: 0, to: 2 };
    const flow = toolFlow(graph, agent, {}, { kind: 'none' }, undefined, { path });
    expect(flow.nodes.filter((n) => n.className?.includes('rs-walked')).map((n) => n.id)).toEqual(['x', 'y']);
    expect(flow.edges[0]?.className).toContain('rs-edge-last');
    expect(flow.edges[0]?.className).not.toContain('rs-edge-refused');
    const tried = toolFlow(graph, agent, {}, { kind: 'none' }, undefined, { path: { ...path, refused: true } });
    expect(tried.edges[0]?.className).toContain('rs-edge-last rs-edge-refused');
    const walked = toolFlow(graph, agent, {}, { kind: 'none' }, undefined, { path: { ...path, edges: new Set([id]), last: new Set<string>() } });
    expect(walked.edges[0]?.className).toContain('rs-edge-walked');
  });

  it('presizes the nodes of a graph of thousands of tools (size and handles given), so React Flow renders only those in view; small graphs are measured as drawn', () => {
    const chain = (n: number): Agent => ({
      name: 'big',
      tools: Array.from({ length: n }, (_, i) => ({ name: `t${i}` })),
      rules: Array.from({ length: n - 1 }, (_, i) => ({ tool_name: `t${i + 1}`, rule_type: { type: 'RequiresPrecedingTools' as const }, conditions: [`t${i}`], priority: 5 })),
    });
    const small = chain(PRESIZE_FROM);
    expect(toolFlow(toolGraph(small, []), small, {}, { kind: 'none' }).nodes.every((n) => n.measured === undefined && n.handles === undefined)).toBe(true);
    const big = chain(PRESIZE_FROM + 1);
    const nodes = toolFlow(toolGraph(big, []), big, {}, { kind: 'none' }).nodes;
    for (const n of nodes) {
      expect(n.measured).toEqual({ width: TOOL_NODE_WIDTH, height: 48 });
      expect(n.handles?.map((h) => [h.type, h.position, h.x + h.width! / 2, h.y + h.height! / 2])).toEqual([
        ['target', 'left', 0, 24],
        ['source', 'right', TOOL_NODE_WIDTH, 24],
      ]);
    }
  });
});
