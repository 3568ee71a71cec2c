/**
 * The edit worker's writer for workflows and Letta agent files (issue 9.3): a graph or Inspector
 * edit sent as a delta (one splice of phases, or of a Letta agent's rules) gives exactly the text
 * the in-place rewrite gives (`editWorkflowText`, `editAgentText`), edit after edit from the text
 * it wrote last, so comments and the one-line layout of an `.af` are kept as the in-place edit
 * keeps them. Random sequences of the edits the graph and the Inspector make.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { docsFromFile, type AgentDoc, type WorkflowDoc } from '../../src/app/state/documents.ts';
import { editAgentText, editWorkflowText } from '../../src/core/codecs/edit/editText.ts';
import { addPhase, addTransition, removePhase, removeTransition, renamePhase, updatePhase } from '../../src/core/graph/workflowEdits.ts';
import { addChildEdge, addLettaRule, removeLettaRule, updateLettaRule } from '../../src/core/graph/lettaEdits.ts';
import { agentDelta, applyAgentDelta, deltaSize } from '../../src/core/model/agentDelta.ts';
import { applyWorkflowDelta, workflowDelta } from '../../src/core/model/workflowDelta.ts';
import type { Workflow } from '../../src/core/model/workflow.ts';
import type { Agent } from '../../src/core/model/toolRules.ts';
import { createTextWriter, type TextJob } from '../../src/worker/editService.ts';
import { bigWorkflowYaml } from '../support/bigWorkflow.ts';
import { bigLettaAf } from '../support/bigLetta.ts';

const PHASES = 30;
const workflowDoc = docsFromFile('wf.yaml', bigWorkflowYaml(PHASES)).docs[0] as WorkflowDoc;
const lettaDoc = docsFromFile('big.af', bigLettaAf(20, 120)).docs[0] as AgentDoc;
const phase = (i: number) => `phase_${String(i % PHASES).padStart(5, '0')}`;
const tool = (i: number) => `tool_${String(i % 20).padStart(4, '0')}`;

type WorkflowEdit = (wf: Workflow) => Workflow;
const workflowEdit: fc.Arbitrary<WorkflowEdit> = fc.oneof(
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 99 })).map(([i, v]): WorkflowEdit => (wf) =>
    updatePhase(wf, phase(i), (n) => ({ ...n, rules: n.rules.map((r, k) => (k === 0 && r.type === 'require_commits' ? { ...r, lookback_phases: v } : r)) })),
  ),
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]): WorkflowEdit => (wf) => addTransition(wf, phase(a), phase(b))),
  fc.tuple(fc.nat(), fc.nat(3)).map(([a, k]): WorkflowEdit => (wf) => removeTransition(wf, phase(a), k)),
  fc.nat().map((i): WorkflowEdit => (wf) => updatePhase(wf, phase(i), (n) => ({ ...n, summary: `Edited ${i}` }))),
  fc.constant<WorkflowEdit>((wf) => addPhase(wf).workflow),
  fc.nat().map((i): WorkflowEdit => (wf) => removePhase(wf, phase(i))),
  fc.nat().map((i): WorkflowEdit => (wf) => renamePhase(wf, phase(i), `renamed_${i}`)),
);

type AgentEdit = (a: Agent) => Agent;
const lettaEdit: fc.Arbitrary<AgentEdit> = fc.oneof(
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 99 })).map(([i, v]): AgentEdit => (a) => {
    const k = (a.lettaRules ?? []).findIndex((r, j) => j >= i % 120 && r.type === 'max_count_per_step');
    return k < 0 ? a : updateLettaRule(a, k, (r) => (r.type === 'max_count_per_step' ? { ...r, max_count_limit: v } : r));
  }),
  fc.tuple(fc.nat(), fc.nat()).map(([x, y]): AgentEdit => (a) => addChildEdge(a, tool(x), tool(y)).agent),
  fc.nat().map((i): AgentEdit => (a) => removeLettaRule(a, i % (a.lettaRules?.length || 1))),
  fc.nat().map((i): AgentEdit => (a) => addLettaRule(a, tool(i), 'exit_loop').agent),
);

/**
 * Runs `edits` from `model` / `text` both ways — in place, and through the writer from deltas
 * (cloned, as `postMessage` would) — and checks the texts agree after each; returns the last text.
 */
function bothWays<M>(fileName: string, text: string, model: M, edits: ((m: M) => M)[], rewrite: (text: string, before: M, after: M) => string, job: (baseText: string, before: M, after: M) => TextJob): string {
  const write = createTextWriter();
  let inPlace = text;
  let offThread = text;
  for (const edit of edits) {
    const after = edit(model);
    if (after === model) continue;
    inPlace = rewrite(inPlace, model, after);
    const answer = write(structuredClone(job(offThread, model, after)));
    expect(answer).toHaveProperty('text');
    offThread = (answer as { text: string }).text;
    expect(offThread, fileName).toBe(inPlace);
    model = after;
  }
  return offThread;
}

describe('the edit worker writes workflows and Letta agent files as the in-place rewrite does', () => {
  it('a workflow: the text from the delta is the in-place text, edit after edit, the comments kept', () => {
    fc.assert(
      fc.property(fc.array(workflowEdit, { minLength: 1, maxLength: 4 }), (edits) => {
        const last = bothWays(
          'wf.yaml',
          workflowDoc.text,
          workflowDoc.workflow,
          edits,
          (text, before, after) => editWorkflowText('wf.yaml', text, before, after).text,
          (baseText, before, after) => ({ kind: 'workflow', docId: 'd', fileName: 'wf.yaml', baseText, baseName: before.name, delta: workflowDelta(before, after) }),
        );
        expect(last.startsWith('# A generated workflow')).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('a Letta agent file: the text from the delta is the in-place text, still on one line', () => {
    fc.assert(
      fc.property(fc.array(lettaEdit, { minLength: 1, maxLength: 4 }), (edits) => {
        const last = bothWays(
          'big.af',
          lettaDoc.text,
          lettaDoc.agent,
          edits,
          (text, before, after) => editAgentText('big.af', text, before, after).text,
          (baseText, before, after) => ({ kind: 'agent', docId: 'd', fileName: 'big.af', baseText, baseName: before.name, delta: agentDelta(before, after) }),
        );
        expect(last.split('\n')).toHaveLength(1);
      }),
      { numRuns: 40 },
    );
  });

  it('sends one phase for an edit of one phase, and one Letta rule for an edit of one rule', () => {
    const wf = workflowDoc.workflow;
    const edited = addTransition(wf, phase(7), phase(3));
    const d = workflowDelta(wf, edited);
    expect(d.nodes).toEqual({ start: 7, deleteCount: 1, items: [edited.nodes[7]] });
    expect(applyWorkflowDelta(structuredClone(wf), d)).toEqual(edited);
    expect(applyWorkflowDelta({ ...wf, nodes: wf.nodes.slice(1) }, d)).toBeUndefined();

    const a = lettaDoc.agent;
    const k = a.lettaRules!.findIndex((r) => r.type === 'max_count_per_step');
    const changed = updateLettaRule(a, k, (r) => (r.type === 'max_count_per_step' ? { ...r, max_count_limit: 42 } : r));
    const ad = agentDelta(a, changed);
    expect(ad.lettaRules).toEqual({ start: k, deleteCount: 1, items: [changed.lettaRules![k]] });
    expect(deltaSize(ad)).toBe(2);
    expect(applyAgentDelta(structuredClone(a), ad)).toEqual(changed);
    expect(applyAgentDelta({ ...a, lettaRules: a.lettaRules!.slice(1) }, ad)).toBeUndefined();
  });
});
