import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { editAgentText } from '../../src/core/codecs/edit/editText.ts';
import { minimalReplacement } from '../../src/core/text/minimalReplacement.ts';
import type { Agent } from '../../src/core/model/toolRules.ts';
import type { LettaToolRule } from '../../src/core/model/lettaRules.ts';
import { API_RULES, doubleEncoded, OUTREACH_AF, TWO_AGENTS_AF } from './fixtures.ts';

const agentsOf = (name: string, text: string): Agent[] => loadRuleFile(name, text).agents;
const withRules = (a: Agent, fn: (rules: LettaToolRule[]) => LettaToolRule[]): Agent => ({ ...a, lettaRules: fn([...(a.lettaRules ?? [])]) });

/** The JSON of `text` with agent `i`'s tool_rules removed: what must not change. */
function withoutRules(text: string, i: number): unknown {
  let v = JSON.parse(text) as unknown;
  if (typeof v === 'string') v = JSON.parse(v);
  const af = v as { agents: Record<string, unknown>[] };
  delete af.agents[i]!['tool_rules'];
  return af;
}

describe('writing Letta rule edits into the file', () => {
  it('leaves the text byte for byte when the rules did not change', () => {
    const [a] = agentsOf('o.af', OUTREACH_AF);
    const r = editAgentText('o.af', OUTREACH_AF, a!, { ...a!, lettaRules: a!.lettaRules!.map((x) => ({ ...x })) });
    expect(r).toEqual({ text: OUTREACH_AF, how: 'unchanged' });
  });

  it('changes only the edited child list; every other key of the file reads the same', () => {
    const [a] = agentsOf('o.af', OUTREACH_AF);
    const after = withRules(a!, (rs) => rs.map((r, i) => (i === 1 && r.type === 'constrain_child_tools' ? { ...r, children: [...r.children, 'reject'] } : r)));
    const r = editAgentText('o.af', OUTREACH_AF, a!, after);
    expect(r.how).toBe('patched');
    const change = minimalReplacement(OUTREACH_AF, r.text)!;
    expect(change.text.trim()).toBe(',\n            "reject"'.trim());
    expect(agentsOf('o.af', r.text)[0]?.lettaRules).toEqual(after.lettaRules);
    expect(withoutRules(r.text, 0)).toEqual(withoutRules(OUTREACH_AF, 0));
  });

  it('adds and removes whole rules in the file’s indentation, and removing what was added gives the original back', () => {
    const [a] = agentsOf('o.af', OUTREACH_AF);
    const added = withRules(a!, (rs) => [...rs, { tool_name: 'send_email', type: 'max_count_per_step', max_count_limit: 1 }]);
    const r = editAgentText('o.af', OUTREACH_AF, a!, added);
    expect(r.text).toContain('        {\n          "tool_name": "send_email",\n          "type": "max_count_per_step",\n          "max_count_limit": 1\n        }\n      ],');
    const back = editAgentText('o.af', r.text, added, a!);
    expect(back.text).toBe(OUTREACH_AF);
    const removed = withRules(a!, (rs) => rs.filter((_, i) => i !== 2));
    const r2 = editAgentText('o.af', OUTREACH_AF, a!, removed);
    expect(agentsOf('o.af', r2.text)[0]?.lettaRules?.map((x) => x.type)).toEqual(['run_first', 'constrain_child_tools', 'exit_loop', 'exit_loop']);
    expect(r2.text).not.toContain('child_output_mapping');
  });

  it('edits the agent it is given by name in a file with two agents, writing a list over tool_rules null', () => {
    const [evie, sleep] = agentsOf('evie.af', TWO_AGENTS_AF);
    const after = withRules(evie!, () => [{ tool_name: 'send_message', type: 'exit_loop' }]);
    const r = editAgentText('evie.af', TWO_AGENTS_AF, evie!, after);
    const again = agentsOf('evie.af', r.text);
    expect(again[0]?.lettaRules).toEqual([{ tool_name: 'send_message', type: 'exit_loop' }]);
    expect(again[1]).toEqual(sleep);
    expect(withoutRules(r.text, 0)).toEqual(withoutRules(TWO_AGENTS_AF, 0));
    expect(r.text).toContain('"content": "héllo ✓"');
    const second = withRules(sleep!, (rs) => rs.slice(1));
    const r2 = editAgentText('evie.af', TWO_AGENTS_AF, sleep!, second);
    expect(agentsOf('evie.af', r2.text).map((x) => x.lettaRules?.length)).toEqual([0, 1]);
  });

  it('writes an edit of a double-encoded file back into the string, escaped as the file escapes, the rest untouched', () => {
    const text = doubleEncoded(TWO_AGENTS_AF);
    const [, sleep] = agentsOf('m.af', text);
    const after = withRules(sleep!, (rs) => [...rs, { tool_name: 'memory_insert', type: 'requires_approval', prompt_template: 'Ask — first' }]);
    const r = editAgentText('m.af', text, sleep!, after);
    expect(r.how).toBe('patched');
    expect(r.text.split('\n')).toHaveLength(1);
    expect(/[^ -~]/.test(r.text.replace(/[\n\t]/g, ""))).toBe(false);
    expect(r.text).toContain('Ask \\u2014 first');
    expect(r.text).toContain('h\\u00e9llo \\u2713');
    // the change starts inside the agent's last rule (jsonc-parser lays out the neighbour it appends to)
    const change = minimalReplacement(text, r.text)!;
    expect(change.start).toBeGreaterThan(text.indexOf('memory_finish_edits') - 20);
    const again = loadRuleFile('m.af', r.text);
    expect(again.diagnostics.map((d) => d.code)).toEqual(['F010']);
    expect(again.agents[1]?.lettaRules).toEqual(after.lettaRules);
    expect(withoutRules(r.text, 1)).toEqual(withoutRules(text, 1));
    expect(loadRuleFile('m.af', editAgentText('m.af', r.text, after, sleep!).text).agents[1]).toEqual(sleep);
  });

  it('edits the plain tool_rules list in place', () => {
    const [a] = agentsOf('rules.json', API_RULES);
    const after = withRules(a!, (rs) => rs.map((r) => (r.type === 'max_count_per_step' ? { ...r, max_count_limit: 5 } : r)));
    const r = editAgentText('rules.json', API_RULES, a!, after);
    expect(r.text).toBe(API_RULES.replace('"max_count_limit": 3', '"max_count_limit": 5'));
  });
});

describe('one-line agent files', () => {
  // Mirrors agents/@letta-ai/ezra/ezra.af: the whole file on one line, non-ASCII as \uXXXX escapes.
  const ONE_LINE = JSON.stringify(JSON.parse(TWO_AGENTS_AF)).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n';

  it('stays on one line, compact and ASCII, changing only the rules', () => {
    const [evie, sleep] = agentsOf('ezra.af', ONE_LINE);
    const r = editAgentText('ezra.af', ONE_LINE, evie!, withRules(evie!, () => [{ tool_name: 'send_message', type: 'requires_approval', prompt_template: 'ok ✓' }]));
    expect(r.text).toContain('"tool_rules":[{"tool_name":"send_message","type":"requires_approval","prompt_template":"ok \\u2713"}],');
    expect(r.text.trimEnd()).not.toContain('\n');
    const r2 = editAgentText('ezra.af', ONE_LINE, sleep!, withRules(sleep!, (rs) => [rs[1]!, rs[0]!]));
    expect(agentsOf('ezra.af', r2.text)[1]?.lettaRules?.map((x) => x.type)).toEqual(['exit_loop', 'continue_loop']);
    expect(withoutRules(r2.text, 1)).toEqual(withoutRules(ONE_LINE, 1));
  });
});

describe('writing Letta agents afresh (convert)', () => {
  it('writes one agent as the tool_rules list Letta’s API takes, and refuses forms Letta has not', async () => {
    const { writeRuleFile } = await import('../../src/core/codecs/write.ts');
    const [a] = agentsOf('o.af', OUTREACH_AF);
    const json = writeRuleFile({ agents: [a!], workflows: [] }, 'json');
    expect(json.diagnostics).toEqual([]);
    expect(JSON.parse(json.text)).toEqual(JSON.parse(OUTREACH_AF).agents[0].tool_rules);
    expect(loadRuleFile('rules.json', json.text).agents[0]?.lettaRules).toEqual(a!.lettaRules);
    const toml = writeRuleFile({ agents: [a!], workflows: [] }, 'toml');
    expect([toml.text, toml.diagnostics.map((d) => d.code)]).toEqual(['', ['X011']]);
    expect(toml.diagnostics[0]?.message).toMatch(/no TOML form/);
    const two = writeRuleFile({ agents: agentsOf('evie.af', TWO_AGENTS_AF), workflows: [] }, 'json');
    expect(two.diagnostics.map((d) => d.code)).toEqual(['X011']);
  });
});
