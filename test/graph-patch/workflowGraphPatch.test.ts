import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Workflow } from '../../src/core/model/workflow.ts';
import { workflowGraph } from '../../src/core/graph/workflowGraph.ts';
import { patchWorkflowGraph, WORKFLOW_PATCH_LIMIT } from '../../src/core/graph/workflowGraphPatch.ts';
import { addPhase, addTransition, removePhase, removeTransition, renamePhase, updatePhase } from '../../src/core/graph/workflowEdits.ts';

/**
 * The phase graph patched after an edit of phases' content is the graph projected afresh (the
 * workflows have no diagnostics, which the patch leaves as they were), and the patch applies to
 * the edits of one phase the Inspector and the graph make.
 */
const NAMES = ['a', 'b', 'c', 'd', 'e'];
const base: Workflow = {
  name: 'w',
  mode: 'execution',
  start_node: 'a',
  nodes: NAMES.map((name, i) => ({
    name,
    summary: `Phase ${name}`,
    transitions: [{ when: `${name}_complete`, to: NAMES[i + 1] ?? 'done' }, ...(i > 0 ? [{ when: `${name}_back`, to: NAMES[i - 1]! }] : [])],
    rules: i % 2 === 0 ? [{ type: 'require_commits' as const, lookback_phases: 1 }] : [],
  })),
};

type Edit = (wf: Workflow) => Workflow;
const target = fc.constantFrom(...NAMES, 'done', 'nowhere');
const name = fc.constantFrom(...NAMES);
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.tuple(name, target).map(([f, t]): Edit => (wf) => addTransition(wf, f, t)),
  fc.tuple(name, fc.nat(3)).map(([f, k]): Edit => (wf) => removeTransition(wf, f, k)),
  fc.tuple(name, fc.nat(3), target).map(([f, k, t]): Edit => (wf) => updatePhase(wf, f, (n) => ({ ...n, transitions: n.transitions.map((x, j) => (j === k ? { ...x, to: t } : x)) }))),
  fc.tuple(name, fc.integer({ min: 0, max: 9 })).map(([f, v]): Edit => (wf) => updatePhase(wf, f, (n) => ({ ...n, rules: [...n.rules, { type: 'token_budget', max_tokens: v }] }))),
  fc.tuple(name, fc.option(fc.string({ maxLength: 5 }), { nil: undefined })).map(([f, text]): Edit => (wf) => updatePhase(wf, f, (n) => ({ ...n, summary: text, prompt: text }))),
  fc.constant<Edit>((wf) => addPhase(wf).workflow),
  name.map((f): Edit => (wf) => removePhase(wf, f)),
  name.map((f): Edit => (wf) => renamePhase(wf, f, `${f}2`)),
  fc.constant<Edit>((wf) => ({ ...wf, start_node: 'b' })),
);

describe('patchWorkflowGraph', () => {
  it('gives the graph projected afresh, or refuses', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 3 }), fc.array(edit, { minLength: 1, maxLength: 3 }), (setup, edits) => {
        const before = setup.reduce((wf, e) => e(wf), base);
        const after = edits.reduce((wf, e) => e(wf), before);
        const patched = patchWorkflowGraph(workflowGraph(before), before, after);
        if (patched) expect(patched).toEqual(workflowGraph(after));
      }),
      { numRuns: 500 },
    );
  });

  it('patches the edits of one phase: a transition drawn, a rule changed, a summary typed', () => {
    const graph = workflowGraph(base);
    for (const e of [(wf: Workflow) => addTransition(wf, 'c', 'a'), (wf: Workflow) => updatePhase(wf, 'e', (n) => ({ ...n, rules: [] })), (wf: Workflow) => updatePhase(wf, 'b', (n) => ({ ...n, summary: 'New' }))]) {
      const after = e(base);
      const patched = patchWorkflowGraph(graph, base, after);
      expect(patched).toBeDefined();
      expect(patched).toEqual(workflowGraph(after));
      // Untouched nodes and edges are the same objects (nothing else is copied).
      expect(patched!.nodes.filter((n, i) => n === graph.nodes[i]).length).toBe(graph.nodes.length - 1);
    }
  });

  it('keeps the diagnostics the graph before had on the nodes it does not touch', () => {
    const graph = workflowGraph(base, [{ code: 'W004', severity: 'warning', message: 'stuck', file: 'w.yaml', range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } }, target: { kind: 'workflow', workflow: 'w', node: 'd' } }]);
    const patched = patchWorkflowGraph(graph, base, addTransition(base, 'b', 'e'))!;
    expect(patched.nodes.find((n) => n.id === 'd')!.stuck).toBe(true);
  });

  it('refuses edits of more phases than its limit', () => {
    const many: Workflow = { ...base, nodes: Array.from({ length: WORKFLOW_PATCH_LIMIT + 1 }, (_, i) => ({ name: `p${i}`, transitions: [], rules: [] })) };
    const touched = { ...many, nodes: many.nodes.map((n) => ({ ...n, summary: 'x' })) };
    expect(patchWorkflowGraph(workflowGraph(many), many, touched)).toBeUndefined();
  });
});
