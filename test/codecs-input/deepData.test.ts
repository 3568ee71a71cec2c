/**
 * Deeply nested data: `check` passed 100,000-deep `metadata` and `convert` then overflowed the
 * stack. Files nested deeper than any rule file are refused when read, in every format, with a
 * position; the writers refuse deeper data with an error instead of overflowing.
 */
import { describe, expect, it } from 'vitest';
import { loadRuleFile, MAX_DOCUMENT_DEPTH, MAX_DOCUMENT_VALUES } from '../../src/core/codecs/load.ts';
import { MAX_WRITE_DEPTH, MAX_WRITE_VALUES, writeRuleFile } from '../../src/core/codecs/write.ts';
import { pathPastBudget, pathTooDeep } from '../../src/core/model/jsonDepth.ts';
import type { Agent } from '../../src/core/model/toolRules.ts';
import type { Json } from '../../src/core/model/json.ts';

const nested = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const agentJson = (metadata: string) => `{"name":"a","tools":["x"],"tool_rules":[{"tool_name":"x","rule_type":"ExitLoop","metadata":${metadata}}]}`;

const agentWith = (metadata: Json): Agent =>
  ({
    name: 'a',
    tools: [{ name: 'x' }],
    rules: [{ tool_name: 'x', rule_type: { type: 'ExitLoop' }, conditions: [], priority: 5, metadata }],
  }) as unknown as Agent;

describe('deep data', () => {
  it('measures depth without recursion and names the path', () => {
    expect(pathTooDeep({ a: [{ b: 1 }] }, 2)).toBeUndefined();
    expect(pathTooDeep({ a: [{ b: {} }] }, 2)).toEqual(['a', 0, 'b']);
    const deep = JSON.parse(nested(100_000)) as unknown;
    expect(pathTooDeep(deep, 10)).toEqual(Array.from({ length: 11 }, () => 'a'));
  });

  it('is refused when read, with the position where it gets too deep (JSON, YAML)', () => {
    // metadata sits at level 4: agents file root → tool_rules → [0] → metadata
    const fine = loadRuleFile('a.json', agentJson(nested(MAX_DOCUMENT_DEPTH - 4)));
    expect(fine.diagnostics).toEqual([]);
    expect(fine.agents[0]?.rules[0]?.metadata).toBeDefined();

    for (const levels of [MAX_DOCUMENT_DEPTH, 100_000]) {
      const file = loadRuleFile('a.json', agentJson(nested(levels)));
      expect(file.agents).toEqual([]);
      expect(file.diagnostics).toHaveLength(1);
      expect(file.diagnostics[0]).toMatchObject({ code: 'F001', severity: 'error' });
      expect(file.diagnostics[0]?.message).toBe(`File nests data more than ${MAX_DOCUMENT_DEPTH} levels deep (here), deeper than any rule file needs; nothing was loaded from it.`);
      // at the first container past the limit: metadata is level 3, each `{"a":` one more
      const text = agentJson(nested(levels));
      const offset = text.indexOf('"metadata":') + '"metadata":'.length + '{"a":'.length * (MAX_DOCUMENT_DEPTH + 1 - 3);
      expect(file.diagnostics[0]?.range.start).toEqual({ line: 1, column: offset + 1 });
    }
    const yaml = `name: a\ntools: [x]\ntool_rules:\n  - tool_name: x\n    rule_type: ExitLoop\n    metadata: ${nested(200)}\n`;
    const y = loadRuleFile('a.yaml', yaml);
    expect(y.diagnostics.map((d) => d.code)).toEqual(['F001']);
    expect(y.diagnostics[0]?.range.start.line).toBe(6);
  });

  it('the writers refuse data deeper than they go with an error, in every format, instead of overflowing', () => {
    let metadata: Json = 1;
    for (let i = 0; i < 50_000; i++) metadata = { a: metadata };
    for (const to of ['toml', 'yaml', 'json'] as const) {
      const written = writeRuleFile({ agents: [agentWith(metadata)], workflows: [] }, to);
      expect(written.text).toBe('');
      expect(written.diagnostics).toHaveLength(1);
      expect(written.diagnostics[0]).toMatchObject({ code: 'X012', severity: 'error' });
      expect(written.diagnostics[0]?.message).toContain(`nested more than ${MAX_WRITE_DEPTH} levels deep`);
    }
  });

  it('counts shared data once per reference, and stops at the budget', () => {
    const list = Array.from({ length: 1000 }, () => 1);
    expect(pathPastBudget({ a: list, b: list }, 10, 2002)).toBeUndefined();
    expect(pathPastBudget({ a: list, b: list }, 10, 2001)).toEqual({ kind: 'values', path: ['b'] });
    expect(pathPastBudget({ a: [[1]] }, 1, 100)).toEqual({ kind: 'depth', path: ['a', 0] });
  });

  it('issue 29: 999 YAML aliases to one 200,000-item list are refused when read, at the alias past the budget', () => {
    const aliases = Array.from({ length: 998 }, (_, i) => `      a${i}: *big\n`).join('');
    const yaml = `name: a\ntools: [t]\ntool_rules:\n  - tool_name: t\n    rule_type: ExitLoop\n    metadata:\n      big: &big [${Array.from({ length: 200_000 }, () => '1').join(', ')}]\n${aliases}`;
    const file = loadRuleFile('fan.yaml', yaml);
    expect(file.agents).toEqual([]);
    expect(file.diagnostics).toHaveLength(1);
    expect(file.diagnostics[0]?.message).toContain(`File expands to more than ${MAX_DOCUMENT_VALUES.toLocaleString('en-US')} values`);
    // `big` and a0…a24 hold 5,200,000 items; a25 (line 8 + 25, at `*big`) takes the count past 5,242,880
    expect(file.diagnostics[0]?.range.start).toEqual({ line: 33, column: 12 });
  });

  it('issue 29: the writers refuse a model sharing one list past their budget, in every format', () => {
    const big: Json = Array.from({ length: 200_000 }, () => 1);
    const metadata: Json = Object.fromEntries(Array.from({ length: 999 }, (_, i) => [`a${i}`, big]));
    for (const to of ['toml', 'yaml', 'json'] as const) {
      const written = writeRuleFile({ agents: [agentWith(metadata)], workflows: [] }, to);
      expect(written.text).toBe('');
      expect(written.diagnostics).toHaveLength(1);
      expect(written.diagnostics[0]).toMatchObject({ code: 'X014', severity: 'error' });
      expect(written.diagnostics[0]?.message).toContain(`expands to more than ${MAX_WRITE_VALUES.toLocaleString('en-US')} values`);
    }
  });
});
