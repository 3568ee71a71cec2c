/**
 * The verify store against a stand-in worker client: findings of agent and workflow documents,
 * Cancel (the worker's "cancelled after N states" reply clears the findings and is shown), and a
 * new verification cancelling the one still running.
 */
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/core/engine/settings.ts';
import type { SimulationClient } from '../../src/worker/client.ts';
import type { VerifyProgress, VerifyReply, VerifyRequest } from '../../src/worker/protocol.ts';
import { createVerifyStore } from '../../src/app/verify/verifyStore.ts';
import type { ProjectData } from '../../src/app/state/store.ts';
import { primeDiagnostics } from '../../src/app/state/documents.ts';
import type { Diagnostic } from '../../src/core/diagnostics/types.ts';

interface Pending {
  id: string;
  request: VerifyRequest;
  onProgress: (p: VerifyProgress) => void;
  resolve: (r: VerifyReply) => void;
}

/** A client whose verifications wait until the test answers them; cancels are recorded. */
function fakeClient() {
  const pending: Pending[] = [];
  const cancelled: string[] = [];
  let n = 0;
  const client = {
    verify(request: VerifyRequest, onProgress: (p: VerifyProgress) => void) {
      const id = `verify-${++n}`;
      const result = new Promise<VerifyReply>((resolve) => pending.push({ id, request, onProgress, resolve }));
      return { id, result };
    },
    cancel(id: string) {
      cancelled.push(id);
    },
  } as unknown as SimulationClient;
  return { client, pending, cancelled };
}

const project = (docs: { kind: 'agent' | 'workflow'; fileName: string }[]) =>
  ({ id: 'p', name: 'p', docs: docs.map((d, i) => ({ id: `d${i}`, text: '', ...d })) }) as unknown as ProjectData;
const settings = resolveSettings({});
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('verify store', () => {
  it('sends agent and workflow documents to the worker', async () => {
    const fake = fakeClient();
    const store = createVerifyStore(() => fake.client);
    const done = store.getState().run(project([{ kind: 'agent', fileName: 'a.toml' }, { kind: 'workflow', fileName: 'w.yaml' }]), settings);
    expect(fake.pending[0]?.request.ruleFiles.map((f) => f.name)).toEqual(['a.toml', 'w.yaml']);
    fake.pending[0]?.resolve({ status: 'done', diagnostics: [], agents: [], workflows: [] });
    await done;
    expect(store.getState().running).toBe(false);
  });

  it('does not send an agent the page knows to have an error (the verifier would skip it), nor anything when that is all there is', async () => {
    const fake = fakeClient();
    const store = createVerifyStore(() => fake.client);
    const p = project([{ kind: 'agent', fileName: 'bad.toml' }, { kind: 'agent', fileName: 'good.toml' }, { kind: 'workflow', fileName: 'w.yaml' }]);
    const [bad, good, wf] = p.docs;
    const error = { code: 'T003', severity: 'error', message: 'never callable' } as unknown as Diagnostic;
    primeDiagnostics(bad!, { diagnostics: [error], textApplies: true });
    primeDiagnostics(good!, { diagnostics: [{ ...error, severity: 'warning' }], textApplies: true });
    primeDiagnostics(wf!, { diagnostics: [error], textApplies: true }); // a workflow's checks depend on the profile: sent
    const done = store.getState().run(p, settings);
    expect(fake.pending[0]?.request.ruleFiles.map((f) => f.name)).toEqual(['good.toml', 'w.yaml']);
    fake.pending[0]?.resolve({ status: 'done', diagnostics: [], agents: [], workflows: [] });
    await done;
    await store.getState().run({ ...p, docs: [bad!] }, settings);
    expect(fake.pending).toHaveLength(1);
    expect(store.getState()).toMatchObject({ running: false, diagnostics: [] });
  });

  it('Cancel stops the running verification and shows how far it got', async () => {
    const fake = fakeClient();
    const store = createVerifyStore(() => fake.client);
    const done = store.getState().run(project([{ kind: 'workflow', fileName: 'w.yaml' }]), settings);
    fake.pending[0]?.onProgress({ states: 1_280, depth: 7 });
    expect(store.getState()).toMatchObject({ running: true, progress: { states: 1_280 } });
    store.getState().cancel();
    expect(fake.cancelled).toEqual(['verify-1']);
    fake.pending[0]?.resolve({ status: 'cancelled', states: 1_536, diagnostics: [], agents: [], workflows: [] });
    await done;
    expect(store.getState()).toMatchObject({ running: false, cancelledAfter: 1_536, diagnostics: [] });
  });

  it('a new verification cancels the one still running, whose reply is then dropped', async () => {
    const fake = fakeClient();
    const store = createVerifyStore(() => fake.client);
    const first = store.getState().run(project([{ kind: 'workflow', fileName: 'w.yaml' }]), settings);
    const second = store.getState().run(project([{ kind: 'workflow', fileName: 'w.yaml' }]), settings);
    await settle();
    expect(fake.cancelled).toEqual(['verify-1']);
    fake.pending[0]?.resolve({ status: 'cancelled', states: 10, diagnostics: [], agents: [], workflows: [] });
    await first;
    expect(store.getState().running).toBe(true);
    expect(store.getState().cancelledAfter).toBeUndefined();
    fake.pending[1]?.resolve({ status: 'done', diagnostics: [], agents: [], workflows: [] });
    await second;
    expect(store.getState()).toMatchObject({ running: false, cancelledAfter: undefined });
  });
});
