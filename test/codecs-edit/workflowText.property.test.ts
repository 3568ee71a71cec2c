/**
 * Issue 9.1 for workflows: an Inspector or graph edit of a hegel workflow changes only the lines
 * of the node it edits (the `mode` line for mode), in YAML written by hand (comments, trailing
 * comments, blank lines, keys in an odd order) and in JSON (other indentation, odd key order);
 * every comment survives; reading the result gives the edited workflow.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editWorkflowText } from '../../src/core/codecs/edit/editText.ts';
import { plainOf } from '../../src/core/codecs/edit/tree.ts';
import { loadRuleFile, parseDocument } from '../../src/core/codecs/load.ts';
import { hegelWorkflowShape } from '../../src/core/codecs/write/workflowJson.ts';
import type { Workflow, WorkflowNode, WorkflowRule } from '../../src/core/model/workflow.ts';
import { commentsOf, Dice, handWrittenWorkflow, keepsLinesOutside } from './textOf.ts';

const NODES = ['plan', 'code', 'review', '42'];

const rule: fc.Arbitrary<WorkflowRule> = fc.oneof(
  fc.record({ type: fc.constant('repeated_command' as const), pattern: fc.constantFrom('cargo build', '^npm (test|run)'), threshold: fc.integer({ min: 1, max: 9 }), window: fc.integer({ min: 1, max: 600 }) }),
  fc.record({ type: fc.constant('phase_timeout' as const), max_duration: fc.integer({ min: 1, max: 3600 }) }),
  fc.record({ type: fc.constant('token_budget' as const), max_tokens: fc.integer({ min: 1, max: 100000 }) }),
  fc.record({ type: fc.constant('require_commits' as const), lookback_phases: fc.integer({ min: 1, max: 5 }) }),
);

const workflow: fc.Arbitrary<Workflow> = fc.uniqueArray(fc.constantFrom(...NODES), { minLength: 1, maxLength: 4 }).chain((names) =>
  fc
    .record({
      mode: fc.constantFrom('discovery', 'execution'),
      nodes: fc.tuple(
        ...names.map((name) =>
          fc.record({
            prompt: fc.constantFrom('Plan the work.', 'Write the code: carefully', 'yes'),
            transitions: fc.array(fc.record({ when: fc.constantFrom('done_planning', 'ok'), to: fc.constantFrom(...names, 'done') }), { minLength: 1, maxLength: 2 }),
            rules: fc.array(rule, { maxLength: 3 }),
          }).map((n): WorkflowNode => ({ name, ...n })),
        ),
      ),
    })
    .map(({ mode, nodes }) => ({ name: 'wf', mode, start_node: names[0] ?? 'plan', nodes })),
);

type Edit =
  | { kind: 'mode'; mode: string }
  | { kind: 'threshold'; node: number; value: number }
  | { kind: 'target'; node: number; to: string }
  | { kind: 'addRule'; node: number; rule: WorkflowRule }
  | { kind: 'removeRule'; node: number }
  | { kind: 'prompt'; node: number; prompt: string };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('mode' as const), mode: fc.constantFrom('research', 'no') }),
  fc.record({ kind: fc.constant('threshold' as const), node: fc.nat(), value: fc.integer({ min: 1, max: 99 }) }),
  fc.record({ kind: fc.constant('target' as const), node: fc.nat(), to: fc.constantFrom('done', 'plan') }),
  fc.record({ kind: fc.constant('addRule' as const), node: fc.nat(), rule }),
  fc.record({ kind: fc.constant('removeRule' as const), node: fc.nat() }),
  fc.record({ kind: fc.constant('prompt' as const), node: fc.nat(), prompt: fc.constantFrom('New prompt.', 'Two\nlines', 'on') }),
);

function apply(wf: Workflow, e: Edit): { wf: Workflow; node?: string } {
  if (e.kind === 'mode') return { wf: { ...wf, mode: e.mode } };
  const at = e.node % wf.nodes.length;
  const name = wf.nodes[at]?.name;
  const setNode = (fn: (n: WorkflowNode) => WorkflowNode) => ({ wf: { ...wf, nodes: wf.nodes.map((n, i) => (i === at ? fn(n) : n)) }, node: name });
  switch (e.kind) {
    case 'threshold':
      return setNode((n) => ({ ...n, rules: n.rules.map((r, i) => (i === 0 && 'threshold' in r ? { ...r, threshold: e.value } : i === 0 && r.type === 'phase_timeout' ? { ...r, max_duration: e.value } : r)) }));
    case 'target':
      return setNode((n) => ({ ...n, transitions: n.transitions.map((t, i) => (i === 0 ? { ...t, to: e.to } : t)) }));
    case 'addRule':
      return setNode((n) => ({ ...n, rules: [...n.rules, e.rule] }));
    case 'removeRule':
      return setNode((n) => ({ ...n, rules: n.rules.slice(1) }));
    case 'prompt':
      return setNode((n) => ({ ...n, prompt: e.prompt }));
  }
}

/** The node's lines [from, to) in the old text (to the next node, or the end), or the mode line. */
function allowedLines(file: string, text: string, node: string | undefined): { from: number; to: number } {
  const lines = text.split('\n');
  if (node === undefined) {
    const line = lines.findIndex((l) => /^\s*"?mode"?\s*:/.test(l));
    return { from: line, to: line + 1 };
  }
  const doc = parseDocument(text, file.endsWith('.json') ? 'json' : 'yaml');
  const key = doc.locate(['nodes', node], 'key');
  const value = doc.locate(['nodes', node]);
  return { from: (key?.start.line ?? 1) - 1, to: value?.end.line ?? lines.length };
}

describe('workflow edits keep the rest of the text (property)', () => {
  it.each(['hegel.yaml', 'hegel.json'] as const)('%s', (file) => {
    fc.assert(
      fc.property(workflow, edit, fc.array(fc.nat(99), { minLength: 64, maxLength: 64 }), (generated, e, rolls) => {
        const text = handWrittenWorkflow(plainOf(hegelWorkflowShape(generated)), file.endsWith('.json') ? 'json' : 'yaml', new Dice(rolls));
        const loaded = loadRuleFile(file, text);
        expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        // The model as the text holds it (a plain object puts a node named "42" first).
        const before = { ...loaded.workflows[0]!, name: 'wf' };
        const { wf: after, node } = apply(before, e);
        const result = editWorkflowText(file, text, before, after);

        const back = loadRuleFile(file, result.text).workflows;
        expect(back).toHaveLength(1);
        expect({ ...back[0], name: 'wf' }).toEqual(after);
        expect(['patched', 'unchanged']).toContain(result.how);

        const allowed = allowedLines(file, text, node);
        expect(keepsLinesOutside(text, result.text, allowed.from - 1, allowed.to + 1)).toBe(true);
        if (e.kind !== 'removeRule') {
          const now = commentsOf(result.text);
          for (const c of commentsOf(text)) expect(now).toContain(c);
        }
      }),
      { numRuns: 150 },
    );
  });
});
