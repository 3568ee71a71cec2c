import { describe, expect, it } from 'vitest';
import { parseToml } from '../../src/core/codecs/parse/toml.ts';
import { readAgents } from '../../src/core/codecs/read/agents.ts';
import { brief, readToml } from './helpers.ts';

const HEAD = 'name = "a"\n\n[[tool_rules]]\n';

describe('F003 on tool rules, with positions', () => {
  it('missing tool_name points at the rule header; the rule is dropped, the next one kept with index 0', () => {
    const r = readToml(`${HEAD}rule_type = { type = "ExitLoop" }\n\n[[tool_rules]]\ntool_name = "ok"\nrule_type = { type = "ExitLoop" }\n`);
    expect(brief(r.diagnostics)).toEqual(['F003 error 3:1']);
    expect(r.diagnostics[0]?.message).toBe('Rule is missing tool_name, so it is ignored.');
    expect(r.diagnostics[0]?.target).toEqual({ kind: 'agent', agent: 'a' });
    expect(r.agents[0]?.rules.map((x) => x.tool_name)).toEqual(['ok']);
  });

  it('missing rule_type', () => {
    const r = readToml(`${HEAD}tool_name = "t"\n`);
    expect(brief(r.diagnostics)).toEqual(['F003 error 3:1']);
    expect(r.diagnostics[0]?.message).toBe('Rule for `t` is missing rule_type, so it is ignored.');
  });

  it('wrong types of tool_name, conditions and rule_type', () => {
    expect(brief(readToml(`${HEAD}tool_name = 3\nrule_type = { type = "ExitLoop" }\n`).diagnostics)).toEqual(['F003 error 4:1']);
    const c = readToml(`${HEAD}tool_name = "t"\nrule_type = { type = "ExitLoop" }\nconditions = "a"\n`);
    expect(brief(c.diagnostics)).toEqual(['F003 error 6:1']);
    expect(c.diagnostics[0]?.message).toBe('conditions of `t` must be a list of tool names (found "a"), so this rule is ignored.');
    const t = readToml(`${HEAD}tool_name = "t"\nrule_type = 7\n`);
    expect(brief(t.diagnostics)).toEqual(['F003 error 5:1']);
    expect(brief(readToml(`${HEAD}tool_name = "t"\nrule_type = { type = 1 }\n`).diagnostics)).toEqual(['F003 error 5:1']);
  });

  it('priority outside 0-255 or not a whole number', () => {
    for (const p of ['256', '-1', '2.5', '"high"']) {
      const r = readToml(`${HEAD}tool_name = "t"\nrule_type = { type = "ExitLoop" }\npriority = ${p}\n`);
      expect(brief(r.diagnostics)).toEqual(['F003 error 6:1']);
      expect(r.diagnostics[0]?.message).toBe(`priority of \`t\` must be a whole number from 0 to 255 (found ${p}), so this rule is ignored.`);
      expect(r.agents[0]?.rules).toEqual([]);
    }
    expect(readToml(`${HEAD}tool_name = "t"\nrule_type = { type = "ExitLoop" }\npriority = 255\n`).agents[0]?.rules[0]?.priority).toBe(255);
  });

  it('negative or non-integer MaxCalls points at the value', () => {
    for (const v of ['-1', '1.5', '"3"', '4294967296']) {
      const r = readToml(`${HEAD}tool_name = "t"\nrule_type = { type = "MaxCalls", value = ${v} }\n`);
      expect(brief(r.diagnostics)).toEqual(['F003 error 5:34']);
      expect(r.diagnostics[0]?.message).toBe(`MaxCalls for \`t\` needs a whole number from 0 to 4294967295 (found ${v}), so this rule is ignored.`);
    }
  });

  it('missing payload, bad groups, bad operations, bad consent scope', () => {
    expect(brief(readToml(`${HEAD}tool_name = "t"\nrule_type = { type = "MaxCalls" }\n`).diagnostics)).toEqual(['F003 error 5:1']);
    expect(brief(readToml(`${HEAD}tool_name = "t"\nrule_type = { type = "ExclusiveGroups", value = ["a"] }\n`).diagnostics)).toEqual(['F003 error 5:41']);
    expect(brief(readToml(`${HEAD}tool_name = "t"\nrule_type = { type = "AllowedOperations", value = [1] }\n`).diagnostics)).toEqual(['F003 error 5:43']);
    expect(brief(readToml(`${HEAD}tool_name = "t"\nrule_type = { type = "RequiresConsent", value = { scope = 1 } }\n`).diagnostics)).toEqual(['F003 error 5:51']);
  });

  it('a rule that is not a table', () => {
    const r = readAgents(parseToml('name = "a"\ntool_rules = [1, { tool_name = "t", rule_type = { type = "Needed" } }]\n'), 'a.toml');
    expect(brief(r.diagnostics)).toEqual(['F003 error 2:15']);
    expect(r.agents[0]?.rules).toHaveLength(1);
  });
});

describe('F004 unknown keys', () => {
  it('keeps unknown rule keys in extra and points at the key', () => {
    const r = readToml(`${HEAD}tool_name = "t"\nrule_type = { type = "ExitLoop" }\nnote = "x"\n`);
    expect(brief(r.diagnostics)).toEqual(['F004 warning 6:1']);
    expect(r.diagnostics[0]?.range.end).toEqual({ line: 6, column: 5 });
    expect(r.diagnostics[0]?.target).toEqual({ kind: 'agent', agent: 'a', rule: 0 });
    expect(r.agents[0]?.rules[0]?.extra).toEqual({ note: 'x' });
  });

  it('warns about stray keys inside rule_type and values of unit types, which are ignored', () => {
    expect(brief(readToml(`${HEAD}tool_name = "t"\nrule_type = { type = "ExitLoop", extra = 1 }\n`).diagnostics)).toEqual(['F004 warning 5:34']);
    const v = readToml(`${HEAD}tool_name = "t"\nrule_type = { type = "ExitLoop", value = 3 }\n`);
    expect(brief(v.diagnostics)).toEqual(['F004 warning 5:34']);
    expect(v.agents[0]?.rules[0]?.rule_type).toEqual({ type: 'ExitLoop' });
  });
});

describe('F001 through the reader', () => {
  it('a document with a syntax error has no value and reads as no agents', () => {
    const doc = parseToml('[[agents]\nname = "x"\n');
    expect(doc.errors[0]?.range.start).toEqual({ line: 1, column: 10 });
    expect(readAgents(doc, 'a.toml').agents).toEqual([]);
  });
});
