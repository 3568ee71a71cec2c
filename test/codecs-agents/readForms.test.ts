import { describe, expect, it } from 'vitest';
import { readAgents, looksLikeAgents } from '../../src/core/codecs/read/agents.ts';
import { spanKey } from '../../src/core/diagnostics/spans.ts';
import { brief, jsonDoc, readToml, withCode, yamlDoc } from './helpers.ts';

const rule = (tool_name: string, rule_type: object, extra: object = {}) => ({ tool_name, rule_type, conditions: [], priority: 5, ...extra });

describe('§2.1 where the rules sit', () => {
  it('reads a main config with several agents as is (no diagnostics)', () => {
    const r = readToml(`[[agents]]
name = "one"
tools = ["a", "b"]

[[agents.tool_rules]]
tool_name = "a"
rule_type = { type = "StartConstraint" }
priority = 10

[[agents]]
name = "two"

[[agents.tool_rules]]
tool_name = "b"
rule_type = { type = "MaxCalls", value = 3 }
`);
    expect(r.diagnostics).toEqual([]);
    expect(r.agents).toEqual([
      { name: 'one', tools: [{ name: 'a' }, { name: 'b' }], rules: [rule('a', { type: 'StartConstraint' }, { priority: 10 })] },
      { name: 'two', tools: [], rules: [rule('b', { type: 'MaxCalls', value: 3 })] },
    ]);
    expect(r.spans.get(spanKey.agent(1))?.start).toEqual({ line: 10, column: 1 });
    expect(r.spans.get(spanKey.rule(1, 0))?.start).toEqual({ line: 13, column: 1 });
    expect(r.spans.get(spanKey.ruleField(0, 0, 'priority'))?.start).toEqual({ line: 8, column: 1 });
    expect(r.spans.get(spanKey.agentTools(0))?.start).toEqual({ line: 3, column: 1 });
  });

  it('reads an agent file as is', () => {
    const r = readToml('name = "files"\ntools = ["file"]\n\n[[tool_rules]]\ntool_name = "file"\nrule_type = { type = "ExitLoop" }\n');
    expect(r.diagnostics).toEqual([]);
    expect(r.agents).toEqual([{ name: 'files', tools: [{ name: 'file' }], rules: [rule('file', { type: 'ExitLoop' })] }]);
    expect(r.spans.get(spanKey.rule(0, 0))?.start).toEqual({ line: 4, column: 1 });
  });

  it('reads design-era [agent] with an F010 info on the header', () => {
    const r = readToml('# x\n[agent]\nname = "d"\n\n[[agent.tool_rules]]\ntool_name = "t"\nrule_type = { type = "ExitLoop" }\n');
    expect(r.agents.map((a) => a.name)).toEqual(['d']);
    expect(brief(r.diagnostics)).toEqual(['F010 info 2:1']);
    expect(r.diagnostics[0]?.message).toBe(
      'Singular [agent] is deprecated and Pattern\'s loader rejects it ("Use [[agents]]"); agent "d" is read as [[agents]], the form export writes.',
    );
    expect(r.diagnostics[0]?.target).toEqual({ kind: 'agent', agent: 'd' });
  });

  it('names an agent without name after the file, with an F010 info', () => {
    const r = readToml('[[tool_rules]]\ntool_name = "t"\nrule_type = { type = "Needed" }\n', 'some/dir/my-rules.toml');
    expect(r.agents[0]?.name).toBe('my-rules');
    expect(withCode(r.diagnostics, 'F010').map((d) => d.message)).toEqual([
      'Agent has no name, so it takes the file\'s name "my-rules"; export writes name = "my-rules".',
    ]);
  });

  it('keeps Pattern agent keys silently and unknown ones with F004', () => {
    const r = readToml('name = "a"\nsystem_prompt = "hi"\nflavour = "x"\n');
    expect(r.agents[0]?.extra).toEqual({ system_prompt: 'hi', flavour: 'x' });
    expect(brief(r.diagnostics)).toEqual(['F004 warning 3:1']);
  });

  it('reads tool details from tool_specs', () => {
    const r = readToml(`name = "a"
tools = ["file", "send"]

[tool_specs.file]
operations = ["read", "append"]
operation_field = "op"
schema = { type = "object" }

[tool_specs.ghost]
operations = ["x"]
`);
    expect(r.agents[0]?.tools).toEqual([
      { name: 'file', operations: ['read', 'append'], operation_field: 'op', schema: { type: 'object' } },
      { name: 'send' },
    ]);
    expect(brief(r.diagnostics)).toEqual(['F004 warning 9:1']);
    expect(r.diagnostics[0]?.message).toContain('`ghost`, which is not in tools');
  });

  it('warns about config_path agent references and reads nothing from them', () => {
    const r = readToml('[[agents]]\nconfig_path = "agents/x.toml"\n\n[[agents]]\nname = "y"\n');
    expect(r.agents.map((a) => a.name)).toEqual(['y']);
    expect(brief(r.diagnostics)).toEqual(['F004 warning 1:1']);
    expect(r.spans.get(spanKey.agent(0))?.start.line).toBe(4);
  });

  it('offsets agent span indices by startAgentIndex', () => {
    const r = readAgents(jsonDoc('{"name":"a","tool_rules":[]}'), 'a.json', { startAgentIndex: 3 });
    expect(r.spans.get(spanKey.agent(3))).toBeDefined();
    expect(r.spans.get(spanKey.agent(0))).toBeUndefined();
  });
});

describe('§2.2 JSON shapes', () => {
  it('reads a rule array as an agent named after the file', () => {
    const r = readAgents(jsonDoc('[{"tool_name":"a","rule_type":{"type":"ExitLoop"}}]'), 'x/rules.json');
    expect(r.agents).toEqual([{ name: 'rules', tools: [], rules: [rule('a', { type: 'ExitLoop' })] }]);
    expect(brief(r.diagnostics)).toEqual(['F010 info 1:1']);
  });

  it('reads an agent object and { agents: [...] }', () => {
    const one = readAgents(jsonDoc('{"name":"a","tools":["t"],"tool_rules":[{"tool_name":"t","rule_type":{"type":"Needed"}}]}'), 'a.json');
    const many = readAgents(jsonDoc('{"agents":[{"name":"a","tools":["t"],"tool_rules":[{"tool_name":"t","rule_type":{"type":"Needed"}}]}]}'), 'a.json');
    expect(one.diagnostics).toEqual([]);
    expect(many.agents).toEqual(one.agents);
  });

  it("reads Pattern's runtime JSON without F010 for its own forms", () => {
    const text = JSON.stringify({
      name: 'rt',
      tools: [],
      tool_rules: [
        { tool_name: 'a', rule_type: { MaxCalls: 3 }, conditions: [], priority: 5, metadata: null },
        { tool_name: 'b', rule_type: { Cooldown: { secs: 1, nanos: 0 } }, conditions: [], priority: 7, metadata: { k: 1 } },
        { tool_name: 'c', rule_type: 'ExitLoop', conditions: ['a'], priority: 5, metadata: null },
        { tool_name: 'd', rule_type: { RequiresConsent: { scope: 's' } }, conditions: [], priority: 5, metadata: null },
        { tool_name: 'e', rule_type: { Periodic: { secs: 2, nanos: 500000000 } }, conditions: [], priority: 5, metadata: null },
      ],
    });
    const r = readAgents(jsonDoc(text), 'rt.json');
    expect(r.agents[0]?.rules).toEqual([
      rule('a', { type: 'MaxCalls', value: 3 }),
      rule('b', { type: 'Cooldown', value: 1000 }, { priority: 7, metadata: { k: 1 } }),
      rule('c', { type: 'ExitLoop' }, { conditions: ['a'] }),
      rule('d', { type: 'RequiresConsent', value: { scope: 's' } }),
      rule('e', { type: 'Periodic', value: 2500 }),
    ]);
    // Only the duration that is not whole seconds is worth telling.
    expect(r.diagnostics.map((d) => [d.code, d.target])).toEqual([['F010', { kind: 'agent', agent: 'rt', rule: 4 }]]);
  });
});

describe('positions in JSON and YAML', () => {
  it('points F003 at the JSON value and spans at the rule', () => {
    const r = readAgents(jsonDoc('{\n  "name": "j",\n  "tool_rules": [\n    {"tool_name": "t", "rule_type": {"type": "ExitLoop"}},\n    {"tool_name": "u", "rule_type": {"type": "ExitLoop"}, "priority": 300}\n  ]\n}\n'), 'j.json');
    expect(brief(r.diagnostics)).toEqual(['F003 error 5:71']);
    expect(r.spans.get(spanKey.rule(0, 0))?.start).toEqual({ line: 4, column: 5 });
  });

  it('reads the YAML main-config shape with positions', () => {
    const r = readAgents(yamlDoc('agents:\n  - name: y\n    tool_rules:\n      - tool_name: t\n        rule_type: { type: Bogus }\n'), 'y.yaml');
    expect(r.agents[0]?.rules).toEqual([]);
    expect(brief(r.diagnostics)).toEqual(['F002 error 5:20']);
  });
});

describe('looksLikeAgents', () => {
  it('accepts every agents form and rejects workflows and other data', () => {
    expect(looksLikeAgents({ agents: [] })).toBe(true);
    expect(looksLikeAgents({ agent: {} })).toBe(true);
    expect(looksLikeAgents({ tool_rules: [] })).toBe(true);
    expect(looksLikeAgents({ name: 'a', tools: [] })).toBe(true);
    expect(looksLikeAgents([{ tool_name: 'a' }])).toBe(true);
    expect(looksLikeAgents({ mode: 'x', start_node: 'a', nodes: {} })).toBe(false);
    expect(looksLikeAgents({ database: {} })).toBe(false);
    expect(looksLikeAgents([1, 2])).toBe(false);
    expect(looksLikeAgents('x')).toBe(false);
  });
});
