import { describe, expect, it } from 'vitest';
import { TOOL_RULE_TYPES } from '../../src/core/model/toolRules.ts';
import { brief, readToml, withCode } from './helpers.ts';

/** Reads one rule of an agent file: `rule_type = <rt>` plus optional extra lines. */
function one(rt: string, more = '') {
  const r = readToml(`name = "a"\n\n[[tool_rules]]\ntool_name = "t"\nrule_type = ${rt}\n${more}`);
  return { rule: r.agents[0]?.rules[0], diagnostics: r.diagnostics, rules: r.agents[0]?.rules ?? [] };
}

describe('§2.2 rule_type spellings', () => {
  it('reads the adjacently tagged form as is', () => {
    const r = one('{ type = "ExclusiveGroups", value = [["a", "b"], ["c"]] }');
    expect(r.rule?.rule_type).toEqual({ type: 'ExclusiveGroups', value: [['a', 'b'], ['c']] });
    expect(r.diagnostics).toEqual([]);
  });

  it('reads a bare string with an F010 naming the written form', () => {
    const r = one('"ExitLoop"');
    expect(r.rule?.rule_type).toEqual({ type: 'ExitLoop' });
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
      ['F010', 'info', 'rule_type "ExitLoop" of `t` is a bare string (Pattern\'s config loader rejects it); read as { type = "ExitLoop" }, the form export writes.'],
    ]);
    expect(r.diagnostics[0]?.range.start).toEqual({ line: 5, column: 1 });
    expect(r.diagnostics[0]?.target).toEqual({ kind: 'agent', agent: 'a', rule: 0 });
  });

  it('refuses a bare string of a payload type (F003) and drops the rule', () => {
    for (const name of ['MaxCalls', 'Cooldown', 'Periodic', 'ExclusiveGroups', 'AllowedOperations']) {
      const r = one(`"${name}"`);
      expect(r.rules).toEqual([]);
      expect(withCode(r.diagnostics, 'F003')).toHaveLength(1);
      expect(withCode(r.diagnostics, 'F003')[0]?.message).toMatch(new RegExp(`^${name} for \`t\` needs a value, e\\.g\\. \\{ type = "${name}", value = .*\\}, so this rule is ignored\\.$`));
      expect(withCode(r.diagnostics, 'F003')[0]?.target).toEqual({ kind: 'agent', agent: 'a' });
    }
  });

  it('reads a bare "RequiresConsent" as no scope', () => {
    expect(one('"RequiresConsent"').rule?.rule_type).toEqual({ type: 'RequiresConsent', value: {} });
  });

  it('reads the externally tagged form with F010', () => {
    const r = one('{ MaxCalls = 3 }');
    expect(r.rule?.rule_type).toEqual({ type: 'MaxCalls', value: 3 });
    expect(r.diagnostics[0]?.message).toBe('rule_type { MaxCalls = 3 } of `t` is externally tagged; read as { type = "MaxCalls", value = 3 }, the form export writes.');
    expect(one('{ AllowedOperations = ["write", "read", "read"] }').rule?.rule_type).toEqual({ type: 'AllowedOperations', value: ['read', 'write'] });
  });

  it('reads snake_case names of all 14 types with F010', () => {
    const snake = (n: string) => n.replace(/[A-Z]/g, (c, i: number) => (i ? '_' : '') + c.toLowerCase());
    const payload: Record<string, string> = { ExclusiveGroups: '[["a"]]', MaxCalls: '1', Cooldown: '1', Periodic: '1', RequiresConsent: '{}', AllowedOperations: '["x"]' };
    for (const type of TOOL_RULE_TYPES) {
      const value = payload[type] ? `, value = ${payload[type]}` : '';
      const r = one(`{ type = "${snake(type)}"${value} }`);
      expect(r.rule?.rule_type.type).toBe(type);
      expect(brief(r.diagnostics)).toEqual(['F010 info 5:1']);
      expect(r.diagnostics[0]?.message).toContain(`a snake_case name (now ${type})`);
    }
  });

  it('reads consent scope beside type like value = { scope }', () => {
    const beside = one('{ type = "RequiresConsent", scope = "x" }');
    const inValue = one('{ type = "RequiresConsent", value = { scope = "x" } }');
    expect(beside.rule?.rule_type).toEqual({ type: 'RequiresConsent', value: { scope: 'x' } });
    expect(inValue.rule).toEqual(beside.rule);
    expect(inValue.diagnostics).toEqual([]);
    expect(beside.diagnostics[0]?.message).toBe(
      'rule_type { type = "RequiresConsent", scope = "x" } of `t` is written with scope beside type (same as value = { scope = … }); read as { type = "RequiresConsent", value = { scope = "x" } }, the form export writes.',
    );
  });

  it('maps every design-era name (both spellings) to its new type with F010 naming it', () => {
    const cases: [string, string][] = [
      ['NoHeartbeat', 'ContinueLoop'], ['Terminal', 'ExitLoop'], ['TerminalIf', 'ExitLoop'],
      ['MustFollow', 'RequiresPrecedingTools'], ['MustPrecede', 'RequiresFollowingTools'], ['InitialCall', 'StartConstraint'],
      ['RequiresPreceding', 'RequiresPrecedingTools'], ['RequiresFollowing', 'RequiresFollowingTools'],
      ['RequiredForExit', 'RequiredBeforeExit'], ['RequiredForExitIf', 'RequiredBeforeExitIf'],
      ['must_follow', 'RequiresPrecedingTools'], ['terminal_if', 'ExitLoop'],
    ];
    for (const [old, now] of cases) {
      const r = one(`{ type = "${old}" }`);
      expect(r.rule?.rule_type).toEqual({ type: now });
      expect(brief(r.diagnostics)).toEqual(['F010 info 5:1']);
      expect(r.diagnostics[0]?.message).toContain(`now ${now})`);
    }
  });

  it('keeps TerminalIf conditions on ExitLoop', () => {
    expect(one('"TerminalIf"', 'conditions = ["a", "b"]').rule).toEqual({ tool_name: 't', rule_type: { type: 'ExitLoop' }, conditions: ['a', 'b'], priority: 5 });
  });

  it('turns ExclusiveGroup with its group in conditions into ExclusiveGroups and clears conditions', () => {
    const r = one('"ExclusiveGroup"', 'conditions = ["u", "v"]');
    expect(r.rule).toEqual({ tool_name: 't', rule_type: { type: 'ExclusiveGroups', value: [['t', 'u', 'v']] }, conditions: [], priority: 5 });
    expect(r.diagnostics[0]?.message).toBe(
      'rule_type "ExclusiveGroup" of `t` is a bare string (Pattern\'s config loader rejects it), a design-era name (ExclusiveGroup, now ExclusiveGroups) and its group taken from tool_name and conditions; read as { type = "ExclusiveGroups", value = [["t", "u", "v"]] }, the form export writes.',
    );
  });

  it('matches names case-sensitively: a near miss is F002 with a "did you mean", anything else lists the accepted types', () => {
    const near: [string, string][] = [['"exitloop"', 'ExitLoop'], ['"EXIT_LOOP"', 'ExitLoop'], ['{ type = "Maxcalls", value = 1 }', 'MaxCalls'], ['{ type = "MaxCall", value = 1 }', 'MaxCalls'], ['"requires_preceding_tool"', 'RequiresPrecedingTools'], ['"Termnial"', 'ExitLoop']];
    for (const [bad, meant] of near) {
      const r = one(bad);
      expect(r.rules).toEqual([]);
      expect(brief(r.diagnostics)).toEqual(['F002 error 5:1']);
      expect(r.diagnostics[0]?.message).toContain(`(did you mean ${meant}?), so this rule is ignored.`);
      expect(r.diagnostics[0]?.message).not.toContain('accepted types');
    }
    for (const bad of ['{ Bogus = 1 }', '"Frobnicate"']) {
      const r = one(bad);
      expect(brief(r.diagnostics)).toEqual(['F002 error 5:1']);
      expect(r.diagnostics[0]?.message).toContain(`accepted types are ${TOOL_RULE_TYPES.join(', ')}`);
      expect(r.diagnostics[0]?.message).toMatch(/so this rule is ignored\.$/);
    }
  });
});
