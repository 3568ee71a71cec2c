import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseToml } from '../../src/core/codecs/parse/toml.ts';
import { readAgents } from '../../src/core/codecs/read/agents.ts';
import { writeAgentsJson } from '../../src/core/codecs/write/agentsJson.ts';
import { writeAgentsToml } from '../../src/core/codecs/write/agentsToml.ts';
import type { Agent } from '../../src/core/model/toolRules.ts';
import { brief, jsonDoc, readToml, withCode } from './helpers.ts';
import { CONFORMANCE_DIR, EXAMPLES_DIR } from '../data/paths.ts';

const EXAMPLES = EXAMPLES_DIR;
const read = (name: string) => readToml(readFileSync(join(EXAMPLES, name), 'utf8'), name);

describe('shared examples', () => {
  it('every TOML example reads without throwing, with no errors', () => {
    for (const f of readdirSync(EXAMPLES).filter((n) => n.endsWith('.toml'))) {
      const r = read(f);
      expect(r.agents.length, f).toBe(1);
      expect(r.diagnostics.filter((d) => d.severity !== 'info'), f).toEqual([]);
    }
  });

  it('design-data-processor: [agent] and every design-era name normalised', () => {
    const r = read('design-data-processor.toml');
    expect(r.agents[0]?.rules.map((x) => x.rule_type.type)).toEqual(['StartConstraint', 'RequiresPrecedingTools', 'ContinueLoop', 'ExitLoop', 'RequiredBeforeExit']);
    expect(brief(r.diagnostics)).toEqual(['F010 info 2:1', 'F010 info 8:1', 'F010 info 13:1', 'F010 info 19:1', 'F010 info 24:1', 'F010 info 29:1']);
  });

  it('docs-etl-pipeline: rules only under [agent], named after the file', () => {
    const r = read('docs-etl-pipeline.toml');
    expect(r.agents[0]?.name).toBe('docs-etl-pipeline');
    expect(r.agents[0]?.rules).toHaveLength(5);
    expect(withCode(r.diagnostics, 'F010').slice(0, 2).map((d) => d.range.start.line)).toEqual([2, 2]);
  });

  it('gating-file-tool: externally tagged AllowedOperations, sorted', () => {
    const r = read('gating-file-tool.toml');
    expect(r.agents[0]).toEqual({
      name: 'gating-file-tool',
      tools: [],
      rules: [{ tool_name: 'file', rule_type: { type: 'AllowedOperations', value: ['append', 'read'] }, conditions: [], priority: 0 }],
    });
  });

  it('the conformance agent files read with no diagnostic at all', () => {
    for (const f of readdirSync(CONFORMANCE_DIR)) {
      const c = JSON.parse(readFileSync(join(CONFORMANCE_DIR, f), 'utf8')) as { files: Record<string, string> };
      for (const [name, text] of Object.entries(c.files))
        if (name.endsWith('.toml')) expect(readToml(text, name).diagnostics, `${f}/${name}`).toEqual([]);
    }
  });
});

describe('robustness: diagnostics, never a throw', () => {
  it('a truncated file', () => {
    const full = writeAgentsToml([{ name: 'a', tools: [{ name: 't' }], rules: [{ tool_name: 't', rule_type: { type: 'MaxCalls', value: 3 }, conditions: ['u'], priority: 9 }] }]).text;
    for (let n = 0; n < full.length; n++) {
      const doc = parseToml(full.slice(0, n));
      expect(() => readAgents(doc, 'a.toml')).not.toThrow();
      if (doc.errors.length > 0) expect(doc.errors[0]?.range.start.line).toBeGreaterThanOrEqual(1);
    }
  });

  it('10,000-deep nested arrays', () => {
    const doc = parseToml(`name = "a"\ntools = ${'['.repeat(10000)}${']'.repeat(10000)}\n`);
    expect(doc.errors).toHaveLength(1);
    expect(readAgents(doc, 'a.toml').agents).toEqual([]);
    const json = jsonDoc(`{"name":"a","tool_rules":[{"tool_name":"t","rule_type":{"type":"Needed"},"metadata":${'['.repeat(10000)}${']'.repeat(10000)}}]}`);
    const r = readAgents(json, 'a.json');
    expect(r.agents[0]?.rules).toHaveLength(1);
  });

  it('a binary file', () => {
    const bin = String.fromCharCode(...Array.from({ length: 2048 }, (_, i) => (i * 131 + 7) % 256));
    expect(() => readAgents(parseToml(bin), 'x.toml')).not.toThrow();
    expect(parseToml(bin).errors.length).toBeGreaterThan(0);
  });

  it('a rule file mixing forms reads every agent and rule it can', () => {
    const r = readToml(`name = "top"

[[tool_rules]]
tool_name = "a"
rule_type = "must_follow"
conditions = ["b"]

[[tool_rules]]
tool_name = "b"
rule_type = { MaxCalls = -2 }

[agent]
name = "old"

[[agent.tool_rules]]
tool_name = "c"
rule_type = { type = "cooldown", value = "5m" }

[[agents]]
name = "new"

[[agents.tool_rules]]
tool_name = "d"
rule_type = { type = "Wat" }

[[agents.tool_rules]]
tool_name = "e"
rule_type = { type = "RequiresConsent", scope = "s" }
weird = true
`);
    expect(r.agents.map((a) => [a.name, a.rules.map((x) => x.rule_type.type)])).toEqual([
      ['new', ['RequiresConsent']],
      ['old', ['Cooldown']],
      ['top', ['RequiresPrecedingTools']],
    ]);
    expect(r.diagnostics.map((d) => `${d.code} ${d.range.start.line}`).sort()).toEqual(
      ['F002 24', 'F003 10', 'F004 29', 'F010 12', 'F010 17', 'F010 17', 'F010 28', 'F010 5'].sort(),
    );
  });

  it('keeps __proto__ keys as data through TOML and JSON', () => {
    const agent: Agent = {
      name: 'p',
      tools: [],
      rules: [{ tool_name: 't', rule_type: { type: 'Needed' }, conditions: [], priority: 5, metadata: JSON.parse('{"__proto__":{"x":1}}') as Agent['rules'][number]['metadata'], extra: JSON.parse('{"__proto__":2}') as Record<string, number> }],
    };
    expect(readToml(writeAgentsToml([agent]).text).agents).toEqual([agent]);
    expect(readAgents(jsonDoc(writeAgentsJson([agent]).text), 'p.json').agents).toEqual([agent]);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});

describe('JSON data keeps every key', () => {
  it('a metadata key named __proto__ survives the model schema as data', async () => {
    const { ToolRule } = await import('../../src/core/model/toolRules.ts');
    const metadata = JSON.parse('{"__proto__": {"x": 1}, "a": [1, {"__proto__": 2}]}') as unknown;
    const r = ToolRule.parse({ tool_name: 't', rule_type: { type: 'ExitLoop' }, metadata });
    expect(Object.keys(r.metadata as object)).toEqual(['__proto__', 'a']);
    expect(JSON.stringify(r.metadata)).toBe('{"__proto__":{"x":1},"a":[1,{"__proto__":2}]}');
    expect(ToolRule.safeParse({ tool_name: 't', rule_type: { type: 'ExitLoop' }, metadata: { f: () => 1 } }).success).toBe(false);
    expect(ToolRule.safeParse({ tool_name: 't', rule_type: { type: 'ExitLoop' }, metadata: Number.NaN }).success).toBe(false);
  });
});
