/** `formatRuleText`: the normal form of each family, comments kept, and what it refuses. */
import { describe, expect, it } from 'vitest';
import { FMT_UNREADABLE, formatRuleText } from '../../src/core/codecs/fmt/index.ts';

const fmt = (file: string, text: string) => {
  const r = formatRuleText(file, text);
  expect(r.diagnostics).toEqual([]);
  return r.text as string;
};

describe('fmt: Pattern TOML in taplo style', () => {
  const untidy = [
    '#:schema ../schemas/agent.schema.json',
    '   # the API client',
    '',
    '',
    '',
    '[[ agents ]]   # one agent',
    '  name="api"',
    'tools   =   [ "a" ,"b",   "c" ]',
    '',
    '  [[agents . tool_rules]]',
    'tool_name = "a"',
    "rule_type = {type='MaxCalls',value=3}   # at most three",
    'conditions = [ # which ones',
    '  "b",  # first',
    '',
    '  # then',
    '  "c"',
    ']',
    '',
  ].join('\n');
  const tidy = [
    '#:schema ../schemas/agent.schema.json',
    '# the API client',
    '',
    '[[agents]] # one agent',
    'name = "api"',
    'tools = ["a", "b", "c"]',
    '',
    '[[agents.tool_rules]]',
    'tool_name = "a"',
    "rule_type = { type = 'MaxCalls', value = 3 } # at most three",
    'conditions = [',
    '  # which ones',
    '  "b", # first',
    '',
    '  # then',
    '  "c",',
    ']',
    '',
  ].join('\n');

  it('normalises spacing, indentation and blank lines, keeping every comment, key order and string style', () => {
    expect(fmt('agent.toml', untidy)).toBe(tidy);
  });

  it('is idempotent', () => {
    expect(formatRuleText('agent.toml', tidy)).toEqual({ text: tidy, changed: false, diagnostics: [] });
  });

  it('writes an array that passes 80 columns one element a line, and keeps a broken one broken', () => {
    const long = `[[agents]]\nname = "a"\ntools = [${Array.from({ length: 9 }, (_, i) => `"tool_number_${i}"`).join(', ')}]\n`;
    expect(fmt('a.toml', long)).toContain('tools = [\n  "tool_number_0",\n  "tool_number_1",');
    expect(fmt('a.toml', '[[agents]]\nname = "a"\ntools = [\n"x", "y"]\n')).toBe('[[agents]]\nname = "a"\ntools = [\n  "x",\n  "y",\n]\n');
    expect(fmt('a.toml', '[[agents]]\nname = "a"\ntools = ["x",\n "y"]\n')).toBe('[[agents]]\nname = "a"\ntools = ["x", "y"]\n');
  });

  it('keeps inline tables on one line and multi-line strings as written', () => {
    const text = '[[agents]]\nname = """multi\n  line"""\ntool_specs = { t = { enum = ["a", "b"] } }\n';
    expect(fmt('a.toml', text)).toBe(text);
  });

  it('keeps a byte-order mark and turns CRLF into LF', () => {
    expect(fmt('a.toml', '\uFEFF[[agents]]\r\nname = "a"\r\n')).toBe('\uFEFF[[agents]]\nname = "a"\n');
  });
});

describe('fmt: JSON in prettier style', () => {
  it('keeps key order, repeated keys and escapes; one-line containers stay on one line while they fit', () => {
    const text = '{"agents":[{"name":"a\\u00e9","tool_rules":[{"tool_name":"x","rule_type":{"type":"MaxCalls","value":1.50e1}}]}]}';
    expect(fmt('a.json', text)).toBe(
      '{\n  "agents": [\n    {\n      "name": "a\\u00e9",\n      "tool_rules": [\n        { "tool_name": "x", "rule_type": { "type": "MaxCalls", "value": 1.50e1 } }\n      ]\n    }\n  ]\n}\n'.replace(
        '        { "tool_name": "x", "rule_type": { "type": "MaxCalls", "value": 1.50e1 } }\n',
        '        {\n          "tool_name": "x",\n          "rule_type": { "type": "MaxCalls", "value": 1.50e1 }\n        }\n',
      ),
    );
  });

  it('keeps an object written across lines across lines (prettier rule), and collapses none written on one line', () => {
    const text = '{\n"permissions": {"allow": ["Bash(ls)"], "deny": []}}';
    expect(fmt('.claude/settings.json', text)).toBe('{\n  "permissions": { "allow": ["Bash(ls)"], "deny": [] }\n}\n');
  });
});

describe('fmt: YAML in prettier style', () => {
  it('keeps comments, blank lines (at most one), block scalars and order; indents lists; double-quotes single-quoted strings', () => {
    const untidy = [
      '# workflow',
      'mode: execution   # the mode',
      'start_node: spec',
      '',
      '',
      'nodes:',
      '    spec:',
      '        prompt: |',
      '            Write SPEC.md.',
      '            Then stop.',
      '        transitions:',
      '        -   when: done_spec   # finished',
      "            to: 'done'",
      '        rules: [ {type: token_budget, max_tokens: 5} ]',
      '',
    ].join('\n');
    expect(fmt('workflow.yaml', untidy)).toBe(
      [
        '# workflow',
        'mode: execution # the mode',
        'start_node: spec',
        '',
        'nodes:',
        '  spec:',
        '    prompt: |',
        '      Write SPEC.md.',
        '      Then stop.',
        '    transitions:',
        '      - when: done_spec # finished',
        '        to: "done"',
        '    rules: [{type: token_budget, max_tokens: 5}]',
        '',
      ].join('\n'),
    );
  });
});

describe('fmt refuses what it cannot read, saying where', () => {
  it('a TOML syntax error: F001 at its line and column, no text', () => {
    const r = formatRuleText('bad.toml', '[[agents]]\nname = "a\n');
    expect(r.text).toBeUndefined();
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.file, d.range.start.line])).toEqual([['F001', 'error', 'bad.toml', 2]]);
  });

  it('a YAML file that is not a rule file: F003', () => {
    const r = formatRuleText('.pre-commit-config.yaml', 'repos:\n  - repo: local\n');
    expect(r.text).toBeUndefined();
    expect(r.diagnostics[0]?.code).toBe('F003');
  });

  it('a JSON file that is not strict JSON', () => {
    const r = formatRuleText('agent.json', '{"agents": [],}');
    expect(r.text).toBeUndefined();
    expect(r.diagnostics[0]?.severity).toBe('error');
    expect(r.diagnostics[0]?.range.start.line).toBe(1);
  });

  it('a line break inside an inline table (TOML 1.1, which the loader reads): X020 where the formatter stopped, no text', () => {
    const r = formatRuleText('a.toml', '[[agents]]\nname = "a"\nx = { a = 1,\n b = 2 }\n');
    expect(r.text).toBeUndefined();
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.column])).toEqual([[FMT_UNREADABLE, 'error', 3, 13]]);
  });

  it('a YAML syntax error: F001 at its line', () => {
    const r = formatRuleText('a.yaml', 'agents:\n  - name: a\n    tools: [a, b\n');
    expect(r.text).toBeUndefined();
    expect(r.diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['F001', 4]]);
  });
});
