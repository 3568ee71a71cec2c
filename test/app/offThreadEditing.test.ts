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
import { addPrecedingEdge, updateRule } from '../../src/core/graph/agentEdits.ts';
import { deltaSize } from '../../src/core/model/agentDelta.ts';
import { gatedEditClient } from '../support/gatedEditClient.ts';
import { installOffThreadReading } from '../../src/app/analysis/offThreadReading.ts';
import { createImportClient } from '../../src/worker/importClient.ts';
import { createEditClient } from '../../src/worker/editClient.ts';
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

describe('the graph of a big agent across undo and redo of a graph edit (writer and reader off the main thread)', () => {
  it('draws the undone edge gone after undo and back after redo, once the texts are written and read', async () => {
    const { store, doc } = bigStore();
    toolGraphOf(doc()); // read and drawn in place, as the import primes it
    const removeReading = installOffThreadReading(store, createImportClient());
    remove = installOffThreadEditing(store, createEditClient());
    // The canvas draws the current document's graph after every change of the project.
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.project !== prev.project) toolGraphOf(s.project.docs[0] as AgentDoc);
    });
    const flush = async () => {
      for (let i = 0; i < 50; i++) await new Promise((r) => setTimeout(r, 0));
    };
    const edge = (from: string, to: string) => toolGraphOf(doc()).edges.some((e) => e.source === from && e.target === to && e.kind !== 'exclusive');
    try {
      setMax(store, doc(), 77); // an Inspector edit first, written and read
      await flush();
      expect(doc().pendingText).toBeUndefined();
      const [from, to] = ['tool_00002', 'tool_00290'];
      expect(edge(from, to)).toBe(false);
      store.getState().editAgent(doc().id, (a) => addPrecedingEdge(a, from, to).agent);
      expect(edge(from, to)).toBe(true); // at once, patched
      await flush();
      expect(doc().pendingText).toBeUndefined();
      expect(diagnosticsOf(doc()).pending).toBeUndefined();
      expect(edge(from, to)).toBe(true);

      store.getState().undo();
      expect(doc().text).not.toContain(`conditions = ["${from}"]\npriority = 5`);
      expect(edge(from, to)).toBe(false);
      await flush();
      expect(edge(from, to)).toBe(false);

      store.getState().redo();
      expect(edge(from, to)).toBe(true);
      await flush();
      expect(edge(from, to)).toBe(true);
    } finally {
      unsubscribe();
      removeReading();
    }
  });
});

describe('a written text whose reading was dropped', () => {
  it('is read again when redo brings it back (its graph and problems do not wait forever)', async () => {
    const { store, doc } = bigStore();
    toolGraphOf(doc());
    const real = createImportClient();
    const gates: (() => void)[] = [];
    const reads: string[] = [];
    const removeReading = installOffThreadReading(store, {
      async read(input, onProgress) {
        reads.push('text' in input ? input.text : '');
        await new Promise<void>((r) => gates.push(r));
        return real.read(input, onProgress);
      },
      cancel: () => undefined,
      dispose: () => undefined,
    });
    remove = installOffThreadEditing(store, createEditClient());
    const flush = async () => {
      for (let i = 0; i < 50; i++) await new Promise((r) => setTimeout(r, 0));
    };
    try {
      store.getState().editAgent(doc().id, (a) => addPrecedingEdge(a, 'tool_00002', 'tool_00290').agent);
      expect(doc().pendingText).toBeDefined(); // being written (autosave waits)
      await flush(); // the text is written
      expect(doc().pendingText).toBeUndefined();
      const written = doc().text;
      expect(diagnosticsOf(doc()).pending).toBe(true); // asks for its reading
      expect(reads).toEqual([written]);
      store.getState().undo(); // before the reading is back: it is dropped
      gates.shift()?.();
      await flush();
      store.getState().redo();
      expect(doc().text).toBe(written);
      expect(diagnosticsOf(doc()).pending).toBe(true);
      expect(reads).toEqual([written, written]); // asked again
      gates.shift()?.();
      await flush();
      expect(diagnosticsOf(doc()).pending).toBeUndefined();
    } finally {
      removeReading();
    }
  });
});

describe('the graph of a big agent’s edit that is not a splice of rules', () => {
  it('draws the edited agent at once (a tool declared), never the graph before the edit', async () => {
    const { store, doc } = bigStore();
    toolGraphOf(doc());
    const gated = gatedClient();
    remove = installOffThreadEditing(store, gated.client);
    store.getState().editAgent(doc().id, (a) => ({ ...a, tools: [...a.tools, { name: 'brand_new' }] }));
    expect(doc().pendingText).toBeDefined();
    expect(toolGraphOf(doc()).nodes.some((n) => n.id === 'brand_new')).toBe(true);
    store.getState().undo();
    expect(toolGraphOf(doc()).nodes.some((n) => n.id === 'brand_new')).toBe(false);
    store.getState().redo();
    expect(toolGraphOf(doc()).nodes.some((n) => n.id === 'brand_new')).toBe(true);
  });
});
