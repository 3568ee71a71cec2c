/** updateWorkflowYaml: the model applied onto the user's text, comments kept where structure matches. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { updateWorkflowYaml, writeWorkflowYaml } from '../../src/core/codecs/write/workflowYaml.ts';
import type { Workflow } from '../../src/core/model/workflow.ts';
import { readYaml } from './helpers.ts';
import { example } from '../data/paths.ts';

const COMMENTED = [
  '# Team workflow: keep this header',
  'mode: execution # the mode',
  'start_node: plan',
  'nodes:',
  '  # Planning comes first',
  '  plan:',
  '    prompt: Plan it. # short on purpose',
  '    transitions:',
  '      - when: plan_complete # claim',
  '        to: code',
  '  code:',
  '    prompt: |',
  '      Write the code.',
  '      Test first.',
  '    transitions:',
  '      - when: code_complete',
  '        to: done',
  '    rules:',
  '      # Build loops',
  '      - type: repeated_command',
  '        pattern: "cargo (build|test)"',
  '        threshold: 5 # five is enough',
  '        window: 120',
  '',
].join('\n');

function model(text: string): Workflow {
  return readYaml(text, 'flow.yaml').workflows[0] as Workflow;
}

describe('updateWorkflowYaml', () => {
  it('gives back the same text when nothing changed', () => {
    expect(updateWorkflowYaml(COMMENTED, model(COMMENTED))).toBe(COMMENTED);
  });

  it('keeps comments around changed values and applies every change', () => {
    const wf = model(COMMENTED);
    const code = wf.nodes[1] as Workflow['nodes'][number];
    code.rules[0] = { type: 'repeated_command', pattern: 'npm test', threshold: 3, window: 120 };
    code.rules.push({ type: 'token_budget', max_tokens: 9000 });
    wf.nodes.push({ name: 'review', prompt: 'Review.', transitions: [{ when: 'ok', to: 'done' }], rules: [] });
    const text = updateWorkflowYaml(COMMENTED, wf);
    expect(model(text)).toEqual(wf);
    for (const comment of ['# Team workflow: keep this header', '# the mode', '# Planning comes first', '# short on purpose', '# claim', '# Build loops', '# five is enough'])
      expect(text).toContain(comment);
    expect(text).toContain('        threshold: 3 # five is enough\n');
    expect(text).toContain('        pattern: "npm test"\n');
    expect(text).toContain('      - type: token_budget\n        max_tokens: 9000\n');
    expect(text).toContain('  review:\n    prompt: Review.\n');
  });

  it('keeps every character of a new string value whatever the old scalar style was', () => {
    // Found by the round-trip property test: `mode: "\n"` updated to " " read back as "" (a
    // literal block keeps no whitespace-only value), and folded blocks fold line breaks.
    const styles = ["'x'", 'x', '"x"', '|\n  x\n  y', '>\n  x'];
    const values = ['\n', ' ', '', ' a\n b ', '\n\n', 'line1\nline2\n', '  x\n'];
    for (const style of styles)
      for (const value of values) {
        const before = `mode: ${style}\nstart_node: a\nnodes:\n  a:\n    prompt: P\n    transitions:\n      - when: go\n        to: done\n`;
        const wf = model(before);
        wf.mode = value;
        expect(model(updateWorkflowYaml(before, wf)).mode, `${style} ← ${JSON.stringify(value)}`).toBe(value);
      }
  });

  it('a literal block stays a literal block when its new text has lines', () => {
    const before = 'mode: |\n  x\n  y\nstart_node: a\nnodes:\n  a:\n    prompt: P\n    transitions:\n      - when: go\n        to: done\n';
    const wf = model(before);
    wf.mode = 'line1\nline2\n';
    expect(updateWorkflowYaml(before, wf)).toContain('mode: |\n  line1\n  line2\n');
  });

  it('removes deleted nodes and follows the model order', () => {
    const wf = model(COMMENTED);
    wf.nodes = [wf.nodes[1] as Workflow['nodes'][number]];
    wf.start_node = 'code';
    const text = updateWorkflowYaml(COMMENTED, wf);
    expect(text).not.toContain('plan:');
    expect(text).toContain('# Team workflow: keep this header');
    expect(text).toContain('start_node: code\n');
    expect(model(text)).toEqual(wf);
  });

  it('rewrites a seed-form file in hegel form, keeping the node comments', () => {
    const seed = readFileSync(example('spec-code-node.yaml'), 'utf8');
    const wf = model(seed);
    wf.mode = 'execution';
    wf.start_node = 'code';
    const text = updateWorkflowYaml(seed, wf);
    const back = readYaml(text, 'flow.yaml');
    expect(back.diagnostics).toEqual([]);
    expect(back.workflows[0]).toEqual(wf);
    expect(text.startsWith('# From the "Workflow Rules System Specification"')).toBe(true);
    expect(text).toContain('      - type: repeated_command\n');
    expect(text).not.toContain('repeated_command:');
  });

  it('drops an explicit done node from the text', () => {
    const text = 'mode: m\nstart_node: a\nnodes:\n  a:\n    transitions: []\n  done:\n    transitions: []\n';
    expect(updateWorkflowYaml(text, model(text))).toBe('mode: m\nstart_node: a\nnodes:\n  a:\n    transitions: []\n');
  });

  it('falls back to a fresh write when the previous text does not parse or is not a mapping', () => {
    const wf = model(COMMENTED);
    expect(updateWorkflowYaml('mode: [unclosed', wf)).toBe(writeWorkflowYaml(wf));
    expect(updateWorkflowYaml('- a list\n', wf)).toBe(writeWorkflowYaml(wf));
    expect(updateWorkflowYaml('', wf)).toBe(writeWorkflowYaml(wf));
  });
});
