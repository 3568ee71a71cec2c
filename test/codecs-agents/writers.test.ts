import { describe, expect, it } from 'vitest';
import { parse as parseYamlText } from 'yaml';
import { writeAgentFileToml, writeAgentsToml } from '../../src/core/codecs/write/agentsToml.ts';
import { writeAgentJson, writeAgentsJson } from '../../src/core/codecs/write/agentsJson.ts';
import { writeAgentsYaml } from '../../src/core/codecs/write/agentsYaml.ts';
import type { Agent } from '../../src/core/model/toolRules.ts';
import { readToml } from './helpers.ts';

const SECTION_2_3 = `[[agents]]
name = "DataProcessor"
tools = ["load_data", "validate", "process", "save_results"]

[[agents.tool_rules]]
tool_name = "load_data"
rule_type = { type = "StartConstraint" }
priority = 10

[[agents.tool_rules]]
tool_name = "process"
rule_type = { type = "MaxCalls", value = 3 }
`;

const dataProcessor: Agent = {
  name: 'DataProcessor',
  tools: ['load_data', 'validate', 'process', 'save_results'].map((name) => ({ name })),
  rules: [
    { tool_name: 'load_data', rule_type: { type: 'StartConstraint' }, conditions: [], priority: 10 },
    { tool_name: 'process', rule_type: { type: 'MaxCalls', value: 3 }, conditions: [], priority: 5 },
  ],
};

const rich: Agent = {
  name: 'rich',
  tools: [{ name: 'file', operations: ['read', 'append'], operation_field: 'op' }, { name: 'shell' }],
  rules: [
    { tool_name: 'file', rule_type: { type: 'AllowedOperations', value: ['read', 'append'] }, conditions: [], priority: 5 },
    { tool_name: 'shell', rule_type: { type: 'RequiresConsent', value: { scope: 'exec' } }, conditions: [], priority: 5 },
    { tool_name: 'shell', rule_type: { type: 'RequiresConsent', value: {} }, conditions: [], priority: 5, metadata: { why: 'audit' } },
    { tool_name: 'x', rule_type: { type: 'ExclusiveGroups', value: [['a', 'b'], ['c']] }, conditions: [], priority: 5 },
    { tool_name: 'y', rule_type: { type: 'Cooldown', value: 1500 }, conditions: [], priority: 5 },
    { tool_name: 'z', rule_type: { type: 'ExitLoop' }, conditions: ['a'], priority: 0 },
  ],
};

describe('writeAgentsToml', () => {
  it('writes the §2.3 example exactly', () => {
    expect(writeAgentsToml([dataProcessor])).toEqual({ text: SECTION_2_3, diagnostics: [] });
  });

  it('writes payloads in the forms Pattern parses, sorted operations, consent {} or { scope }, tool_specs', () => {
    const { text } = writeAgentsToml([rich]);
    expect(text).toContain('rule_type = { type = "AllowedOperations", value = ["append", "read"] }');
    expect(text).toContain('rule_type = { type = "RequiresConsent", value = { scope = "exec" } }');
    expect(text).toContain('rule_type = { type = "RequiresConsent", value = {} }\nmetadata = { why = "audit" }');
    expect(text).toContain('rule_type = { type = "ExclusiveGroups", value = [["a", "b"], ["c"]] }');
    expect(text).toContain('rule_type = { type = "Cooldown", value = 2 }');
    expect(text).toContain('rule_type = { type = "ExitLoop" }\nconditions = ["a"]\npriority = 0');
    expect(text).toContain('[agents.tool_specs.file]\noperations = ["read", "append"]\noperation_field = "op"');
  });

  it('warns when a duration is rounded and when ExitLoop has conditions', () => {
    const { diagnostics } = writeAgentsToml([rich]);
    expect(diagnostics.map((d) => [d.code, d.severity, d.file, d.target, d.message])).toEqual([
      ['X001', 'warning', '<export>', { kind: 'agent', agent: 'rich', rule: 4 }, "Cooldown of 1500 ms for `y` is not whole seconds: Pattern's config holds whole seconds, so it is exported as 2 s."],
      ['X002', 'warning', '<export>', { kind: 'agent', agent: 'rich', rule: 5 }, 'ExitLoop for `z` has conditions (a): Pattern ignores them, so there the loop ends after any successful call of `z`.'],
    ]);
    expect(diagnostics[0]?.range).toEqual({ start: { line: 1, column: 1 }, end: { line: 1, column: 1 } });
  });

  it('escapes hostile names so they read back unchanged', () => {
    const names = ['<script>alert(1)</script>', 'a "quoted" \\ name', 'line\nbreak\ttab', 'del\u007f', '日本語 🚀', ''];
    const agent: Agent = {
      name: names[1] ?? '',
      tools: names.map((name) => ({ name })),
      rules: names.map((n) => ({ tool_name: n, rule_type: { type: 'Needed' }, conditions: [n], priority: 5 })),
    };
    const back = readToml(writeAgentsToml([agent]).text);
    expect(back.diagnostics).toEqual([]);
    expect(back.agents).toEqual([agent]);
  });

  it('writes one agent as an agent file', () => {
    const { text } = writeAgentFileToml(dataProcessor);
    expect(text).toBe(SECTION_2_3.replace('[[agents]]\n', '').replaceAll('[[agents.tool_rules]]', '[[tool_rules]]'));
    expect(readToml(text, 'DataProcessor.toml').agents).toEqual([dataProcessor]);
  });

  it('writes a null inside metadata as nothing, with a warning', () => {
    const agent: Agent = { name: 'n', tools: [], rules: [{ tool_name: 't', rule_type: { type: 'Needed' }, conditions: [], priority: 5, metadata: { a: null, b: 1 } }] };
    const { text, diagnostics } = writeAgentsToml([agent]);
    expect(text).toContain('metadata = { b = 1 }');
    expect(diagnostics.map((d) => d.code)).toEqual(['X003']);
  });
});

describe('writeAgentsJson (Pattern runtime form)', () => {
  it('writes externally tagged types, { secs, nanos } durations and every rule field', () => {
    const v = JSON.parse(writeAgentsJson([rich]).text) as { agents: { tool_rules: { rule_type: unknown; metadata: unknown; conditions: unknown; priority: unknown }[]; tool_specs: unknown }[] };
    const rules = v.agents[0]?.tool_rules ?? [];
    expect(rules.map((r) => r.rule_type)).toEqual([
      { AllowedOperations: ['append', 'read'] },
      { RequiresConsent: { scope: 'exec' } },
      { RequiresConsent: {} },
      { ExclusiveGroups: [['a', 'b'], ['c']] },
      { Cooldown: { secs: 1, nanos: 500000000 } },
      'ExitLoop',
    ]);
    expect(rules[0]).toEqual({ tool_name: 'file', rule_type: { AllowedOperations: ['append', 'read'] }, conditions: [], priority: 5, metadata: null });
    expect(v.agents[0]?.tool_specs).toEqual({ file: { operations: ['read', 'append'], operation_field: 'op' } });
  });

  it('warns only about ExitLoop conditions (durations are exact)', () => {
    expect(writeAgentsJson([rich]).diagnostics.map((d) => d.code)).toEqual(['X002']);
  });

  it('writes one agent as an object', () => {
    const v = JSON.parse(writeAgentJson(dataProcessor).text) as { name: string; tool_rules: { rule_type: unknown }[] };
    expect(v.name).toBe('DataProcessor');
    expect(v.tool_rules.map((r) => r.rule_type)).toEqual(['StartConstraint', { MaxCalls: 3 }]);
  });
});

describe('writeAgentsYaml', () => {
  it('has the shape of the TOML main config', () => {
    const { text, diagnostics } = writeAgentsYaml([dataProcessor]);
    expect(diagnostics).toEqual([]);
    expect(parseYamlText(text)).toEqual({
      agents: [
        {
          name: 'DataProcessor',
          tools: ['load_data', 'validate', 'process', 'save_results'],
          tool_rules: [
            { tool_name: 'load_data', rule_type: { type: 'StartConstraint' }, priority: 10 },
            { tool_name: 'process', rule_type: { type: 'MaxCalls', value: 3 } },
          ],
        },
      ],
    });
  });
});
