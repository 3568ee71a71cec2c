import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { checkLoadedFile } from '../../src/core/check.ts';
import { API_RULES, doubleEncoded, OUTREACH_AF, TWO_AGENTS_AF } from './fixtures.ts';

const lineOf = (text: string, needle: string, from = 0): number => text.slice(0, text.indexOf(needle, from)).split('\n').length;

describe('reading Letta agent files', () => {
  it('reads an .af agent: its name, its tools by id in tool_ids order, and every rule in file order', () => {
    const f = loadRuleFile('outreach.af', OUTREACH_AF);
    expect(f.format).toBe('json');
    expect(f.diagnostics).toEqual([]);
    expect(f.agents).toHaveLength(1);
    const a = f.agents[0]!;
    expect(a.family).toBe('letta');
    expect(a.name).toBe('outreach');
    expect(a.tools.map((t) => t.name)).toEqual(['reject', 'send_email', 'evaluate_candidate', 'retrieve_candidate']);
    expect(a.rules).toEqual([]);
    expect(a.lettaRules?.map((r) => `${r.type}:${r.tool_name}`)).toEqual([
      'run_first:retrieve_candidate',
      'constrain_child_tools:retrieve_candidate',
      'conditional:evaluate_candidate',
      'exit_loop:reject',
      'exit_loop:send_email',
    ]);
    const cond = a.lettaRules?.[2];
    expect(cond?.type === 'conditional' && cond.child_output_mapping).toEqual({ True: 'send_email', False: 'reject' });
    // null and absent stay apart, so the rule writes back as it was
    expect(a.lettaRules?.[0]).toEqual({ tool_name: 'retrieve_candidate', type: 'run_first', prompt_template: null, args: null });
  });

  it('is not mistaken for a Pattern agent because of the top-level tools key', () => {
    const f = loadRuleFile('outreach.af', OUTREACH_AF);
    expect(f.agents.map((a) => a.name)).toEqual(['outreach']);
    expect(f.diagnostics.filter((d) => d.code === 'F003' || d.code === 'F004')).toEqual([]);
  });

  it('reads every agent of a file with two, with tool_rules null as no rules', () => {
    const f = loadRuleFile('evie.af', TWO_AGENTS_AF);
    expect(f.diagnostics).toEqual([]);
    expect(f.agents.map((a) => [a.name, a.tools.map((t) => t.name), a.lettaRules?.length])).toEqual([
      ['Evie', ['send_message', 'memory_insert'], 0],
      ['Evie-sleeptime', ['memory_insert', 'memory_finish_edits'], 2],
    ]);
  });

  it('reads a double-encoded agent file from inside its string, with an info that says so, positions in the outer file', () => {
    const broken = OUTREACH_AF.replace('"type": "exit_loop"', '"type": "exit"');
    const text = doubleEncoded(broken);
    expect(text.split('\n')).toHaveLength(1);
    const f = loadRuleFile('memgpt_agent.af', text);
    expect(f.diagnostics.map((d) => [d.code, d.severity])).toEqual([['F010', 'info'], ['F002', 'error']]);
    expect(f.diagnostics[0]?.message).toMatch(/Letta agent file is a JSON string .*double-encoded/);
    const f002 = f.diagnostics[1]!;
    // the range points at `"exit"` inside the string literal of the outer file
    const col = text.indexOf('\\"exit\\"') + 1;
    expect(f002.range.start).toEqual({ line: 1, column: col });
    expect(f.agents[0]?.lettaRules).toHaveLength(4);
  });

  it('reads the plain tool_rules list of Letta’s API as one agent named after the file', () => {
    const f = loadRuleFile('rules.json', API_RULES);
    expect(f.diagnostics).toEqual([]);
    expect(f.agents.map((a) => [a.name, a.family, a.lettaRules?.length])).toEqual([['rules', 'letta', 4]]);
    const max = f.agents[0]?.lettaRules?.[2];
    expect(max?.type === 'max_count_per_step' && max.max_count_limit).toBe(3);
  });

  it('still reads Pattern rule lists and main configs as Pattern (near misses)', () => {
    const pattern = loadRuleFile('p.json', '[{"tool_name": "a", "rule_type": "ExitLoop"}]');
    expect(pattern.agents[0]?.family).toBeUndefined();
    expect(pattern.agents[0]?.rules).toHaveLength(1);
    const config = loadRuleFile('c.json', '{"agents": [{"name": "x", "tools": ["a"], "tool_rules": []}]}');
    expect(config.agents[0]?.family).toBeUndefined();
  });

  it('names the Letta format in every problem, at the line of the field', () => {
    const text = OUTREACH_AF.replace('"type": "exit_loop"', '"type": "exit"')
      .replace('"children": [\n            "evaluate_candidate"\n          ],', '"children": "evaluate_candidate",')
      .replace('"prompt_template": null,\n          "default_child"', '"weight": 2,\n          "default_child"');
    const f = loadRuleFile('outreach.af', text);
    const got = f.diagnostics.map((d) => [d.code, d.range.start.line]);
    expect(got).toEqual([
      ['F003', lineOf(text, '"children": "evaluate_candidate"')],
      ['F004', lineOf(text, '"weight"')],
      ['F002', lineOf(text, '"type": "exit"')],
    ]);
    for (const d of f.diagnostics) expect(d.message).toMatch(/Letta/);
    expect(f.diagnostics[0]?.message).toMatch(/"children" must be a list of tool names \(found "evaluate_candidate"\)/);
    expect(f.diagnostics[2]?.message).toMatch(/unknown type "exit".*run_first, exit_loop/);
    // the bad rules are dropped, the rest load; the unknown key is kept
    expect(f.agents[0]?.lettaRules?.map((r) => r.type)).toEqual(['run_first', 'conditional', 'exit_loop']);
    expect(f.agents[0]?.lettaRules?.[1]?.extra).toEqual({ weight: 2 });
  });

  it('keeps Letta’s own rule id without a warning, and reports a missing type and a missing field', () => {
    const f = loadRuleFile('r.json', '[{"id": "rule-1", "tool_name": "a", "type": "exit_loop"}, {"tool_name": "b", "type": "max_count_per_step"}, {"tool_name": "c", "type": "continue_loop"}, {"tool_name": "d"}]');
    expect(f.agents[0]?.lettaRules?.[0]?.extra).toEqual({ id: 'rule-1' });
    expect(f.diagnostics.map((d) => d.code)).toEqual(['F003', 'F003']);
    expect(f.diagnostics[0]?.message).toMatch(/"max_count_limit" is missing/);
    expect(f.diagnostics[1]?.message).toMatch(/has no "type": a Letta rule needs one of/);
  });

  it('warns about a tool id the file’s tools do not have, and leaves the tool out', () => {
    const f = loadRuleFile('o.af', OUTREACH_AF.replace('"tool-3"\n', '"tool-9"\n'));
    expect(f.diagnostics.map((d) => [d.code, d.severity])).toEqual([['F004', 'warning']]);
    expect(f.diagnostics[0]?.message).toMatch(/tool id "tool-9"/);
    expect(f.agents[0]?.tools.map((t) => t.name)).not.toContain('retrieve_candidate');
  });

  it('gives a clean .af no check findings beyond its own (the Pattern validator does not run on it)', () => {
    const f = loadRuleFile('outreach.af', OUTREACH_AF);
    expect(checkLoadedFile(f).filter((d) => d.code.startsWith('T'))).toEqual([]);
  });
});
