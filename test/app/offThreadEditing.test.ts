/**
 * Graph and Inspector edits of big agents write their text off the main thread (issue 9.3): the
 * edit shows at once (model and graph), the text follows from the edit worker — here its service
 * runs in place through the same client and queue as the page — and undo/redo keep both.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { installOffThreadEditing } from '../../src/app/analysis/offThreadEditing.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { diagnosticsOf, docsFromFile, OFF_THREAD_CHARS, setOffThreadReader, settledText, withAgent, type AgentDoc } from '../../src/app/state/documents.ts';
import { projectOfRecord } from '../../src/app/persistence/projectDb.ts';
import { toolGraphOf } from '../../src/app/graph/docGraph.ts';
import { updateRule } from '../../src/core/graph/agentEdits.ts';
import { deltaSize } from '../../src/core/model/agentDelta.ts';
import { gatedEditClient } from '../support/gatedEditClient.ts';
import { bigAgentToml } from '../support/bigAgent.ts';

const BIG = bigAgentToml(3000);
let remove: (() => void) | undefined;
afterEach(() => {
  remove?.();
  remove = undefined;
});

/** An edit client whose jobs the test lets through one at a time (each job recorded by its size). */
const gatedClient = () => gatedEditClient((job) => ({ delta: job.kind === 'agent' ? deltaSize(job.delta) : job.delta.nodes.items.length + job.delta.nodes.deleteCount }));

function bigStore() {
  expect(BIG.length).toBeGreaterThan(OFF_THREAD_CHARS);
  const store = createStudioStore();
  store.getState().addDocs(docsFromFile('big.toml', BIG).docs);
  const doc = () => store.getState().project.docs[0] as AgentDoc;
  return { store, doc };
}

/** The lines of `after` that differ from `before`'s (the texts have as many lines). */
function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b).toHaveLength(a.length);
  return b.filter((line, i) => line !== a[i]);
}

const maxCallsIndex = (d: AgentDoc) => d.agent.rules.findIndex((r) => r.rule_type.type === 'MaxCalls');
const setMax = (store: ReturnType<typeof bigStore>['store'], d: AgentDoc, value: number) =>
  store.getState().editAgent(d.id, (a) => updateRule(a, maxCallsIndex(d), (r) => ({ ...r, rule_type: { type: 'MaxCalls', value } })));

describe('writing the text of big agents’ edits off the main thread', () => {
  it('shows the edit at once, sends only the changed rule, and settles the text on the touched line only', async () => {
    const { store, doc } = bigStore();
    const graphBefore = toolGraphOf(doc());
    const gated = gatedClient();
    remove = installOffThreadEditing(store, gated.client);
    const i = maxCallsIndex(doc());
    const tool = doc().agent.rules[i]!.tool_name;

    const asked: string[] = [];
    const removeReader = setOffThreadReader((d) => asked.push(d.text));
    setMax(store, doc(), 99);
    // The text that is not the model's yet is never read (its reading would undo the edit).
    expect(diagnosticsOf(doc()).pending).toBe(true);
    expect(asked).toEqual([]);
    removeReader();
    // At once: the model, the graph (patched, not projected), the text still the old one.
    expect(doc().pendingText).toBeDefined();
    expect(doc().text).toBe(BIG);
    expect(doc().agent.rules[i]!.rule_type).toEqual({ type: 'MaxCalls', value: 99 });
    const patched = toolGraphOf(doc());
    expect(patched).not.toBe(graphBefore);
    expect(patched.nodes.find((n) => n.id === tool)!.badges.map((b) => b.text)).toContain('max 99');
    expect(gated.jobs).toEqual([{ delta: 2 }]);

    await gated.open();
    expect(doc().pendingText).toBeUndefined();
    expect(changedLines(BIG, doc().text)).toEqual(['rule_type = { type = "MaxCalls", value = 99 }']);
    expect(doc().text.startsWith('# A generated agent')).toBe(true);
  });

  it('writes one text for edits made while a text is on its way, and keeps each in the undo history', async () => {
    const { store, doc } = bigStore();
    const gated = gatedClient();
    remove = installOffThreadEditing(store, gated.client);
    setMax(store, doc(), 41);
    setMax(store, doc(), 42); // while the first is written
    await gated.open(); // the first job
    await gated.open(); // the newest: from the first text
    expect(doc().pendingText).toBeUndefined();
    expect(doc().text).toContain('value = 42');
    // Undo brings back the first edit's document with its text (settled in the history too): no new job.
    expect(gated.jobs).toHaveLength(2);
    store.getState().undo();
    expect(doc().pendingText).toBeUndefined();
    expect(doc().text).toContain('value = 41');
    expect(doc().agent.rules[maxCallsIndex(doc())]!.rule_type).toEqual({ type: 'MaxCalls', value: 41 });
    store.getState().undo();
    expect(doc().text).toBe(BIG);
    store.getState().redo();
    store.getState().redo();
    expect(doc().text).toContain('value = 42');
    expect(gated.jobs).toHaveLength(2);
  });

  it('asks again for a pending text undone before its turn, when redo brings it back', async () => {
    const { store, doc } = bigStore();
    const gated = gatedClient();
    remove = installOffThreadEditing(store, gated.client);
    setMax(store, doc(), 41);
    setMax(store, doc(), 42); // queued behind the first
    store.getState().undo(); // 41, pending, current again
    store.getState().undo(); // the original
    await gated.open(); // the first job: 41, settled in the history's future
    await gated.open(); // the second is not current any more: skipped, nothing asked
    expect(gated.jobs).toHaveLength(1);
    expect(doc().text).toBe(BIG);
    store.getState().redo();
    expect(doc().text).toContain('value = 41');
    store.getState().redo(); // 42 was never written: asked for now
    expect(doc().pendingText).toBeDefined();
    await gated.open();
    expect(gated.jobs).toHaveLength(2);
    expect(doc().pendingText).toBeUndefined();
    expect(doc().text).toContain('value = 42');
  });

  it('a pending text is written when asked for in one go (export, runs) and when the writer is installed after a reload', async () => {
    const { store, doc } = bigStore();
    remove = installOffThreadEditing(store, gatedClient().client);
    setMax(store, doc(), 7);
    const pending = doc();
    expect(pending.pendingText).toBeDefined();
    const inOneGo = settledText(pending);
    expect(changedLines(BIG, inOneGo)).toEqual(['rule_type = { type = "MaxCalls", value = 7 }']);
    remove();
    // A fresh page opens the saved document (as IndexedDB stores it), still pending: its writer finishes the job.
    const stored = projectOfRecord(structuredClone({ id: 'p', name: 'p', docs: [pending], revision: 1, savedAt: 0 }));
    expect((stored!.project.docs[0] as AgentDoc).pendingText).toBeDefined();
    const reopened = createStudioStore(stored!.project);
    const gated = gatedClient();
    remove = installOffThreadEditing(reopened, gated.client);
    await gated.open();
    expect((reopened.getState().project.docs[0] as AgentDoc).text).toBe(inOneGo);
  });

  it('edits small agents in place, as before', () => {
    const { docs } = docsFromFile('small.toml', bigAgentToml(30));
    const d = docs[0] as AgentDoc;
    const edited = withAgent(d, { ...d.agent, name: 'renamed' });
    expect(edited.pendingText).toBeUndefined();
    expect(edited.text).toContain('name = "renamed"');
  });
});
