/**
 * Issue 28: the page loads its rule-text codecs after the empty project has drawn
 * (src/app/state/codecs.ts). A New agent or New workflow clicked before they are here is made once
 * they are, with the id it was given; nothing reads a document before then.
 */
import { describe, expect, it, vi } from 'vitest';

/** Fresh modules, without the codecs the test setup installs (as on the page, before they load). */
async function freshPage() {
  vi.resetModules();
  const codecs = await import('../../src/app/state/codecs.ts');
  const { createStudioStore } = await import('../../src/app/state/store.ts');
  return { codecs, store: createStudioStore() };
}

describe('codecs loaded after the first render', () => {
  it('starts without them, and codecs() says so in words', async () => {
    const { codecs } = await freshPage();
    expect(codecs.codecsIfLoaded()).toBeUndefined();
    expect(() => codecs.codecs()).toThrow(/before they have loaded/);
  });

  it('New agent and New workflow before the load: added once the codecs are here, with the ids returned', async () => {
    const { codecs, store } = await freshPage();
    const agentId = store.getState().addAgent();
    const workflowId = store.getState().addWorkflow();
    expect(store.getState().project.docs).toEqual([]);
    await codecs.loadCodecs();
    await Promise.resolve();
    const docs = store.getState().project.docs;
    expect(docs.map((d) => [d.id, d.kind, d.fileName])).toEqual([
      [agentId, 'agent', 'agent.toml'],
      [workflowId, 'workflow', 'workflow.yaml'],
    ]);
    expect(docs[0]?.text).toContain('[[agents]]');
    expect(docs[1]?.text).toContain('start_node: start');
  });

  it('loads once: every caller shares the first load', async () => {
    const { codecs } = await freshPage();
    const [a, b] = await Promise.all([codecs.loadCodecs(), codecs.loadCodecs()]);
    expect(a).toBe(b);
    expect(codecs.codecs()).toBe(a);
  });
});
