/** parseYaml / parseJson: values, exact ranges, positioned syntax errors (F001) and abuse guards. */
import { describe, expect, it } from 'vitest';
import { MAX_JSON_LOCATE_CHARS, firstJsonErrorOffset, parseJson } from '../../src/core/codecs/parse/json.ts';
import { MAX_YAML_CHARS, MAX_YAML_FLOW_DEPTH, flowTooDeep, parseYaml, parseYamlDocument } from '../../src/core/codecs/parse/yaml.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { where } from './helpers.ts';

const at = (line: number, column: number) => ({ line, column });

describe('parseYaml', () => {
  const text = '# c\nmode: m\nnodes:\n  a:\n    prompt: |\n      two\n      lines\n    transitions:\n      - { when: go, to: b }\n';

  it('gives the plain value and exact ranges of keys and values', () => {
    const doc = parseYaml(text);
    expect(doc.errors).toEqual([]);
    expect(doc.value).toEqual({ mode: 'm', nodes: { a: { prompt: 'two\nlines\n', transitions: [{ when: 'go', to: 'b' }] } } });
    expect(doc.locate(['mode'])).toEqual({ start: at(2, 7), end: at(2, 8) });
    expect(doc.locate(['mode'], 'key')).toEqual({ start: at(2, 1), end: at(2, 5) });
    expect(doc.locate(['nodes', 'a'], 'key')).toEqual({ start: at(4, 3), end: at(4, 4) });
    expect(doc.locate(['nodes', 'a', 'prompt'])).toEqual({ start: at(5, 13), end: at(7, 12) });
    expect(doc.locate(['nodes', 'a', 'transitions', 0, 'to'])).toEqual({ start: at(9, 25), end: at(9, 26) });
    expect(doc.locate(['nodes', 'a', 'transitions', 0])).toEqual({ start: at(9, 9), end: at(9, 28) });
    expect(doc.locate(['nodes', 'missing'])).toBeUndefined();
    expect(doc.locate(['mode', 0])).toBeUndefined();
  });

  it('reports syntax errors with 1-based positions and no value', () => {
    const doc = parseYaml('mode: m\nnodes:\n  a: b: c\n');
    expect(doc.value).toBeUndefined();
    expect(doc.errors).toEqual([
      { message: 'Nested mappings are not allowed in compact mappings', range: { start: at(3, 6), end: at(3, 7) } },
    ]);
  });

  it('reports duplicate keys at the second key', () => {
    const doc = parseYaml('mode: a\nstart_node: s\nmode: b\n');
    expect(doc.errors).toEqual([
      { message: 'Map keys must be unique: `mode` appears more than once', range: { start: at(3, 1), end: at(3, 5) } },
    ]);
  });

  it('turns a YAML syntax error into F001 with its position through the loader', () => {
    const file = loadRuleFile('flow.yaml', 'mode: m\nnodes:\n  a:\n    prompt: "unterminated\n');
    expect(file.workflows).toEqual([]);
    expect(file.diagnostics.map((d) => d.code)).toContain('F001');
    expect(file.diagnostics[0]?.range.start.line).toBeGreaterThanOrEqual(4);
  });

  it('follows aliases when locating', () => {
    const doc = parseYaml('base: &b { x: 1 }\nuse: *b\n');
    expect(doc.value).toEqual({ base: { x: 1 }, use: { x: 1 } });
    expect(doc.locate(['use', 'x'])).toEqual({ start: at(1, 15), end: at(1, 16) });
  });

  it('exposes the Document for editing with comments', () => {
    const doc = parseYamlDocument('# top\nmode: m # trailing\n');
    doc.set('mode', 'n');
    expect(doc.toString()).toBe('# top\nmode: n # trailing\n');
  });
});

describe('parseYaml robustness: errors, never a throw or a hang', () => {
  it('truncated YAML', () => {
    const doc = parseYaml('mode: m\nnodes:\n  a:\n    transitions:\n      - when: "x');
    expect(doc.errors.length).toBeGreaterThan(0);
    expect(doc.value).toBeUndefined();
  });

  it('binary input', () => {
    const bytes = Array.from({ length: 4096 }, (_, i) => String.fromCharCode((i * 7919) % 256)).join('');
    const doc = parseYaml(`mode: m\n${bytes}`);
    expect(doc.errors).toEqual([
      { message: 'the character U+0000 is not allowed in YAML (is this a binary file?)', range: { start: at(2, 1), end: at(2, 1) } },
    ]);
  });

  it('10,000-deep nested flow arrays', () => {
    const doc = parseYaml('['.repeat(10_000) + ']'.repeat(10_000));
    expect(doc.errors.length).toBeGreaterThan(0);
    expect(doc.value).toBeUndefined();
  });

  it('an alias bomb', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const doc = parseYaml(lines.join('\n'));
    expect(doc.value).toBeUndefined();
    expect(doc.errors[0]?.message).toMatch(/alias/i);
  });

  it('input over the size limit', () => {
    const doc = parseYaml('a: b\n'.repeat(MAX_YAML_CHARS / 5 + 1));
    expect(doc.errors[0]?.message).toContain('too large');
    expect(doc.locate(['a'])).toBeUndefined();
  });

  it('a map with many keys in linear time (duplicate check is not quadratic)', () => {
    const text = Array.from({ length: 30_000 }, (_, i) => `k${i}: ${i}`).join('\n') + '\nk5: dup\n';
    const doc = parseYaml(text);
    expect(doc.errors.map((e) => e.range.start.line)).toEqual([30_001]);
  });
});

describe('flow nesting is checked before the YAML parser recurses', () => {
  it('refuses nesting past the limit at the bracket that crosses it, without running the parser', () => {
    const text = `a: 1\nnodes: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`;
    const r = parseYaml(text);
    expect(r.value).toBeUndefined();
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.message).toContain('nested too deeply');
    expect(r.errors[0]!.range.start).toEqual({ line: 2, column: 8 + MAX_YAML_FLOW_DEPTH });
  });

  it('reads nesting at the limit, and ignores brackets in quotes and comments', () => {
    const atLimit = `x: ${'['.repeat(MAX_YAML_FLOW_DEPTH)}${']'.repeat(MAX_YAML_FLOW_DEPTH)}\n`;
    expect(flowTooDeep(atLimit)).toBeUndefined();
    const quoted = `a: "${'['.repeat(5000)}"\nb: '${'{'.repeat(5000)}'\n# ${'['.repeat(5000)}\nc: [1, [2]]\n`;
    expect(flowTooDeep(quoted)).toBeUndefined();
    expect(parseYaml(quoted).value).toEqual({ a: '['.repeat(5000), b: '{'.repeat(5000), c: [1, [2]] });
  });

  it('JSON nested past the limit still reads, only without positions', () => {
    const r = parseJson(`{"a": ${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expect(r.errors).toEqual([]);
    expect(r.locate(['a'])).toBeUndefined();
  });
});

describe('parseJson', () => {
  it('gives the value and ranges from the same text', () => {
    const doc = parseJson('{\n  "a": [1, {"b": "c"}]\n}');
    expect(doc.value).toEqual({ a: [1, { b: 'c' }] });
    expect(doc.locate(['a', 1, 'b'])).toEqual({ start: at(2, 18), end: at(2, 21) });
    expect(doc.locate(['a', 1, 'b'], 'key')).toEqual({ start: at(2, 13), end: at(2, 16) });
  });

  it.each([
    ['{"a":}', at(1, 6)],
    ['{', at(1, 2)],
    ['{\n"a": 1,\n}', at(3, 1)],
    ['[1,]', at(1, 4)],
    ['"\\x"', at(1, 3)],
    ['tru', at(1, 4)],
    ['trux', at(1, 4)],
    ['{"a":1}x', at(1, 8)],
    ['', at(1, 1)],
    ['[1]\n\n  ]', at(3, 3)],
  ])('positions the syntax error in %j', (text, start) => {
    const doc = parseJson(text);
    expect(doc.value).toBeUndefined();
    expect(doc.errors).toHaveLength(1);
    expect(doc.errors[0]?.range.start).toEqual(start);
    expect(doc.errors[0]?.message).not.toMatch(/position \d/);
  });

  it('finds the first error offset of invalid JSON, and -1 for valid JSON', () => {
    expect(firstJsonErrorOffset('{"a": [true, false, null, -1.5e3, "\\u00e9"]}')).toBe(-1);
    expect(firstJsonErrorOffset('{"a": 01}')).toBe(7);
    expect(firstJsonErrorOffset('{"a" 1}')).toBe(5);
    expect(firstJsonErrorOffset('["\\u12"]')).toBe(2);
    expect(firstJsonErrorOffset('[1 2]')).toBe(3);
  });

  it('a 10,000-deep nested array does not throw', () => {
    const doc = parseJson('['.repeat(10_000) + ']'.repeat(10_000));
    expect(Array.isArray(doc.value)).toBe(true);
    expect(() => doc.locate([0, 0, 0])).not.toThrow();
  });

  it('an unterminated 10,000-deep array is an error at the end', () => {
    const doc = parseJson('['.repeat(10_000));
    expect(doc.errors[0]?.range.start).toEqual(at(1, 10_001));
  });

  it('a 50 MB JSON string parses without positions', () => {
    const text = JSON.stringify({ nodes: 'x'.repeat(50 * 1024 * 1024) });
    expect(text.length).toBeGreaterThan(MAX_JSON_LOCATE_CHARS);
    const doc = parseJson(text);
    expect(doc.errors).toEqual([]);
    expect(doc.locate(['nodes'])).toBeUndefined();
  });

  it('reads workflow JSON through the loader with positioned F-diagnostics', () => {
    const file = loadRuleFile('w.json', '{"mode": "m", "start_node": "a", "nodes": {"a": {"transitions": [], "x": 1}}}');
    expect(where(file.diagnostics)).toEqual(['F004@1:69']);
  });
});
