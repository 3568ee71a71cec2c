/**
 * Pattern's agent-file form, read as `AgentConfig::load_from_file` reads it (orual/pattern @
 * 50241994a8ca19fd92d3368e0abdcbad51bb17b3, crates/pattern_core/src/config.rs). The inputs are
 * written here; each mirrors the shape of a file in that repository, named in its test.
 */
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { writeAgentsToml } from '../../src/core/codecs/write/agentsToml.ts';
import { spanKey } from '../../src/core/diagnostics/spans.ts';
import { applyTextEdits } from '../../src/core/diagnostics/textEdits.ts';
import { normaliseText } from '../../src/core/codecs/edit/normalise.ts';
import { withCode } from './helpers.ts';

/** Mirrors bsky_agent/agents/anchor.toml: top-level name and AgentConfig keys, rules under [[agent.tool_rules]]. */
const ANCHOR_SHAPE = `# Anchor - a facet
name = "Anchor"
agent_type = "assistant"
persona_path = "../anchor-persona.md"

[model]
provider = "anthropic"

[context]
max_messages = 500

[memory.partner]
content_path = "../partner.md"
permission = "read_write"

[[agent.tool_rules]]
tool_name = "send_message"
rule_type = { type = "ExitLoop" } # This tool ends the conversation
priority = 8

[[agent.tool_rules]]
tool_name = "recall"
rule_type = { type = "ContinueLoop" }
priority = 1
`;

describe('agent file with [[agent.tool_rules]] (shape of bsky_agent/agents/anchor.toml)', () => {
  const loaded = loadRuleFile('agents/anchor.toml', ANCHOR_SHAPE);

  it('reads one agent named by the top-level name, with the rules Pattern reads (none)', () => {
    expect(loaded.agents.map((a) => a.name)).toEqual(['Anchor']);
    expect(loaded.agents[0]?.rules).toEqual([]);
    expect(withCode(loaded.diagnostics, 'F010')).toEqual([]);
    expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('says with F011 that Pattern ignores the rules, at the [[agent.tool_rules]] key', () => {
    const [f011, ...more] = withCode(loaded.diagnostics, 'F011');
    expect(more).toEqual([]);
    expect(f011).toMatchObject({
      severity: 'warning',
      target: { kind: 'agent', agent: 'Anchor' },
      message:
        'Pattern reads this file as agent "Anchor" (AgentConfig::load_from_file) and ignores the [agent] table, so its 2 tool rules in [[agent.tool_rules]] have no effect on "Anchor". Move them to [[tool_rules]] (quick fix, or convert --move-agent-rules).',
    });
    expect(f011?.range.start.line).toBe(16);
    // agent_type is not an AgentConfig field: Pattern ignores it too.
    expect(withCode(loaded.diagnostics, 'F004').map((d) => d.message)).toEqual([
      'Unknown key "agent_type" in agent "Anchor": kept and written back on export (Pattern ignores it), but Rule Studio does not use it.',
    ]);
  });

  it('keeps the ignored table, so export loses nothing and still reads as one agent', () => {
    const again = loadRuleFile('again.toml', writeAgentsToml(loaded.agents).text);
    expect(again.agents.map((a) => a.name)).toEqual(['Anchor']);
    expect(again.agents[0]?.extra?.['agent']).toEqual(loaded.agents[0]?.extra?.['agent']);
  });

  it('Export keeps the ignored rules where they are, says how many, and names the agent file as one (review16)', () => {
    const exported = normaliseText('agents/anchor.toml', ANCHOR_SHAPE, { moveIgnoredRules: false });
    expect(exported?.text).toBe(ANCHOR_SHAPE);
    expect(exported).toMatchObject({ changed: false, form: "Pattern's agent file (TOML)", ignoredRulesKept: 2 });
    // converting on request still moves them (what `convert --move-agent-rules` and the fix do)
    expect(normaliseText('agents/anchor.toml', ANCHOR_SHAPE)?.text).toBe(ANCHOR_SHAPE.replaceAll('[[agent.tool_rules]]', '[[tool_rules]]'));
  });

  it('offers a quick fix that renames only the headers, keeping comments, and then reads the rules', () => {
    const fix = withCode(loaded.diagnostics, 'F011')[0]?.fix;
    expect(fix?.edits).toHaveLength(2);
    const fixed = applyTextEdits(ANCHOR_SHAPE, fix?.edits ?? []);
    expect(fixed).toBe(ANCHOR_SHAPE.replaceAll('[[agent.tool_rules]]', '[[tool_rules]]'));
    const after = loadRuleFile('agents/anchor.toml', fixed);
    expect(after.agents.map((a) => a.name)).toEqual(['Anchor']);
    expect(after.agents[0]?.rules.map((r) => [r.tool_name, r.rule_type.type, r.priority])).toEqual([
      ['send_message', 'ExitLoop', 8],
      ['recall', 'ContinueLoop', 1],
    ]);
    expect(withCode(after.diagnostics, 'F011')).toEqual([]);
  });

  it('moveAgentRules reads them after the top-level rules and drops them from the kept table', () => {
    const text = ANCHOR_SHAPE.replace('[model]', '[[tool_rules]]\ntool_name = "context"\nrule_type = { type = "ContinueLoop" }\n\n[model]');
    const moved = loadRuleFile('anchor.toml', text, undefined, { moveAgentRules: true });
    expect(moved.agents[0]?.rules.map((r) => r.tool_name)).toEqual(['context', 'send_message', 'recall']);
    expect(moved.agents[0]?.extra?.['agent']).toBeUndefined();
    expect(withCode(moved.diagnostics, 'F011')).toEqual([]);
    // Each rule's position is where it is written: the top-level one, then those moved from [[agent.tool_rules]].
    const lines = text.split('\n');
    const headerLine = (rule: number) => moved.spans.get(spanKey.rule(0, rule))?.start.line ?? 0;
    expect(lines[headerLine(0) - 1]).toBe('[[tool_rules]]');
    expect([1, 2].map((r) => lines[headerLine(r) - 1])).toEqual(['[[agent.tool_rules]]', '[[agent.tool_rules]]']);
    expect(headerLine(2)).toBeGreaterThan(headerLine(1));
    expect(lines[(moved.spans.get(spanKey.ruleField(0, 2, 'tool_name'))?.start.line ?? 0) - 1]).toContain('recall');
    // The text fix appends them the same way.
    const fix = withCode(loadRuleFile('anchor.toml', text).diagnostics, 'F011')[0]?.fix;
    const viaFix = loadRuleFile('anchor.toml', applyTextEdits(text, fix?.edits ?? []));
    expect(viaFix.agents[0]?.rules).toEqual(moved.agents[0]?.rules);
  });

  it('offers no text fix when the rules are not written as headers, and keeps the singular message', () => {
    const inline = 'name = "Solo"\n\n[agent]\ntool_rules = [{ tool_name = "t", rule_type = { type = "ExitLoop" } }]\n';
    const r = loadRuleFile('solo.toml', inline);
    const [f011] = withCode(r.diagnostics, 'F011');
    expect(f011?.message).toContain('its 1 tool rule in [[agent.tool_rules]] has no effect on "Solo". Move it to');
    expect(f011?.fix).toBeUndefined();
    expect(loadRuleFile('solo.toml', inline, undefined, { moveAgentRules: true }).agents[0]?.rules).toHaveLength(1);
  });

  it('offers no text fix when a header sits inside a multi-line string', () => {
    const text = `name = "A"\nnote = """\n[[agent.tool_rules]]\n"""\n\n[[agent.tool_rules]]\ntool_name = "t"\nrule_type = { type = "ExitLoop" }\n`;
    expect(withCode(loadRuleFile('a.toml', text).diagnostics, 'F011')[0]?.fix).toBeUndefined();
  });
});

describe('other agent-file shapes of orual/pattern', () => {
  it('an agent file without tools or rules (shape of example_agents/task_manager.toml.example) is one agent', () => {
    const text = 'name = "TaskManager"\npersona = """\nI plan.\n"""\n\n[memory.task_templates]\ncontent = "x"\npermission = "Read"\n';
    const r = loadRuleFile('task_manager.toml', text);
    expect(r.agents.map((a) => [a.name, a.rules.length])).toEqual([['TaskManager', 0]]);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('a main config with singular [agent] and [[groups.members]] (shape of bsky_agent/constellation.toml)', () => {
    const text = `[user]\nname = "Constellation"\n\n[agent]\nname = "Pattern"\n\n[[agent.tool_rules]]\ntool_name = "send_message"\nrule_type = { type = "ExitLoop" }\n\n[[groups]]\nname = "Cluster"\n\n[[groups.members]]\nname = "Pattern"\nconfig_path = "agents/pattern_config.toml"\n\n[[groups.members]]\nname = "Inline"\n[groups.members.agent_config]\nname = "Inline"\n[[groups.members.agent_config.tool_rules]]\ntool_name = "t"\nrule_type = { type = "MaxCalls", value = 2 }\n`;
    const r = loadRuleFile('constellation.toml', text);
    expect(r.agents.map((a) => [a.name, a.rules.map((x) => x.rule_type.type)])).toEqual([
      ['Pattern', ['ExitLoop']],
      ['Inline', ['MaxCalls']],
    ]);
    expect(withCode(r.diagnostics, 'F011')).toEqual([]);
    expect(withCode(r.diagnostics, 'F010').map((d) => d.message)).toEqual([
      'Singular [agent] is deprecated and Pattern\'s loader rejects it ("Use [[agents]]"); agent "Pattern" is read as [[agents]], the form export writes.',
    ]);
    expect(withCode(r.diagnostics, 'F004').map((d) => d.message)).toEqual([
      'Group member "Pattern" refers to the agent file "agents/pattern_config.toml": load that file too to see its rules; nothing is read from this entry.',
    ]);
  });
});
