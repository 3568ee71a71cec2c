/**
 * Issue 9.1: a graph or Inspector edit of an agent changes only the lines of what it edits, in
 * TOML, YAML and JSON files written by hand (comments, trailing comments, blank lines, keys in an
 * odd order, other indentation); every comment survives; reading the result gives the edited model.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editAgentText } from '../../src/core/codecs/edit/editText.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { configAgent } from '../../src/core/codecs/write/agentsConfig.ts';
import { spanKey } from '../../src/core/diagnostics/spans.ts';
import type { Agent, ToolRule, ToolRuleType } from '../../src/core/model/toolRules.ts';
import { commentsOf, keepsLinesOutside, Dice, handWrittenJson, handWrittenToml, handWrittenYaml } from './textOf.ts';

const NAMES = ['search', 'read_file', 'send email', 'say"hi', 'load', 'calc'];
const name = fc.constantFrom(...NAMES);

const ruleType: fc.Arbitrary<ToolRuleType> = fc.oneof(
  fc.constantFrom<ToolRuleType>({ type: 'StartConstraint' }, { type: 'ExitLoop' }, { type: 'RequiresPrecedingTools' }, { type: 'RequiredBeforeExit' }),
  fc.integer({ min: 0, max: 50 }).map((value) => ({ type: 'MaxCalls' as const, value })),
  fc.integer({ min: 1, max: 600 }).map((s) => ({ type: 'Cooldown' as const, value: s * 1000 })),
  fc.uniqueArray(name, { minLength: 2, maxLength: 3 }).map((g) => ({ type: 'ExclusiveGroups' as const, value: [g] })),
  fc.uniqueArray(fc.constantFrom('read', 'write', 'delete'), { minLength: 1 }).map((ops) => ({ type: 'AllowedOperations' as const, value: [...ops].sort() })),
);

const rule: fc.Arbitrary<ToolRule> = fc.record({
  tool_name: name,
  rule_type: ruleType,
  conditions: fc.uniqueArray(name, { maxLength: 2 }),
  priority: fc.integer({ min: 0, max: 12 }),
});

const agent: fc.Arbitrary<Agent> = fc.record({
  name: fc.constantFrom('etl', 'Smart Assistant', 'a-b'),
  tools: fc.uniqueArray(name, { minLength: 1, maxLength: 4 }).map((ns) => ns.map((n) => ({ name: n }))),
  rules: fc.array(rule, { minLength: 1, maxLength: 5 }),
});

/** One edit as the graph or the Inspector makes it; `rule` is taken modulo the rule count. */
type Edit =
  | { kind: 'priority'; rule: number; priority: number }
  | { kind: 'maxCalls'; rule: number; value: number }
  | { kind: 'condition'; rule: number; tool: string }
  | { kind: 'delete'; rule: number }
  | { kind: 'append'; rule: ToolRule }
  | { kind: 'rename'; name: string }
  | { kind: 'addTool'; name: string };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('priority' as const), rule: fc.nat(), priority: fc.integer({ min: 0, max: 20 }) }),
  fc.record({ kind: fc.constant('maxCalls' as const), rule: fc.nat(), value: fc.integer({ min: 0, max: 99 }) }),
  fc.record({ kind: fc.constant('condition' as const), rule: fc.nat(), tool: fc.constantFrom('new_tool', 'other') }),
  fc.record({ kind: fc.constant('delete' as const), rule: fc.nat() }),
  fc.record({ kind: fc.constant('append' as const), rule }),
  fc.record({ kind: fc.constant('rename' as const), name: fc.constantFrom('renamed', 'with space', 'q"uote') }),
  fc.record({ kind: fc.constant('addTool' as const), name: fc.constantFrom('added', 'added tool') }),
);

function apply(a: Agent, e: Edit): { agent: Agent; rule?: number } {
  const at = 'rule' in e && typeof e.rule === 'number' ? e.rule % a.rules.length : 0;
  const setRule = (fn: (r: ToolRule) => ToolRule) => ({ agent: { ...a, rules: a.rules.map((r, i) => (i === at ? fn(r) : r)) }, rule: at });
  switch (e.kind) {
    case 'priority':
      return setRule((r) => ({ ...r, priority: e.priority }));
    case 'maxCalls':
      return setRule((r) => ({ ...r, rule_type: { type: 'MaxCalls', value: e.value } }));
    case 'condition':
      return setRule((r) => ({ ...r, conditions: [...r.conditions, e.tool] }));
    case 'delete':
      return { agent: { ...a, rules: a.rules.filter((_, i) => i !== at) }, rule: at };
    case 'append':
      return { agent: { ...a, rules: [...a.rules, e.rule] } };
    case 'rename':
      return { agent: { ...a, name: e.name } };
    case 'addTool':
      return { agent: { ...a, tools: [...a.tools, { name: e.name }] } };
  }
}

/** The 0-based lines [from, to) the edit may touch in the old text. */
function allowedLines(file: string, text: string, a: Agent, e: Edit, rule: number | undefined): { from: number; to: number } {
  const loaded = loadRuleFile(file, text);
  const lines = text.split('\n').length;
  const ruleStart = (i: number) => (loaded.spans.get(spanKey.rule(0, i))?.start.line ?? 1) - 1;
  const ruleEnd = (i: number) =>
    i + 1 < a.rules.length ? ruleStart(i + 1) : file.endsWith('.toml') ? lines : (loaded.spans.get(spanKey.rule(0, i))?.end.line ?? lines);
  if (e.kind === 'rename') {
    const line = text.split('\n').findIndex((l) => /^\s*(- )?"?name"?\s*[:=]/.test(l));
    return { from: line, to: line + 1 };
  }
  if (e.kind === 'addTool') {
    const r = loaded.spans.get(spanKey.agentTools(0));
    return { from: (r?.start.line ?? 1) - 1, to: r?.end.line ?? lines };
  }
  if (e.kind === 'append') {
    const last = ruleEnd(a.rules.length - 1);
    return { from: last - 1, to: last + 1 };
  }
  const i = rule ?? 0;
  // Deleting the only rule removes the rule list itself (its key and brackets).
  if (e.kind === 'delete' && a.rules.length === 1) return { from: ruleStart(i) - 2, to: ruleEnd(i) + 2 };
  return { from: ruleStart(i), to: ruleEnd(i) };
}

const FORMS = [
  ['agent.toml', handWrittenToml],
  ['agent.yaml', handWrittenYaml],
  ['agent.json', handWrittenJson],
] as const;

describe('agent edits keep the rest of the text (property)', () => {
  it.each(FORMS)('%s', (file, write) => {
    fc.assert(
      fc.property(agent, edit, fc.array(fc.nat(99), { minLength: 64, maxLength: 64 }), (before, e, rolls) => {
        const text = write(before, new Dice(rolls));
        const loaded = loadRuleFile(file, text);
        expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        const { agent: after, rule } = apply(before, e);
        const result = editAgentText(file, text, before, after);

        const back = loadRuleFile(file, result.text);
        expect(back.agents).toHaveLength(1);
        expect(configAgent(back.agents[0]!, [])).toEqual(configAgent(after, []));
        expect(['patched', 'unchanged']).toContain(result.how);

        const allowed = allowedLines(file, text, before, e, rule);
        // One line of slack either side: a comma in JSON, a blank line tidied after a removal.
        expect(keepsLinesOutside(text, result.text, allowed.from - 1, allowed.to + 1)).toBe(true);

        if (e.kind !== 'delete') {
          const now = commentsOf(result.text);
          for (const c of commentsOf(text)) expect(now).toContain(c);
        }
      }),
      { numRuns: 150 },
    );
  });
});
