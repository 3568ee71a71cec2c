/**
 * Graph and Inspector edits of big workflows and big Letta agent files write their text off the
 * main thread as big Pattern agents' do (issue 9.3, `offThreadEditing.test.ts`): the edit and its
 * graph show at once, the text follows from the edit worker's service (run in place here) and
 * changes only what the edit touched, and undo/redo find the written texts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { installOffThreadEditing } from '../../src/app/analysis/offThreadEditing.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { docsFromFile, OFF_THREAD_CHARS, settledText, type AgentDoc, type RuleDoc, type WorkflowDoc } from '../../src/app/state/documents.ts';
import { toolGraphOf, workflowGraphOf } from '../../src/app/graph/docGraph.ts';
import { addTransition, updatePhase } from '../../src/core/graph/workflowEdits.ts';
import { addChildEdge } from '../../src/core/graph/lettaEdits.ts';
import { gatedEditClient } from '../support/gatedEditClient.ts';
import { projectOfRecord } from '../../src/app/persistence/projectDb.ts';
import { lineDiff } from '../../src/core/text/lineDiff.ts';
import { bigWorkflowYaml } from '../support/bigWorkflow.ts';
import { bigLettaAf } from '../support/bigLetta.ts';
import { docsForStorage } from '../../src/app/persistence/docStorage.ts';

let remove: (() => void) | undefined;
afterEach(() => {
  remove?.();
  remove = undefined;
});

/** An edit client whose jobs the test lets through one at a time; records each job's kind. */
const gatedClient = () => gatedEditClient((job) => job.kind);

function storeOf(fileName: string, text: string) {
  expect(text.length).toBeGreaterThan(OFF_THREAD_CHARS);
  const store = createStudioStore();
  store.getState().addDocs(docsFromFile(fileName, text).docs);
  const doc = () => store.getState().project.docs[0] as RuleDoc;
  return { store, doc };
}

const changed = (before: string, after: string) => {
  const d = lineDiff(before, after);
  return { removed: d.filter((l) => l.kind === 'removed').map((l) => l.text), added: d.filter((l) => l.kind === 'added').map((l) => l.text) };
};

describe('writing the texts of big workflows’ and Letta files’ edits off the main thread', () => {
  it('a workflow: the edit and its graph show at once, the text follows on the touched lines, undo and redo keep both', async () => {
    const text = bigWorkflowYaml(600);
    const { store, doc } = storeOf('big.yaml', text);
    const wf = () => doc() as WorkflowDoc;
    expect(workflowGraphOf(wf()).edges.some((e) => e.source === 'phase_00300' && e.target === 'phase_00010')).toBe(false);
    const gated = gatedClient();
    remove = installOffThreadEditing(store, gated.client);

    store.getState().editWorkflow(wf().id, (w) => addTransition(w, 'phase_00300', 'phase_00010'));
    expect(wf().pendingText).toBeDefined();
    expect(wf().text).toBe(text);
    // At once: the graph of the edited workflow (not an empty one while its text is on its way).
    expect(workflowGraphOf(wf()).edges.some((e) => e.source === 'phase_00300' && e.target === 'phase_00010')).toBe(true);
    expect(gated.jobs).toEqual(['workflow']);

    await gated.open();
    expect(wf().pendingText).toBeUndefined();
    const afterEdge = wf().text;
    expect(changed(text, afterEdge)).toEqual({ removed: [], added: ['      - when: phase_00300_to_phase_00010', '        to: phase_00010'] });
    expect(afterEdge.startsWith('# A generated workflow')).toBe(true);

    store.getState().editWorkflow(wf().id, (w) => updatePhase(w, 'phase_00300', (n) => ({ ...n, rules: n.rules.map((r) => (r.type === 'require_commits' ? { ...r, lookback_phases: 9 } : r)) })));
    await gated.open();
    expect(changed(afterEdge, wf().text)).toEqual({ removed: ['        lookback_phases: 1'], added: ['        lookback_phases: 9'] });
    const afterRule = wf().text;

    // Autosave stores big texts as Blobs: the edit worker made each written text's, so the page
    // makes none (the same Blob object is stored), also for the texts undo and redo bring back.
    const savedBlob = () => (docsForStorage([wf()])[0] as { textBlob?: Blob }).textBlob;
    const ruleBlob = savedBlob();
    expect(gated.blobs).toContain(ruleBlob);
    expect(await ruleBlob!.text()).toBe(afterRule);
    store.getState().undo();
    expect(wf().text).toBe(afterEdge);
    expect(gated.blobs).toContain(savedBlob());
    store.getState().undo();
    expect(wf().text).toBe(text);
    store.getState().redo();
    store.getState().redo();
    expect(wf().text).toBe(afterRule);
    expect(savedBlob()).toBe(ruleBlob);
    expect(gated.jobs).toHaveLength(2);
  });

  it('a workflow pending when saved is written after a reload, and in one go for an export', async () => {
    const text = bigWorkflowYaml(600);
    const { store, doc } = storeOf('big.yaml', text);
    remove = installOffThreadEditing(store, gatedClient().client);
    store.getState().editWorkflow(doc().id, (w) => addTransition(w, 'phase_00300', 'phase_00010'));
    const pending = doc();
    const inOneGo = settledText(pending);
    expect(changed(text, inOneGo).added).toEqual(['      - when: phase_00300_to_phase_00010', '        to: phase_00010']);
    remove();
    const stored = projectOfRecord(structuredClone({ id: 'p', name: 'p', docs: [pending], revision: 1, savedAt: 0 }));
    expect(stored!.project.docs[0]!.pendingText).toBeDefined();
    const reopened = createStudioStore(stored!.project);
    const gated = gatedClient();
    remove = installOffThreadEditing(reopened, gated.client);
    await gated.open();
    expect(reopened.getState().project.docs[0]!.text).toBe(inOneGo);
  });

  it('a Letta agent file: the edge shows at once, the text follows in its one-line layout', async () => {
    const text = bigLettaAf(100, 600);
    const { store, doc } = storeOf('big.af', text);
    const agent = () => doc() as AgentDoc;
    toolGraphOf(agent()); // drawn once, as the page does
    const gated = gatedClient();
    remove = installOffThreadEditing(store, gated.client);
    const before = agent().agent;

    store.getState().editAgent(agent().id, (a) => addChildEdge(a, 'tool_0050', 'tool_0003').agent);
    expect(agent().pendingText).toBeDefined();
    expect(toolGraphOf(agent()).edges.some((e) => e.source === 'tool_0050' && e.target === 'tool_0003')).toBe(true);
    expect(gated.jobs).toEqual(['agent']);

    await gated.open();
    expect(agent().pendingText).toBeUndefined();
    expect(agent().text.split('\n')).toHaveLength(1);
    expect(agent().text).toBe(settledText({ ...agent(), text, agent: agent().agent, pendingText: { base: before } }));
    expect(agent().text).not.toBe(text);
    store.getState().undo();
    expect(agent().text).toBe(text);
  });
});
