/** Reading errors and warnings (F002, F003, F004) for workflows, with their positions and targets. */
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../src/core/codecs/parse/yaml.ts';
import { readWorkflow } from '../../src/core/codecs/read/workflow.ts';
import { readJson, readYaml, where } from './helpers.ts';

const HEAD = 'mode: m\nstart_node: a\nnodes:\n  a:\n    transitions: []\n    rules:\n';

describe('F002 unknown rule type', () => {
  it('reports the type value, lists the accepted types and drops only that rule', () => {
    const r = readYaml(`${HEAD}      - type: repeated_cmd\n        threshold: 1\n        window: 1\n      - type: token_budget\n        max_tokens: 9\n`);
    expect(where(r.diagnostics)).toEqual(['F002@7:15']);
    const d = r.diagnostics[0];
    expect(d?.severity).toBe('error');
    expect(d?.message).toBe(
      'Unknown workflow rule type `repeated_cmd` in rule #1 of node `a`: accepted types are repeated_command, repeated_file_edit, phase_timeout, token_budget, require_commits; the rule was dropped, so it never fires.',
    );
    expect(d?.range.end).toEqual({ line: 7, column: 27 });
    expect(d?.target).toEqual({ kind: 'workflow', workflow: 'flow', node: 'a' });
    expect(r.workflows[0]?.nodes[0]?.rules).toEqual([{ type: 'token_budget', max_tokens: 9 }]);
    expect(r.spans.get('w0/n:a/r0')?.start).toEqual({ line: 10, column: 9 });
  });

  it('reports an unknown externally tagged type at its key', () => {
    const r = readYaml(`${HEAD}      - loop_guard: { threshold: 1 }\n`);
    expect(where(r.diagnostics)).toEqual(['F002@7:9']);
    expect(r.diagnostics[0]?.message).toContain('`loop_guard`');
    expect(r.workflows[0]?.nodes[0]?.rules).toEqual([]);
  });
});

describe('F003 missing fields, wrong types, non-integers', () => {
  it('reports a missing required field at the rule', () => {
    const r = readYaml(`${HEAD}      - type: repeated_command\n        window: 60\n`);
    expect(where(r.diagnostics)).toEqual(['F003@7:9']);
    expect(r.diagnostics[0]?.message).toBe(
      'The `repeated_command` rule #1 of node `a` is missing `threshold`, so the rule was dropped and never fires.',
    );
    expect(r.workflows[0]?.nodes[0]?.rules).toEqual([]);
  });

  it('reports a non-integer and a non-number at their values', () => {
    const r = readYaml(`${HEAD}      - type: repeated_file_edit\n        threshold: 2.5\n        window: "60"\n`);
    expect(where(r.diagnostics)).toEqual(['F003@8:20', 'F003@9:17']);
    expect(r.diagnostics[0]?.message).toBe(
      '`threshold` of the `repeated_file_edit` rule #1 of node `a` must be a whole number, not 2.5, so the rule was dropped and never fires.',
    );
    expect(r.diagnostics[1]?.message).toContain('not the string "60"');
  });

  it('reports a rule without a type and a rule that is not a mapping', () => {
    const r = readYaml(`${HEAD}      - threshold: 1\n        window: 2\n      - just text\n`);
    expect(where(r.diagnostics)).toEqual(['F003@7:9', 'F003@9:9']);
    expect(r.diagnostics[0]?.message).toContain('has no `type`');
  });

  it('reports an unsafe integer as out of range', () => {
    const r = readYaml(`${HEAD}      - type: token_budget\n        max_tokens: 99999999999999999999\n`);
    expect(where(r.diagnostics)).toEqual(['F003@8:21']);
    expect(r.diagnostics[0]?.message).toContain('out of range');
  });

  it('reports a node without transitions (hegel requires the key) but not for done', () => {
    const r = readYaml('mode: m\nstart_node: a\nnodes:\n  a:\n    prompt: x\n  done: {}\n');
    expect(where(r.diagnostics)).toEqual(['F003@4:3']);
    expect(r.diagnostics[0]?.message).toContain('write `transitions: []`');
    expect(r.workflows[0]?.nodes[0]?.transitions).toEqual([]);
  });

  it('drops a transition without `to`, keeps the others with their model indices', () => {
    const r = readYaml('mode: m\nstart_node: a\nnodes:\n  a:\n    transitions:\n      - when: x\n      - when: y\n        to: done\n');
    expect(where(r.diagnostics)).toEqual(['F003@6:9']);
    expect(r.workflows[0]?.nodes[0]?.transitions).toEqual([{ when: 'y', to: 'done' }]);
    expect(r.spans.get('w0/n:a/t0')?.start).toEqual({ line: 7, column: 9 });
  });

  it('reports nodes that are a list, and a missing nodes key', () => {
    expect(where(readYaml('mode: m\nstart_node: a\nnodes:\n  - a\n').diagnostics)).toEqual(['F003@4:3']);
    const r = readYaml('mode: m\nstart_node: a\n');
    expect(where(r.diagnostics)).toEqual(['F003@1:1']);
    expect(r.workflows[0]?.nodes).toEqual([]);
  });

  it('reads a node that is not a mapping as an empty node', () => {
    const r = readYaml('mode: m\nstart_node: a\nnodes:\n  a: 5\n');
    expect(where(r.diagnostics)).toEqual(['F003@4:6']);
    expect(r.workflows[0]?.nodes).toEqual([{ name: 'a', transitions: [], rules: [] }]);
  });

  it('reports a workflow that is not a mapping', () => {
    const r = readWorkflow(parseYaml('- a\n- b\n'), 'x.yaml');
    expect(where(r.diagnostics)).toEqual(['F003@1:1']);
    expect(r.workflows[0]?.nodes).toEqual([]);
  });
});

describe('F004 unknown keys', () => {
  it('keeps extra keys on workflow, node and rule, warning at each key', () => {
    const r = readYaml(
      [
        'mode: m',
        'start_node: a',
        'owner: team',
        'nodes:',
        '  a:',
        '    color: red',
        '    transitions: []',
        '    rules:',
        '      - type: phase_timeout',
        '        max_duration: 60',
        '        note: { why: slow }',
      ].join('\n'),
    );
    expect(where(r.diagnostics).sort(byLine)).toEqual(['F004@3:1', 'F004@6:5', 'F004@11:9']);
    expect(r.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    const wf = r.workflows[0];
    expect(wf?.extra).toEqual({ owner: 'team' });
    expect(wf?.nodes[0]?.extra).toEqual({ color: 'red' });
    expect(wf?.nodes[0]?.rules[0]).toEqual({ type: 'phase_timeout', max_duration: 60, extra: { note: { why: 'slow' } } });
    const ruleWarning = r.diagnostics.find((d) => d.message.includes('`note`'));
    expect(ruleWarning?.message).toBe(
      'Unknown key `note` on the `phase_timeout` rule #1 of node `a`: kept and written back on export, but hegel ignores it, so it has no effect.',
    );
    expect(ruleWarning?.target).toEqual({ kind: 'workflow', workflow: 'flow', node: 'a', rule: 0 });
  });

  it('keeps keys beside the tag of a seed rule', () => {
    const r = readYaml(`${HEAD}      - token_budget: { max_tokens: 5 }\n        label: cap\n`);
    expect(where(r.diagnostics)).toEqual(['F010@7:9', 'F004@8:9']);
    expect(r.workflows[0]?.nodes[0]?.rules).toEqual([{ type: 'token_budget', max_tokens: 5, extra: { label: 'cap' } }]);
  });

  it('keeps __proto__ as a plain key', () => {
    const r = readJson('{"mode":"m","start_node":"a","nodes":{"a":{"transitions":[],"__proto__":{"x":1}}}}');
    const extra = r.workflows[0]?.nodes[0]?.extra;
    expect(Object.keys(extra ?? {})).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(extra)).toBe(Object.prototype);
  });
});

describe('JSON positions', () => {
  it('points at the JSON text', () => {
    const text = '{\n  "mode": "m",\n  "start_node": "a",\n  "nodes": {\n    "a": {\n      "transitions": [],\n      "rules": [{ "type": "nope" }]\n    }\n  }\n}\n';
    const r = readJson(text);
    expect(where(r.diagnostics)).toEqual(['F002@7:27']);
    expect(r.spans.get('w0/n:a')).toEqual({ start: { line: 5, column: 5 }, end: { line: 5, column: 8 } });
  });
});

function byLine(a: string, b: string): number {
  const line = (s: string) => Number(s.split('@')[1]?.split(':')[0]);
  return line(a) - line(b);
}

describe('F003 on a rule or transition left out', () => {
  it('marks what it dropped, so the studio can draw the rest (review 12: a rule with no `window`)', () => {
    const r = readYaml(
      `${HEAD}      - type: repeated_command\n        pattern: npm test\n        threshold: 3\n      - type: token_budget\n        max_tokens: 9\n  b:\n    transitions:\n      - when: go\n      - { when: x, to: done }\n`,
    );
    const f003 = r.diagnostics.filter((d) => d.code === 'F003');
    expect(f003.map((d) => [d.dropped, d.message])).toEqual([
      ['rule', 'The `repeated_command` rule #1 of node `a` is missing `window`, so the rule was dropped and never fires.'],
      ['transition', 'Transition 1 of node `b` is missing `to`, so it was dropped.'],
    ]);
    expect(r.workflows[0]?.nodes[0]?.rules).toEqual([{ type: 'token_budget', max_tokens: 9 }]);
    expect(r.workflows[0]?.nodes[1]?.transitions).toEqual([{ when: 'x', to: 'done' }]);
  });

  it('leaves a field read as absent unmarked (the part is kept)', () => {
    const r = readYaml('mode: m\nstart_node: a\nnodes:\n  a:\n    summary: [1]\n    transitions: []\n');
    const f003 = r.diagnostics.find((d) => d.code === 'F003');
    expect(f003?.message).toContain('so it was ignored');
    expect(f003?.dropped).toBeUndefined();
  });
});
