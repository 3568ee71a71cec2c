/**
 * The TOML writers: a workflow's node order survives TOML (nodes named `10` and `2` used to be
 * moved first, as plain JavaScript objects order integer-like keys), and a lone surrogate, which
 * TOML cannot hold, is written as U+FFFD with a warning instead of throwing.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { writeRuleFile, writeWorkflow } from '../../src/core/codecs/write.ts';

const NUMBERED = `mode: m
start_node: b
nodes:
  b:
    prompt: "Begin"
    transitions:
      - when: go
        to: "10"
    rules:
      - type: token_budget
        max_tokens: 100
  "10":
    transitions:
      - when: go
        to: "2"
  "2":
    transitions: []
    custom: { x: 1 }
`;

describe('workflow TOML', () => {
  it('keeps the order of nodes with integer-like names, and reads back to the same workflow', () => {
    const wf = loadRuleFile('w.yaml', NUMBERED).workflows[0];
    if (!wf) throw new Error('no workflow');
    const toml = writeWorkflow(wf, 'toml');
    const headers = toml.split('\n').filter((l) => l.startsWith('['));
    expect(headers).toEqual(['[nodes.b]', '[[nodes.b.transitions]]', '[[nodes.b.rules]]', '[[nodes.10.transitions]]', '[nodes.2]']);
    const back = loadRuleFile('w.toml', toml);
    expect(back.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(back.workflows[0]?.nodes.map((n) => n.name)).toEqual(['b', '10', '2']);
    expect(back.workflows[0]?.nodes).toEqual(wf.nodes);
    // TOML as any reader takes it, with the same data as the JSON form
    expect(parse(toml)).toEqual(JSON.parse(writeWorkflow(wf, 'json')));
  });

  it("round-trips the examples' workflows through TOML", () => {
    for (const name of ['hegel-execution.yaml', 'hegel-minimal.yaml']) {
      const wf = loadRuleFile(name, readFileSync(`examples/${name}`, 'utf8')).workflows[0];
      if (!wf) throw new Error(`no workflow in ${name}`);
      const back = loadRuleFile('w.toml', writeWorkflow(wf, 'toml')).workflows[0];
      expect(back?.nodes, name).toEqual(wf.nodes);
      expect(back?.start_node).toBe(wf.start_node);
    }
  });
});

describe('lone surrogates in TOML', () => {
  it('are written as U+FFFD with warning X013, in keys and values, agents and workflows, never a throw', () => {
    const agent = loadRuleFile('a.json', '{"name":"a","tools":["x\\ud800"],"tool_rules":[{"tool_name":"x\\ud800","rule_type":"ExitLoop","metadata":{"k\\udc00":"v"}}]}');
    const workflow = loadRuleFile('w.json', '{"mode":"m","start_node":"a\\ud800","nodes":{"a\\ud800":{"transitions":[{"when":"go","to":"done"}]}}}');
    for (const file of [agent, workflow]) {
      expect(file.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const written = writeRuleFile(file, 'toml');
      expect(written.text).toContain('\ufffd');
      expect(written.text).not.toMatch(/[\ud800-\udfff]/);
      expect(written.diagnostics.map((d) => d.code)).toEqual(['X013']);
      expect(written.diagnostics[0]?.message).toMatch(/lone surrogate .* written as U\+FFFD/);
      const back = loadRuleFile('back.toml', written.text);
      expect(back.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    }
    // JSON keeps it (as an escape) and says nothing
    expect(writeRuleFile(agent, 'json').diagnostics).toEqual([]);
    // a well-formed pair is not a lone surrogate
    const emoji = loadRuleFile('e.json', '{"name":"a","tools":["\\ud83d\\ude00"],"tool_rules":[]}');
    expect(writeRuleFile(emoji, 'toml')).toMatchObject({ diagnostics: [] });
    expect(writeRuleFile(emoji, 'toml').text).toContain('😀');
  });
});
