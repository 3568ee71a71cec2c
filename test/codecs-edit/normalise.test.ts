/**
 * Issue 9.2: "Convert to Pattern's form" / "… hegel's form" rewrite only the legacy spellings,
 * keeping comments, and the result reads without F010; the F010 quick fix converts one rule.
 * Inputs: the shared design-era and docs examples (test/data), as written in the design documents.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normaliseText, withNormaliseFixes } from '../../src/core/codecs/edit/normalise.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { configAgent } from '../../src/core/codecs/write/agentsConfig.ts';
import { applyTextEdits } from '../../src/core/diagnostics/textEdits.ts';

const comments = (text: string) => text.split('\n').filter((l) => l.trim().startsWith('#'));
const f010 = (file: string, text: string) => loadRuleFile(file, text).diagnostics.filter((d) => d.code === 'F010');
const model = (file: string, text: string) => loadRuleFile(file, text).agents.map((a) => configAgent(a, []));

describe("Convert to Pattern's form", () => {
  const design = readFileSync('test/data/examples/design-smart-assistant.toml', 'utf8');

  it('rewrites the design-era example into the shape of tool-rules.md §2.3, comments kept', () => {
    const r = normaliseText('design.toml', design);
    expect(r).toMatchObject({ changed: true, how: 'patched' });
    const text = r!.text;
    expect(comments(text)).toEqual(comments(design));
    expect(text).toContain('[[agents]]\nname = "SmartAssistant"');
    expect(text).not.toMatch(/^\[agent\]|\[\[agent\./m);
    expect(text).toContain('tool_name = "send_email"\nrule_type = { type = "ExitLoop" }\npriority = 8');
    expect(text).toContain('tool_name = "schedule"\nrule_type = { type = "RequiresPrecedingTools" }\nconditions = ["search"]');
    expect(f010('design.toml', text)).toEqual([]);
    expect(model('design.toml', text)).toEqual(model('design.toml', design));
  });

  it('keeps explicit defaults and converts external tags and bare names (docs example)', () => {
    const docs = readFileSync('test/data/examples/docs-data-processor.toml', 'utf8');
    const r = normaliseText('docs.toml', docs)!;
    expect(r.how).toBe('patched');
    expect(r.text).toContain('rule_type = { type = "MaxCalls", value = 3 }\npriority = 5');
    expect(r.text).toContain('rule_type = { type = "RequiresPrecedingTools" }');
    expect(f010('docs.toml', r.text)).toEqual([]);
    expect(model('docs.toml', r.text)).toEqual(model('docs.toml', docs));
  });

  it('leaves a file already in the loadable form unchanged', () => {
    const etl = readFileSync('examples/etl-pipeline.toml', 'utf8');
    expect(normaliseText('etl.toml', etl)).toMatchObject({ changed: false, text: etl });
  });

  it("converts hegel's seed rule forms in YAML, keeping comments", () => {
    const yaml = '# seed form\nmode: execution\nstart_node: a\nnodes:\n  a:\n    transitions:\n      - when: ok   # done\n        to: done\n    rules:\n      # budget\n      - token_budget: { max_tokens: 100 }\n      - type: phase_timeout\n        max_duration_secs: 60\n';
    expect(f010('w.yaml', yaml).length).toBeGreaterThan(0);
    const r = normaliseText('w.yaml', yaml)!;
    expect(r.how).toBe('patched');
    expect(f010('w.yaml', r.text)).toEqual([]);
    expect(comments(r.text)).toEqual(comments(yaml));
    expect(r.text).toContain('when: ok   # done');
    expect(loadRuleFile('w.yaml', r.text).workflows[0]!.nodes[0]!.rules).toEqual(loadRuleFile('w.yaml', yaml).workflows[0]!.nodes[0]!.rules);
  });
});

describe('F010 quick fix', () => {
  const design = readFileSync('test/data/examples/design-smart-assistant.toml', 'utf8');

  it('converts exactly one rule and keeps the others as written', () => {
    const diagnostics = withNormaliseFixes('design.toml', design, loadRuleFile('design.toml', design).diagnostics);
    const terminal = diagnostics.find((d) => d.code === 'F010' && d.target.kind === 'agent' && d.target.rule === 1);
    expect(terminal?.fix?.title).toBe("Convert this rule to Pattern's form");
    const after = applyTextEdits(design, terminal!.fix!.edits);
    expect(after).toBe(design.replace('rule_type = "Terminal"', 'rule_type = { type = "ExitLoop" }'));
    expect(f010('design.toml', after)).toHaveLength(f010('design.toml', design).length - 1);
  });

  it('renames the singular [agent] table headers and nothing else', () => {
    const diagnostics = withNormaliseFixes('design.toml', design, loadRuleFile('design.toml', design).diagnostics);
    const agent = diagnostics.find((d) => d.code === 'F010' && d.message.includes('[agent]'));
    const after = applyTextEdits(design, agent!.fix!.edits);
    expect(after).toBe(design.replace('[agent]', '[[agents]]').replaceAll('[[agent.tool_rules]]', '[[agents.tool_rules]]'));
  });
});
