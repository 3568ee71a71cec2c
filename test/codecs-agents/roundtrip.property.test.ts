/**
 * Export → import gives back the same model (`tool-rules.md` §2.3), for TOML, JSON and YAML.
 * Generated models: any names (unicode, quotes, newlines), all 14 rule types, priorities 0–255,
 * durations in whole seconds (export writes seconds), metadata and kept keys as JSON without
 * null (TOML has no null; a null would be left out with an X003 warning).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseToml } from '../../src/core/codecs/parse/toml.ts';
import { readAgents } from '../../src/core/codecs/read/agents.ts';
import { writeAgentFileToml, writeAgentsToml } from '../../src/core/codecs/write/agentsToml.ts';
import { writeAgentsJson } from '../../src/core/codecs/write/agentsJson.ts';
import { writeAgentsYaml } from '../../src/core/codecs/write/agentsYaml.ts';
import type { Agent, Json, ToolRule, ToolRuleType } from '../../src/core/model/toolRules.ts';
import { jsonDoc, yamlDoc } from './helpers.ts';

const text = fc.string({ unit: 'grapheme', maxLength: 12 });
const names = fc.array(text, { maxLength: 4 });

const jsonNoNull: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Object.is(x, -0)),
    text,
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(text, tie('v'), { maxKeys: 3 }),
  ),
})).v;

const extraOf = (reserved: readonly string[]) =>
  fc.option(fc.dictionary(text.filter((k) => !reserved.includes(k)), jsonNoNull, { minKeys: 1, maxKeys: 3 }), { nil: undefined });

const seconds = fc.integer({ min: 0, max: 10_000_000 }).map((s) => s * 1000);

const ruleType: fc.Arbitrary<ToolRuleType> = fc.oneof(
  fc.constantFrom<ToolRuleType>(
    { type: 'ContinueLoop' }, { type: 'ExitLoop' }, { type: 'RequiresPrecedingTools' }, { type: 'RequiresFollowingTools' },
    { type: 'StartConstraint' }, { type: 'RequiredBeforeExit' }, { type: 'RequiredBeforeExitIf' }, { type: 'Needed' },
  ),
  fc.array(names, { maxLength: 3 }).map((value) => ({ type: 'ExclusiveGroups' as const, value })),
  fc.integer({ min: 0, max: 4294967295 }).map((value) => ({ type: 'MaxCalls' as const, value })),
  seconds.map((value) => ({ type: 'Cooldown' as const, value })),
  seconds.map((value) => ({ type: 'Periodic' as const, value })),
  fc.option(text, { nil: undefined }).map((scope) => ({ type: 'RequiresConsent' as const, value: scope === undefined ? {} : { scope } })),
  fc.uniqueArray(text, { maxLength: 4 }).map((ops) => ({ type: 'AllowedOperations' as const, value: [...ops].sort() })),
);

const rule: fc.Arbitrary<ToolRule> = fc
  .record({
    tool_name: text,
    rule_type: ruleType,
    conditions: names,
    priority: fc.integer({ min: 0, max: 255 }),
    metadata: fc.option(jsonNoNull, { nil: undefined }),
    extra: extraOf(['tool_name', 'rule_type', 'conditions', 'priority', 'metadata']),
  })
  .map((r) => {
    const out: ToolRule = { tool_name: r.tool_name, rule_type: r.rule_type, conditions: r.conditions, priority: r.priority };
    if (r.metadata !== undefined) out.metadata = r.metadata;
    if (r.extra !== undefined) out.extra = r.extra;
    return out;
  });

const tool = fc
  .record({
    name: text,
    operations: fc.option(names, { nil: undefined }),
    operation_field: fc.option(text, { nil: undefined }),
    schema: fc.option(jsonNoNull, { nil: undefined }),
  })
  .map((t) => Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined)) as Agent['tools'][number]);

const agent: fc.Arbitrary<Agent> = fc
  .record({
    name: text,
    tools: fc.uniqueArray(tool, { selector: (t) => t.name, maxLength: 4 }),
    rules: fc.array(rule, { maxLength: 6 }),
    extra: extraOf(['name', 'tools', 'tool_rules', 'tool_specs', 'agents', 'agent']),
  })
  .map((a) => {
    const out: Agent = { name: a.name, tools: a.tools, rules: a.rules };
    if (a.extra !== undefined) out.extra = a.extra;
    return out;
  });

const agents = fc.array(agent, { minLength: 1, maxLength: 3 });

const errorsOf = (r: ReturnType<typeof readAgents>) => r.diagnostics.filter((d) => d.severity === 'error');

describe('export → import round trip (property)', () => {
  it('TOML main config', () => {
    fc.assert(
      fc.property(agents, (model) => {
        const doc = parseToml(writeAgentsToml(model).text);
        expect(doc.errors).toEqual([]);
        const back = readAgents(doc, 'x.toml');
        expect(errorsOf(back)).toEqual([]);
        expect(back.agents).toEqual(model);
      }),
    );
  });

  it('TOML agent file', () => {
    fc.assert(
      fc.property(agent, (model) => {
        const back = readAgents(parseToml(writeAgentFileToml(model).text), 'x.toml');
        expect(back.agents).toEqual([model]);
      }),
    );
  });

  it('JSON runtime form', () => {
    fc.assert(
      fc.property(agents, (model) => {
        const back = readAgents(jsonDoc(writeAgentsJson(model).text), 'x.json');
        expect(errorsOf(back)).toEqual([]);
        expect(back.agents).toEqual(model);
      }),
    );
  });

  it('YAML', () => {
    fc.assert(
      fc.property(agents, (model) => {
        const back = readAgents(yamlDoc(writeAgentsYaml(model).text), 'x.yaml');
        expect(errorsOf(back)).toEqual([]);
        expect(back.agents).toEqual(model);
      }),
    );
  });
});
