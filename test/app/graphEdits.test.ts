import { describe, expect, it } from 'vitest';
import { addPrecedingEdge, addRule, addTool, removeEdge, removeTool, removeTools, renameTool } from '../../src/core/graph/agentEdits.ts';
import type { Agent } from '../../src/core/model/toolRules.ts';

const base: Agent = {
  name: 'x',
  tools: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
  rules: [
    { tool_name: 'b', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['a'], priority: 5 },
    { tool_name: 'c', rule_type: { type: 'ExclusiveGroups', value: [['a', 'c'], ['b', 'c']] }, conditions: [], priority: 5 },
    { tool_name: 'c', rule_type: { type: 'MaxCalls', value: 2 }, conditions: [], priority: 5 },
  ],
};

describe('agent edits from the graph', () => {
  it('adds a dragged edge to the existing RequiresPrecedingTools rule of the target, or a new rule', () => {
    const joined = addPrecedingEdge(base, 'c', 'b');
    expect(joined.rule).toBe(0);
    expect(joined.agent.rules[0]!.conditions).toEqual(['a', 'c']);
    expect(addPrecedingEdge(base, 'a', 'b').agent).toBe(base);
    const fresh = addPrecedingEdge(base, 'b', 'c');
    expect(fresh.rule).toBe(3);
    expect(fresh.agent.rules[3]).toEqual({ tool_name: 'c', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['b'], priority: 5 });
  });

  it('removes an edge: the condition, the rule when none is left, one exclusive group', () => {
    expect(removeEdge(base, 0, 'a').rules).toHaveLength(2);
    const withTwo = addPrecedingEdge(base, 'c', 'b').agent;
    expect(removeEdge(withTwo, 0, 'a').rules[0]!.conditions).toEqual(['c']);
    const g = removeEdge(base, 1, '0').rules[1]!.rule_type;
    expect(g).toEqual({ type: 'ExclusiveGroups', value: [['b', 'c']] });
  });

  it('removes a tool with its rules and every mention', () => {
    const r = removeTool(base, 'a');
    expect(r.tools.map((t) => t.name)).toEqual(['b', 'c']);
    expect(r.rules.map((x) => x.rule_type.type)).toEqual(['ExclusiveGroups', 'MaxCalls']);
    expect(r.rules[0]!.rule_type).toEqual({ type: 'ExclusiveGroups', value: [['c'], ['b', 'c']] });
    expect(removeTool(base, 'c').rules).toHaveLength(1);
  });

  it('removes several tools in one edit as one after another would', () => {
    const both = removeTools(base, new Set(['a', 'c']));
    expect(both).toEqual(removeTool(removeTool(base, 'a'), 'c'));
    expect(both.tools.map((t) => t.name)).toEqual(['b']);
    expect(removeTools(base, new Set()).rules).toEqual(base.rules);
  });

  it('adds tools with unique names, renames everywhere, adds a complete default rule', () => {
    const t = addTool(base);
    expect(t.name).toBe('tool');
    expect(addTool(t.agent).name).toBe('tool_2');
    const r = renameTool(base, 'a', 'alpha');
    expect(r.rules[0]!.conditions).toEqual(['alpha']);
    expect(r.rules[1]!.rule_type).toEqual({ type: 'ExclusiveGroups', value: [['alpha', 'c'], ['b', 'c']] });
    expect(renameTool(base, 'a', 'b')).toBe(base);
    const added = addRule(base, 'a');
    expect(added.rule).toBe(3);
    expect(added.agent.rules[3]!.rule_type).toEqual({ type: 'MaxCalls', value: 1 });
  });
});
