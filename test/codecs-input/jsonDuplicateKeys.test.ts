/**
 * Duplicate keys in JSON rule files are an error (F001) at the repeated key, as in TOML and YAML;
 * `JSON.parse` alone keeps the last one silently.
 */
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { parseJson } from '../../src/core/codecs/parse/json.ts';
import { duplicateJsonKeys, MAX_DUPLICATE_REPORTS } from '../../src/core/codecs/parse/jsonDuplicateKeys.ts';

const at = (line: number, column: number) => ({ line, column });

describe('duplicate keys in JSON', () => {
  it('are reported at the second key with line and column, beside the value holding the last (the loader refuses or warns)', () => {
    const doc = parseJson('{\n  "name": "a",\n  "tools": ["x"],\n  "name": "b"\n}\n');
    expect(doc.errors).toEqual([]);
    expect((doc.value as { name: string }).name).toBe('b');
    expect(doc.duplicateKeys).toEqual([{ message: 'Object keys must be unique: `name` appears more than once', range: { start: at(4, 3), end: at(4, 9) } }]);
  });

  it('compare keys by their decoded value, per object, and not array strings or values', () => {
    expect(duplicateJsonKeys('{"a": 1, "\\u0061": 2}').map((p) => p.range.start)).toEqual([at(1, 10)]);
    // the same key in sibling and nested objects is fine; so are equal strings that are values
    expect(duplicateJsonKeys('{"a": {"a": "a"}, "b": [{"a": 1}, {"a": 2}], "c": "a", "d": ["a", "a"]}')).toEqual([]);
    // an escaped quote inside a key does not end it early
    expect(duplicateJsonKeys('{"x\\"y": 1, "x\\"y": 2}')).toHaveLength(1);
    // after a nested object closes, its parent's keys are checked again
    expect(duplicateJsonKeys('{"a": {"b": 1}, "a": 2}').map((p) => p.message)).toEqual(['Object keys must be unique: `a` appears more than once']);
  });

  it('reach the user through the loader as F001 diagnostics with positions', () => {
    const file = loadRuleFile('agent.json', '{"name": "a", "tool_rules": [{"tool_name": "x", "tool_name": "y", "rule_type": "ExitLoop"}]}');
    expect(file.agents).toEqual([]);
    expect(file.diagnostics).toHaveLength(1);
    expect(file.diagnostics[0]).toMatchObject({ code: 'F001', severity: 'error', file: 'agent.json', range: { start: at(1, 49), end: at(1, 60) } });
    expect(file.diagnostics[0]?.message).toContain('`tool_name` appears more than once');
  });

  it('are found in one linear pass: 200,000 distinct keys and 50,000-deep nesting', () => {
    const wide = `{${Array.from({ length: 200_000 }, (_, i) => `"k${i}": ${i}`).join(',')}}`;
    expect(duplicateJsonKeys(wide)).toEqual([]);
    const deep = '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000);
    expect(duplicateJsonKeys(deep)).toEqual([]);
    const repeated = `{${Array.from({ length: 100 }, () => '"k": 1').join(',')}}`;
    expect(duplicateJsonKeys(repeated)).toHaveLength(MAX_DUPLICATE_REPORTS);
  });
});
