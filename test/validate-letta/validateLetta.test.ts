import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { checkLoadedFile } from '../../src/core/check.ts';
import type { Diagnostic } from '../../src/core/diagnostics/types.ts';

/** A one-agent .af (shaped like letta-ai/agent-file's files) with these tools and rules; the findings' codes. */
function check(tools: string[], rules: object[]): Diagnostic[] {
  const text = JSON.stringify(
    {
      agents: [{ name: 'agent', tool_ids: tools.map((_, i) => `tool-${i}`), tool_rules: rules }],
      blocks: [],
      files: [],
      sources: [],
      tools: tools.map((name, i) => ({ id: `tool-${i}`, name })),
      mcp_servers: [],
    },
    null,
    2,
  );
  return checkLoadedFile(loadRuleFile('agent.af', text)).filter((d) => d.code.startsWith('L'));
}
const codes = (ds: Diagnostic[]) => ds.map((d) => d.code);
const child = (tool_name: string, ...children: string[]) => ({ tool_name, type: 'constrain_child_tools', children });

describe('Letta checks', () => {
  it('L001: a child, conditional or subject tool the agent lacks, pointing at the field', () => {
    const ds = check(['a', 'b'], [child('a', 'b', 'zz'), { tool_name: 'b', type: 'conditional', child_output_mapping: { x: 'a', y: 'yy' } }, { tool_name: 'nope', type: 'exit_loop' }]);
    expect(codes(ds)).toEqual(['L001', 'L001', 'L001']);
    expect(ds.map((d) => d.target)).toEqual([
      { kind: 'agent', agent: 'agent', rule: 0, tool: 'zz' },
      { kind: 'agent', agent: 'agent', rule: 1, tool: 'yy' },
      { kind: 'agent', agent: 'agent', rule: 2, tool: 'nope' },
    ]);
    expect(ds[0]?.message).toMatch(/names "zz", which is not a tool of agent "agent"/);
    expect(ds[0]?.range.start.line).toBeGreaterThan(1);
    // near miss: every name is a tool; and an agent declaring no tools (the API's list) is not checked
    expect(check(['a', 'b'], [child('a', 'b')])).toEqual([]);
    expect(checkLoadedFile(loadRuleFile('r.json', JSON.stringify([child('a', 'zz'), { tool_name: 'zz', type: 'exit_loop' }]))).filter((d) => d.code === 'L001')).toEqual([]);
  });

  it('L002: a conditional rule without children is refused by Letta; one child is enough', () => {
    const ds = check(['a', 'b'], [{ tool_name: 'a', type: 'conditional', child_output_mapping: {}, default_child: 'b' }]);
    expect(codes(ds)).toEqual(['L002']);
    expect(ds[0]?.severity).toBe('error');
    expect(check(['a', 'b'], [{ tool_name: 'a', type: 'conditional', child_output_mapping: { ok: 'b' } }])).toEqual([]);
  });

  it('L003: a run_first tool that a parent rule allows only after its parent', () => {
    const ds = check(['p', 'c'], [{ tool_name: 'c', type: 'run_first' }, { tool_name: 'p', type: 'parent_last_tool', children: ['c'] }]);
    expect(codes(ds)).toEqual(['L003']);
    expect(ds[0]?.message).toMatch(/"c" must run first .* only straight after "p"/);
    // near miss: the parent is the run_first tool
    expect(check(['p', 'c'], [{ tool_name: 'p', type: 'run_first' }, { tool_name: 'p', type: 'parent_last_tool', children: ['c'] }])).toEqual([]);
  });

  it('L004: after a tool nothing is allowed, whatever it outputs', () => {
    // a's children are only b, but b may be called only straight after c
    const ds = check(['a', 'b', 'c'], [child('a', 'b'), { tool_name: 'c', type: 'parent_last_tool', children: ['b'] }]);
    expect(codes(ds)).toEqual(['L004']);
    expect(ds[0]?.target).toEqual({ kind: 'agent', agent: 'agent', rule: 0, tool: 'a' });
    expect(ds[0]?.message).toMatch(/After "a" no tool is allowed/);
    // near miss: c may follow a too, so the step is not empty
    expect(check(['a', 'b', 'c'], [child('a', 'b', 'c'), { tool_name: 'c', type: 'parent_last_tool', children: ['b'] }])).toEqual([]);
    // near miss: empty only when the output matches nothing (require_output_mapping) — not always
    expect(check(['a', 'b'], [{ tool_name: 'a', type: 'conditional', child_output_mapping: { y: 'b' }, require_output_mapping: true }])).toEqual([]);
    // near miss: an exit tool ends the loop, so nothing needs to follow it
    expect(check(['a', 'b', 'c'], [child('a', 'b'), { tool_name: 'c', type: 'parent_last_tool', children: ['b'] }, { tool_name: 'a', type: 'exit_loop' }])).toEqual([]);
  });

  it('L004: a first call with nothing allowed', () => {
    const ds = check(['a'], [{ tool_name: 'a', type: 'max_count_per_step', max_count_limit: 0 }]);
    expect(codes(ds)).toEqual(['L004']);
    expect(ds[0]?.message).toMatch(/first call/);
    expect(check(['a'], [{ tool_name: 'a', type: 'max_count_per_step', max_count_limit: 1 }])).toEqual([]);
  });

  it('L005: an exit tool the run_first tools never lead to', () => {
    const rules = [{ tool_name: 'a', type: 'run_first' }, child('a', 'b'), child('b', 'a'), { tool_name: 'c', type: 'exit_loop' }];
    const ds = check(['a', 'b', 'c'], rules);
    expect(codes(ds)).toEqual(['L005']);
    expect(ds[0]?.message).toMatch(/exit tool "c" cannot be reached from the run_first tools \("a"\)/);
    expect(check(['a', 'b', 'c'], [...rules.slice(0, 2), child('b', 'a', 'c'), rules[3]!])).toEqual([]);
  });

  it('L006: a required-before-exit tool no sequence reaches; conditional outputs count as ways', () => {
    const base = [{ tool_name: 'a', type: 'run_first' }, { tool_name: 'd', type: 'exit_loop' }, { tool_name: 'r', type: 'required_before_exit' }];
    const ds = check(['a', 'r', 'd'], [...base, { tool_name: 'a', type: 'conditional', child_output_mapping: { done: 'd' }, default_child: 'd' }]);
    expect(codes(ds)).toEqual(['L006']);
    expect(ds[0]?.severity).toBe('warning');
    expect(check(['a', 'r', 'd'], [...base, { tool_name: 'a', type: 'conditional', child_output_mapping: { more: 'r' }, default_child: 'd' }])).toEqual([]);
  });

  it('L007: prefilled arguments for a tool that is not a child', () => {
    const ds = check(['a', 'b', 'c'], [{ tool_name: 'a', type: 'constrain_child_tools', children: ['b', 'c'], child_arg_nodes: [{ name: 'x', args: {} }] }]);
    expect(codes(ds)).toEqual(['L007']);
    expect(check(['a', 'b', 'c'], [{ tool_name: 'a', type: 'constrain_child_tools', children: ['b', 'c'], child_arg_nodes: [{ name: 'b', args: { q: 1 } }] }])).toEqual([]);
  });

  it('finds nothing in a sound workflow (mirrors outreach_workflow_agent.af @ 78212eb5)', () => {
    const ds = check(['retrieve', 'evaluate', 'send', 'reject'], [
      { tool_name: 'retrieve', type: 'run_first' },
      child('retrieve', 'evaluate'),
      { tool_name: 'evaluate', type: 'conditional', default_child: 'reject', child_output_mapping: { True: 'send', False: 'reject' } },
      { tool_name: 'reject', type: 'exit_loop' },
      { tool_name: 'send', type: 'exit_loop' },
    ]);
    expect(ds).toEqual([]);
  });
});
