import { describe, expect, it } from 'vitest';
import { parseToml } from '../../src/core/codecs/parse/toml.ts';

const TEXT = `# comment
[[agents]]
name = "a"
tools = ["x",
  "y"]  # trailing

[[agents.tool_rules]]
tool_name = "x"
rule_type = { type = "MaxCalls", value = 3 }
conditions = ["q", "r"]

[[agents.tool_rules]]
tool_name = """multi
line"""
"rule_type".type = "ExitLoop"

[[agents]]
name = 'b'

[[agents.tool_rules]]
tool_name = "z"

[agents.tool_specs.file]
operations = ["read"]
`;

describe('parseToml values', () => {
  it('gives plain objects, with dates as their TOML text', () => {
    const doc = parseToml('a = 1979-05-27\nb = 1979-05-27T07:32:00Z\n[t]\nx.y = 2\n');
    expect(doc.errors).toEqual([]);
    expect(doc.value).toEqual({ a: '1979-05-27', b: '1979-05-27T07:32:00.000Z', t: { x: { y: 2 } } });
    expect(Object.getPrototypeOf(doc.value)).toBe(Object.prototype);
  });

  it('reads arrays of tables in order', () => {
    const doc = parseToml(TEXT);
    const v = doc.value as { agents: { name: string; tool_rules: { tool_name: string }[] }[] };
    expect(v.agents.map((a) => a.name)).toEqual(['a', 'b']);
    expect(v.agents[0]?.tool_rules.map((r) => r.tool_name)).toEqual(['x', 'multi\nline']);
  });
});

describe('parseToml syntax errors (F001 positions)', () => {
  it('reports the parser line and column and no value', () => {
    const doc = parseToml('a = 1\na = 2\n');
    expect(doc.value).toBeUndefined();
    expect(doc.errors).toHaveLength(1);
    expect(doc.errors[0]?.message).toBe('trying to redefine an already defined table or value');
    expect(doc.errors[0]?.range.start).toEqual({ line: 2, column: 1 });
  });

  it('reports a truncated file at the array it leaves open', () => {
    const doc = parseToml('[[agents]]\nname = "a"\ntools = ["x",\n');
    expect(doc.value).toBeUndefined();
    expect(doc.errors[0]?.range.start).toEqual({ line: 3, column: 9 });
    expect(doc.errors[0]?.message).toBe('unclosed array opened at 3:9: no "]"; the parser stopped at 4:1 (invalid value)');
  });

  // Review 11, shot 54: etl-pipeline.toml with line 39 unclosed was reported at 41:1, the next header.
  it('reports an unclosed inline table at its brace, not at the next table header', () => {
    const text = '[[agents.tool_rules]]\ntool_name = "load"\nrule_type = { type = "MaxCall", value = 1\n\n[[agents.tool_rules]]\ntool_name = "x"\n';
    const doc = parseToml(text);
    expect(doc.errors).toHaveLength(1);
    expect(doc.errors[0]?.range.start).toEqual({ line: 3, column: 13 });
    expect(doc.errors[0]?.message).toBe(
      'unclosed inline table opened at 3:13: no "}" on its line; the parser stopped at 5:1 (expected comma or end of structure)',
    );
  });

  it('names the innermost bracket left open, and skips brackets in strings, comments and headers', () => {
    expect(parseToml('a = { b = { c = 1 }\n\nx = 2\n').errors[0]?.range.start).toEqual({ line: 1, column: 5 });
    expect(parseToml('a = [[1, 2], [3\nb = 1\n').errors[0]?.range.start).toEqual({ line: 1, column: 14 });
    expect(parseToml('["t]"]\na = ["]", \'[\', """\n{""", # {\n 1\nb = 1\n').errors[0]?.range.start).toEqual({ line: 2, column: 5 });
    expect(parseToml('a = { b = 1').errors[0]?.range.start).toEqual({ line: 1, column: 5 });
  });

  // Review 12 (shot 72): a rule cut mid-string was an unclosed inline table at 7:13 "(control characters are not allowed in strings)".
  it('reports a string cut mid-way at its opening quote, not as control characters or its inline table', () => {
    const text = '[[agents]]\nname = "half"\ntools = ["a", "b"]\n\n[[agents.tool_rules]]\ntool_name = "b"\nrule_type = { type = "RequiresPreced\n';
    const [error, ...rest] = parseToml(text).errors;
    expect(rest).toEqual([]);
    expect(error?.message).toBe('unclosed string opened at 7:22: no closing " on its line');
    expect(error?.range).toEqual({ start: { line: 7, column: 22 }, end: { line: 7, column: 37 } });
  });

  it('names the string left open: literal, at the end of the text, before CRLF, in a header, multi-line', () => {
    const at = (text: string) => {
      const e = parseToml(text).errors[0];
      return e && `${e.range.start.line}:${e.range.start.column} ${e.message}`;
    };
    expect(at("a = 1\nb = 'lit\nc = 2\n")).toBe("2:5 unclosed string opened at 2:5: no closing ' on its line");
    expect(at('a = 1\nb = "cut')).toBe('2:5 unclosed string opened at 2:5: no closing " on its line');
    expect(at('a = "x\r\nb = 1\n')).toBe('1:5 unclosed string opened at 1:5: no closing " on its line');
    expect(at('["where will it end]\nname = 1\n')).toBe('1:2 unclosed string opened at 1:2: no closing " on its line');
    expect(at('a = ["x", "y\n]\n')).toBe('1:11 unclosed string opened at 1:11: no closing " on its line');
    expect(at('a = 1\nb = """multi\nline\n')).toBe('2:5 unclosed multi-line string opened at 2:5: no closing """');
  });

  it('keeps the parser error inside a string that is closed, or at an escape before the line end', () => {
    expect(parseToml('a = "ok\u0007"\n').errors[0]?.message).toBe('control characters are not allowed in strings');
    expect(parseToml('a = "bad \\q escape\n').errors[0]?.message).toBe('unrecognised escape sequence');
  });

  it('keeps the parser position when the error is inside the structure', () => {
    expect(parseToml('a = { b = [1, 2 }\n').errors[0]).toMatchObject({ message: 'expected comma or end of structure', range: { start: { line: 1, column: 17 } } });
    expect(parseToml('a = [\n 1,\n 2x,\n]\n').errors[0]?.range.start).toEqual({ line: 3, column: 3 });
  });

  it('reports 10,000-deep nested arrays without throwing, and locate still works', () => {
    const text = `a = ${'['.repeat(10000)}${']'.repeat(10000)}\nb = 1\n`;
    const doc = parseToml(text);
    expect(doc.errors[0]?.message).toContain('excessively nested');
    expect(doc.locate(['b'])?.start).toEqual({ line: 2, column: 1 });
  });

  it('does not throw on binary input', () => {
    const bytes = Array.from({ length: 512 }, (_, i) => String.fromCharCode((i * 37) % 256)).join('');
    const doc = parseToml(bytes);
    expect(doc.errors.length).toBeGreaterThan(0);
    expect(() => doc.locate(['a', 0, 'b'])).not.toThrow();
  });
});

describe('parseToml locate', () => {
  const doc = parseToml(TEXT);
  const at = (path: (string | number)[], part?: 'key' | 'value') => {
    const r = doc.locate(path, part);
    return r ? `${r.start.line}:${r.start.column}-${r.end.line}:${r.end.column}` : undefined;
  };

  it('finds array-of-tables headers with per-array counters reset per parent element', () => {
    expect(at(['agents', 0])).toBe('2:1-2:11');
    expect(at(['agents', 0, 'tool_rules', 0])).toBe('7:1-7:22');
    expect(at(['agents', 0, 'tool_rules', 1])).toBe('12:1-12:22');
    expect(at(['agents', 1])).toBe('17:1-17:11');
    expect(at(['agents', 1, 'tool_rules', 0])).toBe('20:1-20:22');
    expect(at(['agents', 1, 'tool_rules', 1])).toBeUndefined();
  });

  it('finds key lines and keys, also after multi-line values and for dotted and quoted keys', () => {
    expect(at(['agents', 0, 'tools'])).toBe('4:1-5:7');
    expect(at(['agents', 0, 'tools'], 'key')).toBe('4:1-4:6');
    expect(at(['agents', 0, 'tool_rules', 0, 'rule_type'])).toBe('9:1-9:45');
    expect(at(['agents', 0, 'tool_rules', 1, 'tool_name'])).toBe('13:1-14:8');
    expect(at(['agents', 0, 'tool_rules', 1, 'rule_type'], 'key')).toBe('15:1-15:12');
    expect(at(['agents', 0, 'tool_rules', 1, 'rule_type', 'type'], 'key')).toBe('15:13-15:17');
    expect(at(['agents', 1, 'tool_rules', 0, 'tool_name'])).toBe('21:1-21:16');
    expect(at(['agents', 1, 'tool_specs', 'file', 'operations'])).toBe('24:1-24:22');
  });

  it('finds members of inline arrays and tables', () => {
    expect(at(['agents', 0, 'tools', 1])).toBe('5:3-5:6');
    expect(at(['agents', 0, 'tool_rules', 0, 'rule_type', 'value'])).toBe('9:34-9:43');
    expect(at(['agents', 0, 'tool_rules', 0, 'rule_type', 'value'], 'key')).toBe('9:34-9:39');
    expect(at(['agents', 0, 'tool_rules', 0, 'conditions', 1])).toBe('10:20-10:23');
  });

  it('knows nothing of paths that are not there', () => {
    expect(at([])).toBeUndefined();
    expect(at(['nope'])).toBeUndefined();
  });
});
