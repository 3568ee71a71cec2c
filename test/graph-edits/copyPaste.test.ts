import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { writeRuleFile } from '../../src/core/codecs/write.ts';
import { editAgentText, editWorkflowText } from '../../src/core/codecs/edit/editText.ts';
import { renameTool } from '../../src/core/graph/agentEdits.ts';
import { renamePhase } from '../../src/core/graph/workflowEdits.ts';
import { clipModel, clipOfModel, copyPhases, copyTools, GraphClip, pastedName, pastePhases, pasteTools } from '../../src/core/graph/copyPaste.ts';
import type { Agent } from '../../src/core/model/toolRules.ts';

const etlText = readFileSync('examples/etl-pipeline.toml', 'utf8');
const etl = () => loadRuleFile('etl.toml', etlText).agents[0]!;
const hegelText = readFileSync('examples/hegel-minimal.yaml', 'utf8');
const hegel = () => loadRuleFile('wf.yaml', hegelText).workflows[0]!;

/** True when `after` is `before` with lines inserted only (no line of `before` changed or removed). */
function onlyInserts(before: string, after: string): boolean {
  const a = after.split('\n');
  let i = 0;
  for (const line of before.split('\n')) {
    while (i < a.length && a[i] !== line) i++;
    if (i === a.length) return false;
    i++;
  }
  return true;
}

describe('pastedName', () => {
  it('keeps a free name, else takes the next free _N of its stem', () => {
    expect(pastedName('search', new Set())).toBe('search');
    expect(pastedName('search', new Set(['search']))).toBe('search_2');
    expect(pastedName('search', new Set(['search', 'search_2']))).toBe('search_3');
    expect(pastedName('search_2', new Set(['search', 'search_2']))).toBe('search_3');
    expect(pastedName('step_1', new Set(['step_1']))).toBe('step_2');
  });
});

describe('copy and paste of tools', () => {
  it('copies the tools with the rules among them, and no rule that names a tool left out', () => {
    const clip = copyTools(etl(), ['extract', 'transform'])!;
    expect(clip.tools.map((t) => [t.name, t.decl !== undefined])).toEqual([
      ['extract', true],
      ['transform', true],
    ]);
    // extract's rule needs connect_db, which is not copied; transform's needs extract, which is.
    expect(clip.rules.map((r) => [r.tool_name, r.conditions])).toEqual([['transform', ['extract']]]);
  });

  it('pastes beside the originals under _2 names, the rule renamed to match, one appended rule', () => {
    const agent = etl();
    const r = pasteTools(agent, copyTools(agent, ['extract', 'transform'])!);
    expect([...r.names]).toEqual([
      ['extract', 'extract_2'],
      ['transform', 'transform_2'],
    ]);
    expect(r.links).toBe(1);
    expect(r.model.tools.slice(-2).map((t) => t.name)).toEqual(['extract_2', 'transform_2']);
    expect(r.model.rules.slice(0, agent.rules.length)).toEqual(agent.rules);
    expect(r.model.rules.at(-1)).toMatchObject({ tool_name: 'transform_2', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['extract_2'], priority: 7 });
  });

  it('writes only the text of what was pasted: every line of the file stays', () => {
    const agent = etl();
    const after = pasteTools(agent, copyTools(agent, ['extract', 'transform'])!).model;
    const text = editAgentText('etl.toml', etlText, agent, after).text;
    expect(onlyInserts(etlText, text)).toBe(true);
    expect(text).toContain('"extract_2"');
    expect(loadRuleFile('etl.toml', text).agents[0]!.rules).toEqual(after.rules);
  });

  it('after a pasted tool is renamed, pasting again takes the freed name, never a clash', () => {
    const agent = etl();
    const clip = copyTools(agent, ['extract'])!;
    const once = renameTool(pasteTools(agent, clip).model, 'extract_2', 'fetch');
    const twice = pasteTools(once, clip);
    expect(twice.names.get('extract')).toBe('extract_2');
    const third = pasteTools(twice.model, clip);
    expect(third.names.get('extract')).toBe('extract_3');
    expect(new Set(third.model.tools.map((t) => t.name)).size).toBe(third.model.tools.length);
  });

  it('keeps the names in an agent where they are free', () => {
    const clip = copyTools(etl(), ['extract', 'transform'])!;
    const r = pasteTools({ name: 'other', tools: [{ name: 'search' }], rules: [] }, clip);
    expect([...r.names.values()]).toEqual(['extract', 'transform']);
  });

  it('copies an exclusive group only with all its members, and leaves out the * node', () => {
    const agent: Agent = {
      name: 'a',
      tools: [],
      rules: [
        { tool_name: 'a', rule_type: { type: 'ExclusiveGroups', value: [['a', 'b']] }, conditions: [], priority: 5 },
        { tool_name: '*', rule_type: { type: 'MaxCalls', value: 3 }, conditions: [], priority: 5 },
        { tool_name: 'a', rule_type: { type: 'Cooldown', value: 1000 }, conditions: [], priority: 5 },
      ],
    };
    expect(copyTools(agent, ['a', '*'])!.rules.map((r) => r.rule_type.type)).toEqual(['Cooldown']);
    expect(copyTools(agent, ['*'])).toBeUndefined();
    const both = pasteTools(agent, copyTools(agent, ['a', 'b'])!);
    expect(both.model.rules.slice(3).map((r) => r.rule_type)).toEqual([{ type: 'ExclusiveGroups', value: [['a_2', 'b_2']] }, { type: 'Cooldown', value: 1000 }]);
    // Undeclared tools stay undeclared when a pasted rule draws them.
    expect(both.model.tools).toEqual([]);
  });

  it('declares an undeclared tool no pasted rule names, so it is drawn', () => {
    const agent: Agent = { name: 'a', tools: [], rules: [{ tool_name: 'a', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['b'], priority: 5 }] };
    const r = pasteTools(agent, copyTools(agent, ['b'])!);
    expect(r.model.tools).toEqual([{ name: 'b_2' }]);
  });
});

describe('copy and paste of phases', () => {
  it('keeps transitions to copied phases and to done, and renames drawn transition names', () => {
    const wf = hegel();
    expect(copyPhases(wf, ['spec'])!.nodes[0]!.transitions).toEqual([]);
    const both = pastePhases(wf, copyPhases(wf, ['spec', 'plan', 'done'])!);
    expect(both.model.nodes.slice(2).map((n) => [n.name, n.transitions])).toEqual([
      ['spec_2', [{ when: 'spec_2_complete', to: 'plan_2' }]],
      ['plan_2', [{ when: 'plan_2_complete', to: 'done' }]],
    ]);
    expect(both.links).toBe(2);
    expect(both.model.start_node).toBe('spec');
    const text = editWorkflowText('wf.yaml', hegelText, wf, both.model).text;
    expect(onlyInserts(hegelText, text)).toBe(true);
    expect(loadRuleFile('wf.yaml', text).workflows[0]!.nodes.map((n) => n.name)).toEqual(['spec', 'plan', 'spec_2', 'plan_2']);
  });

  it('never takes a name a transition leads to, and pastes again after a rename without a clash', () => {
    const wf = { ...hegel(), nodes: hegel().nodes.map((n) => (n.name === 'plan' ? { ...n, transitions: [{ when: 'x', to: 'plan_2' }] } : n)) };
    const clip = copyPhases(wf, ['plan'])!;
    const r = pastePhases(wf, clip);
    expect(r.names.get('plan')).toBe('plan_3');
    const again = pastePhases(renamePhase(r.model, 'plan_3', 'review'), clip);
    expect(again.names.get('plan')).toBe('plan_3');
  });
});

describe('the clipboard text', () => {
  it('reads back (through zod) to the clip it was written from', () => {
    const agent = etl();
    const clip = copyTools(agent, ['extract', 'transform', 'load'])!;
    const text = writeRuleFile({ agents: [clipModel(clip, 'etl')], workflows: [] }, 'toml').text;
    const back = clipOfModel(loadRuleFile('clip.toml', text).agents[0]!);
    expect(GraphClip.parse(back)).toEqual(clip);
    const phases = copyPhases(hegel(), ['plan'])!;
    const yaml = writeRuleFile({ agents: [], workflows: [clipModel(phases, hegel())] }, 'yaml').text;
    expect(yaml).toContain('plan_complete');
    expect(GraphClip.parse(clipOfModel(loadRuleFile('clip.yaml', yaml).workflows[0]!))).toEqual(phases);
  });

  it('refuses a clip that is not one', () => {
    expect(GraphClip.safeParse({ kind: 'tools', tools: [], rules: [] }).success).toBe(false);
    expect(GraphClip.safeParse({ kind: 'phases', nodes: [{ name: 1 }] }).success).toBe(false);
    expect(GraphClip.safeParse({ kind: 'files' }).success).toBe(false);
  });
});
