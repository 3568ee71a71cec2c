import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { checkLoadedFile } from '../../src/core/check.ts';
import { toolGraph } from '../../src/core/graph/toolGraph.ts';
import { addChildEdge, addLettaRule, changeLettaRuleType, removeLettaEdge, removeLettaRule, updateLettaRule } from '../../src/core/graph/lettaEdits.ts';
import { editAgentText } from '../../src/core/codecs/edit/editText.ts';
import type { Agent } from '../../src/core/model/toolRules.ts';
import { OUTREACH_AF } from '../codecs-letta/fixtures.ts';

const outreach = (): Agent => loadRuleFile('o.af', OUTREACH_AF).agents[0]!;
const edgeList = (a: Agent) => toolGraph(a).edges.map((e) => `${e.kind} ${e.source}->${e.target} [${e.label}] r${e.rule}`);

describe('Letta tool graph', () => {
  it('draws child rules as may-follow edges, conditional rules as one branch per output plus the default, badges for the rest', () => {
    const a = outreach();
    expect(edgeList(a)).toEqual([
      'mayFollow retrieve_candidate->evaluate_candidate [may follow] r1',
      'branch evaluate_candidate->send_email [= "True"] r2',
      'branch evaluate_candidate->reject [= "False"] r2',
      'branch evaluate_candidate->reject [otherwise] r2',
    ]);
    const g = toolGraph(a);
    const badges = Object.fromEntries(g.nodes.map((n) => [n.id, n.badges.map((b) => b.text)]));
    expect(badges).toEqual({ reject: ['exit loop'], send_email: ['exit loop'], evaluate_candidate: [], retrieve_candidate: ['run first'] });
    expect(g.nodes.every((n) => n.declared && !n.dimmed)).toBe(true);
  });

  it('draws parent rules as only-after edges, and badges for max count, approval, continue and required', () => {
    const a: Agent = {
      name: 'x', tools: [{ name: 'p' }, { name: 'c' }], rules: [], family: 'letta',
      lettaRules: [
        { tool_name: 'p', type: 'parent_last_tool', children: ['c'] },
        { tool_name: 'c', type: 'max_count_per_step', max_count_limit: 2 },
        { tool_name: 'c', type: 'requires_approval' },
        { tool_name: 'p', type: 'continue_loop' },
        { tool_name: 'p', type: 'required_before_exit' },
      ],
    };
    expect(edgeList(a)).toEqual(['onlyAfter p->c [only after] r0']);
    const g = toolGraph(a);
    expect(g.nodes.find((n) => n.id === 'c')?.badges.map((b) => [b.kind, b.text, b.rule])).toEqual([['maxCalls', 'max 2 per step', 1], ['consent', 'needs approval', 2]]);
    expect(g.nodes.find((n) => n.id === 'p')?.badges.map((b) => b.kind)).toEqual(['continue', 'requiredBeforeExit']);
  });

  it('dims a tool no allowed sequence reaches, marks errors, and shows tools the agent lacks as undeclared', () => {
    const a: Agent = {
      name: 'x', tools: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], rules: [], family: 'letta',
      lettaRules: [{ tool_name: 'a', type: 'run_first' }, { tool_name: 'a', type: 'constrain_child_tools', children: ['b', 'zz'] }, { tool_name: 'b', type: 'exit_loop' }],
    };
    const text = JSON.stringify({ agents: [{ name: 'x', tool_ids: ['1', '2', '3'], tool_rules: a.lettaRules }], tools: [{ id: '1', name: 'a' }, { id: '2', name: 'b' }, { id: '3', name: 'c' }] });
    const g = toolGraph(a, checkLoadedFile(loadRuleFile('x.af', text)));
    const c = g.nodes.find((n) => n.id === 'c')!;
    expect([c.dimmed, c.reason]).toEqual([true, 'No sequence of calls the rules allow reaches "c" from the run_first tools.']);
    expect(g.nodes.find((n) => n.id === 'b')?.dimmed).toBe(false);
    const zz = g.nodes.find((n) => n.id === 'zz')!;
    expect([zz.declared, zz.problems.map((p) => p.slice(0, 4))]).toEqual([false, ['L001']]);
  });
});

describe('Letta graph edits', () => {
  it('drawing an edge adds the child to the tool’s child rule, or creates the rule', () => {
    const a = outreach();
    const r1 = addChildEdge(a, 'retrieve_candidate', 'reject');
    expect(r1.rule).toBe(1);
    expect(r1.agent.lettaRules?.[1]).toMatchObject({ children: ['evaluate_candidate', 'reject'] });
    expect(addChildEdge(r1.agent, 'retrieve_candidate', 'reject').agent).toBe(r1.agent);
    const r2 = addChildEdge(a, 'send_email', 'reject');
    expect(r2.rule).toBe(5);
    expect(r2.agent.lettaRules?.[5]).toEqual({ tool_name: 'send_email', type: 'constrain_child_tools', children: ['reject'] });
    // and the file changes only there
    const text = editAgentText('o.af', OUTREACH_AF, a, r1.agent).text;
    expect(loadRuleFile('o.af', text).agents[0]?.lettaRules).toEqual(r1.agent.lettaRules);
  });

  it('removing an edge removes a child (the rule with its last one), a branch, or the default', () => {
    const a = outreach();
    const edges = toolGraph(a).edges;
    const child = removeLettaEdge(a, edges[0]!);
    expect(child.lettaRules?.map((r) => r.type)).toEqual(['run_first', 'conditional', 'exit_loop', 'exit_loop']);
    const branch = removeLettaEdge(a, edges[1]!);
    expect(branch.lettaRules?.[2]).toMatchObject({ child_output_mapping: { False: 'reject' }, default_child: 'reject' });
    const dflt = removeLettaEdge(a, edges[3]!);
    expect(dflt.lettaRules?.[2]).toMatchObject({ child_output_mapping: { True: 'send_email', False: 'reject' }, default_child: null });
    const both = removeLettaEdge(branch, toolGraph(branch).edges[1]!);
    expect(both.lettaRules?.map((r) => r.type)).toEqual(['run_first', 'constrain_child_tools', 'exit_loop', 'exit_loop']);
    expect(removeLettaEdge(a, { ...edges[0]!, condition: 'nothing' })).toBe(a);
  });

  it('adds, updates, retypes and removes rules', () => {
    const a = outreach();
    const added = addLettaRule(a, 'reject', 'max_count_per_step');
    expect(added.agent.lettaRules?.[5]).toEqual({ tool_name: 'reject', type: 'max_count_per_step', max_count_limit: 1 });
    const updated = updateLettaRule(added.agent, 5, (r) => (r.type === 'max_count_per_step' ? { ...r, max_count_limit: 4 } : r));
    expect(updated.lettaRules?.[5]).toMatchObject({ max_count_limit: 4 });
    expect(removeLettaRule(updated, 5).lettaRules).toEqual(a.lettaRules);
    const child = a.lettaRules![1]!;
    expect(changeLettaRuleType(child, 'parent_last_tool')).toEqual({ tool_name: 'retrieve_candidate', type: 'parent_last_tool', prompt_template: null, children: ['evaluate_candidate'] });
    expect(changeLettaRuleType(child, 'exit_loop')).toEqual({ tool_name: 'retrieve_candidate', type: 'exit_loop', prompt_template: null });
  });
});
