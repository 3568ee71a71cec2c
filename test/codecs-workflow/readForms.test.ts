/** The forms of `workflow-rules.md` §2, each with its diagnostic and normalised model. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../src/core/codecs/parse/yaml.ts';
import { looksLikeWorkflow, readWorkflow, workflowNameFromFile } from '../../src/core/codecs/read/workflow.ts';
import { Workflow } from '../../src/core/model/workflow.ts';
import { readYaml, where } from './helpers.ts';
import { EXAMPLES_DIR } from '../data/paths.ts';

const EXAMPLES = EXAMPLES_DIR;

describe('hegel form (internally tagged)', () => {
  it('reads every rule type as is, with no diagnostic', () => {
    const r = readYaml(readFileSync(`${EXAMPLES}/hegel-execution.yaml`, 'utf8'), 'examples/hegel-execution.yaml');
    expect(r.diagnostics).toEqual([]);
    const wf = r.workflows[0];
    expect(wf?.name).toBe('hegel-execution');
    expect(wf?.mode).toBe('execution');
    expect(wf?.start_node).toBe('spec');
    expect(wf?.nodes.map((n) => n.name)).toEqual(['spec', 'plan', 'code', 'code_review', 'readme']);
    expect(wf?.nodes[2]?.rules).toEqual([
      { type: 'require_commits', lookback_phases: 1 },
      { type: 'repeated_command', pattern: 'cargo (build|check|test)', threshold: 5, window: 120 },
      { type: 'repeated_file_edit', path_pattern: 'src/.*', threshold: 8, window: 240 },
      { type: 'token_budget', max_tokens: 8000 },
      { type: 'phase_timeout', max_duration: 600 },
    ]);
    expect(wf?.nodes[4]?.transitions).toEqual([{ when: 'readme_complete', to: 'done' }]);
    expect(() => Workflow.parse(wf)).not.toThrow();
  });

  it('reads the minimal example as a valid model', () => {
    const r = readYaml(readFileSync(`${EXAMPLES}/hegel-minimal.yaml`, 'utf8'), 'hegel-minimal.yaml');
    expect(r.diagnostics).toEqual([]);
    expect(r.workflows[0]).toEqual({
      name: 'hegel-minimal',
      mode: 'discovery',
      start_node: 'spec',
      nodes: [
        {
          name: 'spec',
          summary: 'Define inputs, outputs and invariants.',
          prompt: 'Write SPEC.md.',
          transitions: [{ when: 'spec_complete', to: 'plan' }],
          rules: [],
        },
        {
          name: 'plan',
          summary: 'Plan testable steps.',
          prompt: 'Write PLAN.md.',
          transitions: [{ when: 'plan_complete', to: 'done' }],
          rules: [],
        },
      ],
    });
  });
});

describe('seed forms', () => {
  it('reads the externally tagged form with an F010 info at the tag', () => {
    const text = [
      'mode: m',
      'start_node: a',
      'nodes:',
      '  a:',
      '    transitions: []',
      '    rules:',
      '      - repeated_command: { pattern: "x", threshold: 5, window: 120 }',
    ].join('\n');
    const r = readYaml(text);
    expect(where(r.diagnostics)).toEqual(['F010@7:9']);
    const d = r.diagnostics[0];
    expect(d?.severity).toBe('info');
    expect(d?.message).toContain('hegel rejects');
    expect(d?.message).toContain('`type:`');
    expect(d?.target).toEqual({ kind: 'workflow', workflow: 'flow', node: 'a', rule: 0 });
    expect(r.workflows[0]?.nodes[0]?.rules).toEqual([{ type: 'repeated_command', pattern: 'x', threshold: 5, window: 120 }]);
  });

  it('reads the seed field names window_secs and max_duration_secs with an F010 info each', () => {
    const text = [
      'mode: m',
      'start_node: a',
      'nodes:',
      '  a:',
      '    transitions: []',
      '    rules:',
      '      - type: repeated_file_edit',
      '        threshold: 3',
      '        window_secs: 90',
      '      - phase_timeout:',
      '          max_duration_secs: 600',
    ].join('\n');
    const r = readYaml(text);
    expect(where(r.diagnostics)).toEqual(['F010@9:9', 'F010@10:9', 'F010@11:11']);
    expect(r.diagnostics.every((d) => d.severity === 'info')).toBe(true);
    expect(r.diagnostics[0]?.message).toContain('`window_secs`');
    expect(r.diagnostics[0]?.message).toContain('export writes `window`');
    expect(r.diagnostics[2]?.message).toContain('export writes `max_duration`');
    expect(r.workflows[0]?.nodes[0]?.rules).toEqual([
      { type: 'repeated_file_edit', threshold: 3, window: 90 },
      { type: 'phase_timeout', max_duration: 600 },
    ]);
  });

  it('loads the partial seed example: F003 for the missing mode, F010 per rule, start_node left for W002', () => {
    const r = readYaml(readFileSync(`${EXAMPLES}/spec-code-node.yaml`, 'utf8'), 'spec-code-node.yaml');
    expect(where(r.diagnostics)).toEqual(['F003@2:1', 'F010@8:9', 'F010@14:9', 'F010@20:9', 'F010@24:9']);
    expect(r.diagnostics[0]?.message).toBe(
      "The workflow has no `mode`, so hegel's loader rejects it; add one (e.g. `mode: execution`).",
    );
    const wf = r.workflows[0];
    expect(wf).toMatchObject({ name: 'spec-code-node', mode: '', start_node: '' });
    expect(wf?.nodes).toEqual([
      {
        name: 'code',
        prompt: 'You are in the CODE phase...\n',
        transitions: [{ when: 'code_complete', to: 'review' }],
        rules: [
          { type: 'repeated_command', pattern: 'cargo (build|test)', threshold: 5, window: 120 },
          { type: 'repeated_file_edit', path_pattern: 'src/.*\\.rs', threshold: 8, window: 180 },
          { type: 'phase_timeout', max_duration: 600 },
          { type: 'token_budget', max_tokens: 5000 },
        ],
      },
    ]);
  });
});

describe('explicit done node', () => {
  it('is kept in the model for the validator (W008) and not reported twice by the reader', () => {
    const text = 'mode: m\nstart_node: a\nnodes:\n  a:\n    transitions:\n      - when: go\n        to: done\n  done:\n    summary: end\n';
    const r = readYaml(text);
    expect(r.diagnostics).toEqual([]);
    expect(r.workflows[0]?.nodes.map((n) => n.name)).toEqual(['a', 'done']);
    expect(r.spans.get('w0/n:done')).toEqual({ start: { line: 8, column: 3 }, end: { line: 8, column: 7 } });
  });
});

describe('other reading rules', () => {
  it('keeps both prompt and prompt_hbs (W007 is the validator’s)', () => {
    const r = readYaml('mode: m\nstart_node: a\nnodes:\n  a:\n    prompt: p\n    prompt_hbs: "{{x}}"\n    transitions: []\n');
    expect(r.diagnostics).toEqual([]);
    expect(r.workflows[0]?.nodes[0]).toMatchObject({ prompt: 'p', prompt_hbs: '{{x}}' });
  });

  it('keeps integers ≤ 0 in the model for the validator (W006), with no F003', () => {
    const r = readYaml(
      'mode: m\nstart_node: a\nnodes:\n  a:\n    transitions: []\n    rules:\n      - type: repeated_command\n        threshold: 0\n        window: -5\n      - type: require_commits\n        lookback_phases: 0\n',
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.workflows[0]?.nodes[0]?.rules).toEqual([
      { type: 'repeated_command', threshold: 0, window: -5 },
      { type: 'require_commits', lookback_phases: 0 },
    ]);
  });

  it('keeps file order of nodes, integer-like names included', () => {
    const r = readYaml('mode: m\nstart_node: b\nnodes:\n  b: { transitions: [] }\n  "2": { transitions: [] }\n  a: { transitions: [] }\n  "1": { transitions: [] }\n');
    expect(r.workflows[0]?.nodes.map((n) => n.name)).toEqual(['b', '2', 'a', '1']);
  });

  it('reads a number where a string is expected as its text, with an F010 info', () => {
    const r = readYaml('mode: 1\nstart_node: a\nnodes:\n  a:\n    transitions:\n      - when: 2\n        to: done\n');
    expect(where(r.diagnostics)).toEqual(['F010@1:7', 'F010@6:15']);
    expect(r.workflows[0]?.mode).toBe('1');
    expect(r.workflows[0]?.nodes[0]?.transitions).toEqual([{ when: '2', to: 'done' }]);
  });

  it('names the workflow after the file base name', () => {
    expect(workflowNameFromFile('dir/sub/my.flow.yaml')).toBe('my.flow');
    expect(workflowNameFromFile('C:\\rules\\exec.yml')).toBe('exec');
    expect(workflowNameFromFile('.hidden')).toBe('.hidden');
    expect(workflowNameFromFile('plain')).toBe('plain');
  });

  it('tells workflows apart from other documents', () => {
    expect(looksLikeWorkflow({ nodes: {} })).toBe(true);
    expect(looksLikeWorkflow({ start_node: 'a' })).toBe(true);
    expect(looksLikeWorkflow({ tool_rules: [] })).toBe(false);
    expect(looksLikeWorkflow([{ nodes: {} }])).toBe(false);
    expect(looksLikeWorkflow(null)).toBe(false);
    expect(looksLikeWorkflow(Object.create({ nodes: {} }))).toBe(false);
  });

  it('uses the workflow index for span keys', () => {
    const r = readWorkflow(parseYaml('mode: m\nstart_node: a\nnodes:\n  a:\n    transitions: []\n'), 'f.yaml', { workflowIndex: 3 });
    expect(r.spans.get('w3/start_node')).toEqual({ start: { line: 2, column: 13 }, end: { line: 2, column: 14 } });
    expect(r.spans.get('w0/start_node')).toBeUndefined();
  });
});
