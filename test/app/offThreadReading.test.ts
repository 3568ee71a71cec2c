/**
 * Source edits of big texts are read off the main thread (issue 9.3): the store keeps the typed
 * text at once and leaves reading it to the worker; meanwhile the last diagnostics and graph are
 * shown, marked pending; the reading applies only if the text is still the same. Here the worker
 * service runs in place (Vitest has no Worker), through the same client and queue as the page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { installOffThreadReading } from '../../src/app/analysis/offThreadReading.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { diagnosticsOf, docsFromFile, OFF_THREAD_CHARS, readsOffThread, type AgentDoc } from '../../src/app/state/documents.ts';
import { toolGraphOf } from '../../src/app/graph/docGraph.ts';
import { createImportClient, type ImportClient } from '../../src/worker/importClient.ts';
import { bigAgentToml } from '../support/bigAgent.ts';

const BIG = bigAgentToml(3000);
let remove: (() => void) | undefined;
afterEach(() => {
  remove?.();
  remove = undefined;
});

/** A client whose reads the test lets through one by one (to edit while a read is under way). */
function gatedClient() {
  const real = createImportClient();
  const gates: (() => void)[] = [];
  let started = 0;
  const client: ImportClient = {
    async read(input, onProgress) {
      started++;
      await new Promise<void>((r) => gates.push(r));
      return real.read(input, onProgress);
    },
    cancel: () => undefined,
    dispose: () => undefined,
  };
  const open = async () => {
    gates.shift()?.();
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
  };
  return { client, open, started: () => started };
}

function bigStore() {
  expect(BIG.length).toBeGreaterThan(OFF_THREAD_CHARS);
  const store = createStudioStore();
  store.getState().addDocs(docsFromFile('big.toml', BIG).docs);
  const doc = () => store.getState().project.docs[0] as AgentDoc;
  return { store, doc };
}

describe('reading big Source texts off the main thread', () => {
  it('keeps a typed big text at once, shows the last reading as pending, then applies the worker’s reading', async () => {
    const { store, doc } = bigStore();
    const before = diagnosticsOf(doc()); // read in place: no reader installed yet
    const graphBefore = toolGraphOf(doc());
    const gated = gatedClient();
    remove = installOffThreadReading(store, gated.client);
    expect(readsOffThread(BIG)).toBe(true);

    // Rename a tool throughout: a new tool name in the model once the text is read.
    const edited = BIG.replaceAll('tool_00001', 'renamed_1');
    store.getState().setText(doc().id, edited);
    expect(doc().text).toBe(edited);
    expect(doc().agent.tools.some((t) => t.name === 'renamed_1')).toBe(false); // not read yet
    const pending = diagnosticsOf(doc());
    expect(pending.pending).toBe(true);
    expect(pending.diagnostics).toEqual(before.diagnostics);
    expect(toolGraphOf(doc())).toBe(graphBefore); // the last graph, as drawn
    expect(gated.started()).toBe(1);
    expect(diagnosticsOf(doc())).toBe(pending); // asked once per document object

    await gated.open();
    expect(doc().agent.tools.some((t) => t.name === 'renamed_1')).toBe(true);
    const read = diagnosticsOf(doc());
    expect(read.pending).toBeUndefined();
    remove();
    remove = undefined;
    expect(read).toEqual(diagnosticsOf({ ...doc() })); // what reading in place gives
    expect(toolGraphOf(doc()).nodes.some((n) => n.id === 'renamed_1')).toBe(true);

    // Undo goes back past the text edit, to the old text and model.
    store.getState().undo();
    expect(doc().text).toBe(BIG);
    expect(doc().agent.tools.some((t) => t.name === 'renamed_1')).toBe(false);
  });

  it('reads only the newest of the edits made while a reading runs, and never applies an outdated one', async () => {
    const { store, doc } = bigStore();
    const gated = gatedClient();
    remove = installOffThreadReading(store, gated.client);
    const v1 = BIG.replace('name = "big"', 'name = "v1"');
    const v2 = BIG.replace('name = "big"', 'name = "v2"');
    const v3 = BIG.replace('name = "big"', 'name = "v3"');
    store.getState().setText(doc().id, v1);
    diagnosticsOf(doc());
    store.getState().setText(doc().id, v2);
    diagnosticsOf(doc());
    store.getState().setText(doc().id, v3);
    diagnosticsOf(doc());
    await gated.open(); // v1's reading arrives after v3 was typed: not applied
    expect(doc().agent.name).toBe('big');
    await gated.open(); // then v3 is read (v2 was replaced in the queue)
    expect(gated.started()).toBe(2);
    expect(doc().agent.name).toBe('v3');
  });

  it('keeps the model and the last graph when the big text does not read cleanly, and says why', async () => {
    const { store, doc } = bigStore();
    const graph = toolGraphOf(doc());
    const gated = gatedClient();
    remove = installOffThreadReading(store, gated.client);
    const broken = `${BIG}\n[[agents.tool_rules]\n`;
    store.getState().setText(doc().id, broken);
    diagnosticsOf(doc());
    await gated.open();
    const d = diagnosticsOf(doc());
    expect(d.textApplies).toBe(false);
    expect(d.diagnostics[0]?.code).toBe('F001');
    expect(doc().text).toBe(broken);
    expect(doc().agent.rules).toHaveLength(3000);
    expect(toolGraphOf(doc())).toBe(graph);
  });

  it('reads small texts in place as before', () => {
    const { store } = bigStore();
    remove = installOffThreadReading(store, gatedClient().client);
    expect(readsOffThread('[[agents]]\nname = "a"\n')).toBe(false);
    const id = store.getState().addAgent('small');
    store.getState().setText(id, '[[agents]]\nname = "small"\ntools = ["x"]\n');
    const small = store.getState().project.docs.find((d) => d.id === id) as AgentDoc;
    expect(small.agent.tools.map((t) => t.name)).toEqual(['x']);
    expect(diagnosticsOf(small).pending).toBeUndefined();
  });
});
