/**
 * Issue 22: a transition drawn on a new phase was written as a JSON flow sequence
 * (`transitions: [{"when":…}]`) beside block YAML. A flow collection the writer left empty is
 * written as a block when it gains items; a user's own flow list of plain values stays flow.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { editWorkflowText } from '../../src/core/codecs/edit/editText.ts';
import { writeWorkflow } from '../../src/core/codecs/write.ts';
import { addPhase, addTransition } from '../../src/core/graph/workflowEdits.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import type { Workflow } from '../../src/core/model/workflow.ts';

const start: Workflow = {
  name: 'wf',
  mode: 'execution',
  start_node: 'start',
  nodes: [{ name: 'start', prompt: 'Describe the first phase.', transitions: [{ when: 'start_complete', to: 'done' }], rules: [] }],
};

describe('YAML written in one block style', () => {
  it('Add phase then a drawn transition writes a block sequence, not JSON', () => {
    let text = writeWorkflow(start, 'yaml');
    const withPhase = addPhase(start).workflow;
    text = editWorkflowText('wf.yaml', text, start, withPhase).text;
    expect(text).toContain('transitions: []');
    const drawn = addTransition(withPhase, 'phase', 'done');
    const r = editWorkflowText('wf.yaml', text, withPhase, drawn);
    expect(r.text).not.toMatch(/\[\{/);
    expect(r.text).not.toContain('"when"');
    expect(r.text).toContain('  phase:\n    prompt: ""\n    transitions:\n      - when: phase_complete\n        to: done\n');
    expect(parse(r.text)).toEqual(parse(writeWorkflow(drawn, 'yaml')));
  });

  it('a comment after the empty list moves to the key line', () => {
    const text = 'mode: execution\nstart_node: a\nnodes:\n  a:\n    prompt: x\n    transitions: [] # none yet\n';
    const before = loadRuleFile('wf.yaml', text).workflows[0]!;
    const after = addTransition(before, 'a', 'done');
    const r = editWorkflowText('wf.yaml', text, before, after);
    expect(r.text).toContain('    transitions: # none yet\n      - when: ');
    expect(loadRuleFile('wf.yaml', r.text).workflows[0]!.nodes[0]!.transitions).toHaveLength(1);
  });
});
