/** writeWorkflowYaml / writeWorkflowJson: hegel's form, key order, quoting, dropped `done`. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isMap, isScalar, type YAMLMap } from 'yaml';
import { parseYaml, parseYamlDocument } from '../../src/core/codecs/parse/yaml.ts';
import { writeWorkflowJson } from '../../src/core/codecs/write/workflowJson.ts';
import { writeWorkflowYaml } from '../../src/core/codecs/write/workflowYaml.ts';
import type { Workflow } from '../../src/core/model/workflow.ts';
import { readJson, readYaml } from './helpers.ts';
import { example } from '../data/paths.ts';

const HEGEL_EXECUTION = readFileSync(example('hegel-execution.yaml'), 'utf8');

function keysOf(map: unknown): string[] {
  if (!isMap(map)) return [];
  return (map as YAMLMap).items.map((p) => (isScalar(p.key) ? String(p.key.value) : '?'));
}

describe('writeWorkflowYaml', () => {
  const wf = readYaml(HEGEL_EXECUTION, 'hegel-execution.yaml').workflows[0] as Workflow;

  it('writes the hegel example exactly as the file has it, comments aside', () => {
    const withoutComments = HEGEL_EXECUTION.split('\n').filter((l) => !l.startsWith('#')).join('\n');
    expect(writeWorkflowYaml(wf)).toBe(withoutComments);
  });

  it('gives back the same model, with keys in hegel order', () => {
    const text = writeWorkflowYaml(wf);
    expect(readYaml(text, 'hegel-execution.yaml').workflows[0]).toEqual(wf);
    const doc = parseYamlDocument(text);
    expect(keysOf(doc.contents)).toEqual(['mode', 'start_node', 'nodes']);
    const code = doc.getIn(['nodes', 'code']);
    expect(keysOf(code)).toEqual(['summary', 'prompt', 'transitions', 'rules']);
    expect(keysOf(doc.getIn(['nodes', 'code', 'rules', 1]))).toEqual(['type', 'pattern', 'threshold', 'window']);
    expect(keysOf(doc.getIn(['nodes', 'code', 'rules', 2]))).toEqual(['type', 'path_pattern', 'threshold', 'window']);
  });

  it('writes transitions always, rules only when there are some, and drops an explicit done node', () => {
    const text = writeWorkflowYaml({
      name: 'w',
      mode: 'm',
      start_node: 'a',
      nodes: [
        { name: 'a', transitions: [], rules: [] },
        { name: 'done', summary: 'end', transitions: [], rules: [] },
      ],
    });
    expect(text).toBe('mode: m\nstart_node: a\nnodes:\n  a:\n    transitions: []\n');
  });

  it('writes multi-line prompts as block scalars and quotes strings only when needed', () => {
    const model: Workflow = {
      name: 'w',
      mode: 'yes',
      start_node: '1',
      nodes: [
        { name: '1', prompt: 'First line\nsecond line\n', transitions: [{ when: 'null', to: 'x: y' }], rules: [] },
        { name: '<img src=x onerror=alert(1)>', summary: 'plain words', transitions: [{ when: 'true', to: '~' }], rules: [] },
        { name: 'x: y', prompt_hbs: '{{#if a}}b{{/if}}', transitions: [], rules: [] },
      ],
    };
    const text = writeWorkflowYaml(model);
    expect(text).toContain('mode: "yes"\n');
    expect(text).toContain('start_node: "1"\n');
    expect(text).toContain('  "1":\n    prompt: |\n      First line\n      second line\n');
    expect(text).toContain('      - when: "null"\n        to: "x: y"\n');
    expect(text).toContain('  <img src=x onerror=alert(1)>:\n    summary: plain words\n');
    const back = readYaml(text, 'w.yaml');
    expect(back.diagnostics).toEqual([]);
    expect(back.workflows[0]).toEqual(model);
  });

  it('escapes characters YAML allows only escaped (DEL, C1 controls) so strict loaders accept the text', () => {
    const model: Workflow = { name: 'w', mode: 'm', start_node: 'a\u007Fb', nodes: [{ name: 'a\u007Fb', summary: 'x\u0085y', transitions: [], rules: [] }] };
    const text = writeWorkflowYaml(model);
    expect(text).toContain('start_node: "a\\x7Fb"\n');
    expect(text).toContain('  "a\\x7Fb":\n    summary: "x\\x85y"\n');
    expect(readYaml(text, 'w.yaml').workflows[0]).toEqual(model);
  });

  it('writes extra keys after the known ones and never twice', () => {
    const text = writeWorkflowYaml({
      name: 'w',
      mode: 'm',
      start_node: 'a',
      nodes: [
        {
          name: 'a',
          transitions: [],
          rules: [{ type: 'token_budget', max_tokens: 5, extra: { note: 'n', max_tokens: 7 } }],
          extra: { color: 'red' },
        },
      ],
      extra: { owner: { team: 'x' } },
    });
    expect(text).toBe(
      'mode: m\nstart_node: a\nnodes:\n  a:\n    transitions: []\n    rules:\n      - type: token_budget\n        max_tokens: 5\n        note: "n"\n    color: red\nowner:\n  team: x\n',
    );
  });
});

describe('writeWorkflowJson', () => {
  const wf = readYaml(HEGEL_EXECUTION, 'hegel-execution.yaml').workflows[0] as Workflow;

  it('writes the same shape as the YAML writer', () => {
    const json = writeWorkflowJson(wf);
    expect(JSON.parse(json)).toEqual(parseYaml(writeWorkflowYaml(wf)).value);
    expect(json.endsWith('}\n')).toBe(true);
    expect(json.startsWith('{\n  "mode": "execution",\n  "start_node": "spec",\n  "nodes": {\n    "spec": {\n      "summary"')).toBe(true);
  });

  it('gives back the same model, node order of integer-like names included', () => {
    expect(readJson(writeWorkflowJson(wf), 'hegel-execution.json').workflows[0]).toEqual(wf);
    const numbered: Workflow = {
      name: 'n',
      mode: 'm',
      start_node: 'b',
      nodes: ['b', '2', 'a', '1'].map((name) => ({ name, transitions: [], rules: [] })),
    };
    const text = writeWorkflowJson(numbered);
    expect(text.indexOf('"b"')).toBeLessThan(text.indexOf('"2"'));
    expect(readJson(text, 'n.json').workflows[0]).toEqual(numbered);
  });

  it('writes empty lists compactly and drops the done node', () => {
    const text = writeWorkflowJson({ name: 'w', mode: 'm', start_node: 'a', nodes: [{ name: 'a', transitions: [], rules: [] }, { name: 'done', transitions: [], rules: [] }] });
    expect(text).toBe('{\n  "mode": "m",\n  "start_node": "a",\n  "nodes": {\n    "a": {\n      "transitions": []\n    }\n  }\n}\n');
  });
});
