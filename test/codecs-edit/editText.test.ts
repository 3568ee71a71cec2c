/**
 * In-place edits on real files: the ETL example keeps every comment when one value changes; the
 * design-era example (`../shared/examples/design-smart-assistant.toml`, copied to test/data/examples)
 * keeps its own spelling where an edit does not need another one, and converts only the rule an
 * edit must rewrite; JSON and YAML documents stay JSON and YAML through the store.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { editAgentText, editWorkflowText } from '../../src/core/codecs/edit/editText.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import type { Agent, ToolRule } from '../../src/core/model/toolRules.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { renamePhase } from '../../src/core/graph/workflowEdits.ts';

const agentOf = (file: string, text: string): Agent => {
  const a = loadRuleFile(file, text).agents[0];
  if (!a) throw new Error(`no agent in ${file}`);
  return a;
};
const comments = (text: string) => text.split('\n').filter((l) => l.trim().startsWith('#'));
const setRule = (a: Agent, i: number, fn: (r: ToolRule) => ToolRule): Agent => ({ ...a, rules: a.rules.map((r, j) => (j === i ? fn(r) : r)) });

describe('in-place edits of example files', () => {
  const etl = readFileSync('examples/etl-pipeline.toml', 'utf8');

  it("changing load's max calls in the ETL example changes one line and keeps every comment", () => {
    const before = agentOf('etl-pipeline.toml', etl);
    const index = before.rules.findIndex((r) => r.tool_name === 'load' && r.rule_type.type === 'MaxCalls');
    const after = setRule(before, index, (r) => ({ ...r, rule_type: { type: 'MaxCalls', value: 3 } }));
    const r = editAgentText('etl-pipeline.toml', etl, before, after);
    expect(r.how).toBe('patched');
    const changed = etl.split('\n').filter((l, i) => r.text.split('\n')[i] !== l);
    expect(changed).toEqual(['rule_type = { type = "MaxCalls", value = 1 }']);
    expect(r.text).toContain('rule_type = { type = "MaxCalls", value = 3 }');
    expect(comments(r.text)).toEqual(comments(etl));
    expect(comments(etl).length).toBeGreaterThan(0);
  });

  it('a tool added to an inline tools array keeps the array in its form (one a line, or one line)', () => {
    const before = agentOf('etl-pipeline.toml', etl);
    const after = { ...before, tools: [...before.tools, { name: 'extract_2' }] };
    const r = editAgentText('etl-pipeline.toml', etl, before, after);
    expect(r.text).toBe(etl.replace('  "send_message",\n', '  "send_message",\n  "extract_2",\n'));
    const oneLine = '[[agents]]\nname = "a"\ntools = ["x", "y"] # the tools\n';
    const a = agentOf('a.toml', oneLine);
    expect(editAgentText('a.toml', oneLine, a, { ...a, tools: [...a.tools, { name: 'z' }] }).text).toBe('[[agents]]\nname = "a"\ntools = ["x", "y", "z"] # the tools\n');
  });

  it('a new rule is written in the form export writes, after the last rule of the agent', () => {
    const before = agentOf('etl-pipeline.toml', etl);
    const after = { ...before, rules: [...before.rules, { tool_name: 'extract', rule_type: { type: 'Cooldown' as const, value: 30_000 }, conditions: [], priority: 5 }] };
    const r = editAgentText('etl-pipeline.toml', etl, before, after);
    expect(r.how).toBe('patched');
    expect(r.text.startsWith(etl.trimEnd())).toBe(true);
    expect(r.text.slice(etl.trimEnd().length)).toBe('\n\n[[agents.tool_rules]]\ntool_name = "extract"\nrule_type = { type = "Cooldown", value = 30 }\n');
  });

  const design = readFileSync('test/data/examples/design-smart-assistant.toml', 'utf8');

  it('a design-era file keeps its spelling where the edit does not touch it', () => {
    const before = agentOf('design.toml', design);
    const terminal = before.rules.findIndex((r) => r.tool_name === 'send_email');
    const after = setRule(before, terminal, (r) => ({ ...r, priority: 2 }));
    const r = editAgentText('design.toml', design, before, after);
    expect(r.how).toBe('patched');
    expect(r.text).toBe(design.replace('rule_type = "Terminal"\npriority = 8', 'rule_type = "Terminal"\npriority = 2'));
  });

  it('an edit of a legacy rule_type rewrites that one rule in the form export writes, comments elsewhere kept', () => {
    const before = agentOf('design.toml', design);
    const follow = before.rules.findIndex((r) => r.tool_name === 'schedule');
    const after = setRule(before, follow, (r) => ({ ...r, rule_type: { type: 'RequiresFollowingTools' } }));
    const r = editAgentText('design.toml', design, before, after);
    expect(r.how).toBe('patched');
    expect(r.text).toContain('tool_name = "schedule"\nrule_type = { type = "RequiresFollowingTools" }\nconditions = ["search"]');
    expect(r.text).toContain('rule_type = "Terminal"');
    expect(comments(r.text)).toEqual(comments(design));
  });
});

describe('documents keep their own format through the store', () => {
  it('a JSON agent stays JSON and an Inspector edit changes one line', () => {
    const json = '{\n    "agents": [\n        {\n            "name": "a",\n            "tools": ["x"],\n            "tool_rules": [\n                { "tool_name": "x", "rule_type": { "MaxCalls": 2 }, "conditions": [], "priority": 5, "metadata": null }\n            ]\n        }\n    ]\n}\n';
    const store = createStudioStore();
    expect(store.getState().importFile('a.json', json)).toBe(1);
    const doc = store.getState().project.docs[0]!;
    expect(doc.fileName).toBe('a.json');
    expect(doc.text).toBe(json);
    store.getState().editAgent(doc.id, (a) => setRule(a, 0, (r) => ({ ...r, rule_type: { type: 'MaxCalls', value: 7 } })));
    expect(store.getState().project.docs[0]!.text).toBe(json.replace('"MaxCalls": 2', '"MaxCalls": 7'));
  });

  it('a workflow edit changes only its line in a commented YAML file', () => {
    const yaml = readFileSync('examples/hegel-execution.yaml', 'utf8');
    const before = loadRuleFile('x.yaml', yaml).workflows[0]!;
    const after = { ...before, mode: 'research' };
    const r = editWorkflowText('x.yaml', yaml, before, after);
    expect(r.how).toBe('patched');
    expect(r.text).toBe(yaml.replace(/^mode: .*$/m, 'mode: research'));
  });

  it('a phase renamed keeps its place, its blank line and the quotes of its transitions (review14: hegel research.yaml)', () => {
    // the shape of hegel's research.yaml (dialecticianai/hegel-cli workflows/): quoted claims, blank lines between phases
    const yaml = ['mode: research', 'start_node: study', 'nodes:', '  study:', '    prompt: Study.', '    transitions:', '      - when: "study_complete"', '        to: assess', '', '  # reflect on it', '  assess:', '    prompt: Assess.', '    transitions:', '      - when: "assess_complete"', '        to: done', '      - when: "assess_incomplete"', '        to: study', ''].join('\n');
    const before = loadRuleFile('x.yaml', yaml).workflows[0]!;
    const after = renamePhase(before, 'assess', 'reflect');
    const r = editWorkflowText('x.yaml', yaml, before, after);
    expect(r.how).toBe('patched');
    expect(r.text).toBe(yaml.replace('to: assess', 'to: reflect').replace('  assess:', '  reflect:').replace('"assess_complete"', '"reflect_complete"'));
    // JSON has no rename in place: the phase is written again under its new name, in its place
    const json = JSON.stringify(JSON.parse(JSON.stringify({ mode: 'research', start_node: 'study', nodes: { study: { prompt: 'Study.', transitions: [{ when: 'study_complete', to: 'assess' }] }, assess: { prompt: 'Assess.', transitions: [{ when: 'assess_complete', to: 'done' }] }, x: { prompt: 'X.', transitions: [] } } })), null, 2);
    const jb = loadRuleFile('x.json', json).workflows[0]!;
    const ja = renamePhase(jb, 'assess', 'reflect');
    const jr = editWorkflowText('x.json', json, jb, ja);
    expect(loadRuleFile('x.json', jr.text).workflows[0]!.nodes.map((n) => [n.name, n.transitions.map((t) => `${t.when}>${t.to}`).join()])).toEqual([
      ['study', 'study_complete>reflect'],
      ['reflect', 'reflect_complete>done'],
      ['x', ''],
    ]);
  });
});
