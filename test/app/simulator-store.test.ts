import { afterEach, describe, expect, it } from 'vitest';
import { createSimulationClient, type SimulationClient } from '../../src/worker/client.ts';
import { createSimulationStore, type SimulationStore } from '../../src/app/simulator/simulationStore.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { ChannelWorker } from '../worker/harness.ts';

const agent = (max: number) => `name = "a"\ntools = ["x", "y"]\n\n[[tool_rules]]\ntool_name = "x"\nrule_type = { type = "MaxCalls", value = ${max} }\n`;
const SCRIPT = `start: 2025-01-01T10:00:00Z\nsteps:\n  - call: x\n    args: { i: 1 }\n  - call: y\n  - call: x\n    args: { i: 2 }\n  - call: x\n    args: { i: 3 }\n`;

const until = async (cond: () => boolean, ms = 20_000) => {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('simulation store over the worker service', () => {
  const clients: SimulationClient[] = [];
  afterEach(() => {
    for (const c of clients) c.dispose();
    clients.length = 0;
  });
  const setup = () => {
    const client = createSimulationClient(() => new ChannelWorker());
    clients.push(client);
    const sim: SimulationStore = createSimulationStore(() => client);
    const studio = createStudioStore();
    studio.getState().importFile('a.toml', agent(1));
    studio.getState().addTrace('s.yaml', SCRIPT);
    return { sim, studio };
  };

  it('runs the chosen trace, steps to the first violation and explains it with the state there', async () => {
    const { sim, studio } = setup();
    await sim.getState().start(studio.getState().project);
    const run = sim.getState().run;
    expect(run?.status).toBe('done');
    expect(run?.items).toBe(4);
    // the page holds the steps; the decisions stay in the worker and are read in windows
    expect([0, 1, 2, 3].map((i) => run?.log.stepOf(i))).toEqual([0, 1, 2, 3]);
    expect((await run?.log.range(0, 4))?.map((d) => d.kind)).toEqual(['allowed', 'allowed', 'blocked', 'blocked']);
    await sim.getState().nextViolation();
    expect(sim.getState()).toMatchObject({ selected: 2, step: 2 });
    // the canvas is highlighted once the State panel has shown the worker's answer
    expect(sim.getState().highlight).toBeUndefined();
    await until(() => sim.getState().inspection?.seq === 2);
    await until(() => sim.getState().highlight !== undefined);
    expect(sim.getState().highlight).toMatchObject({ tool: 'x', toolRule: 0 });
    expect(sim.getState().inspection?.explanation?.title).toMatch(/Blocked/);
    expect(sim.getState().inspection?.state.snapshot.tools?.calls.find((c) => c.tool === 'x')).toMatchObject({ executions: 1, limit: 1 });
    // the next violation after 2 is 3; after the last one the search wraps to the first
    await sim.getState().nextViolation();
    expect(sim.getState()).toMatchObject({ selected: 3, step: 3 });
    await sim.getState().nextViolation();
    expect(sim.getState()).toMatchObject({ selected: 2, step: 2 });
    sim.getState().stepBy(-1);
    expect(sim.getState()).toMatchObject({ step: 1, selected: 1 });
    sim.getState().selectStep(-1);
    expect(sim.getState().selected).toBeUndefined();
    await until(() => sim.getState().summary !== undefined);
    expect(sim.getState().summary?.byKind.blocked).toBe(2);
  });

  it('keeps the highlight object while a step says the same (the canvas redraws for a new one) and changes it when the step does', async () => {
    const { sim, studio } = setup();
    await sim.getState().start(studio.getState().project);
    sim.getState().selectStep(2);
    await until(() => sim.getState().highlight !== undefined);
    const blocked = sim.getState().highlight;
    expect(blocked).toMatchObject({ tool: 'x', toolRule: 0 });
    // step 3 is another blocked call of x by the same rule: the same highlight object, before
    // the worker's answer and after it has been applied (a frame after the State panel)
    sim.getState().stepBy(1);
    expect(sim.getState().highlight).toBe(blocked);
    await until(() => sim.getState().inspection?.seq === 3);
    await new Promise((r) => setTimeout(r, 100));
    expect(sim.getState().highlight).toBe(blocked);
    // step 1 called y: a new highlight, once its state is shown
    sim.getState().selectStep(1);
    expect(sim.getState().highlight).toBe(blocked);
    await until(() => sim.getState().highlight !== blocked);
    expect(sim.getState().inspection?.seq).toBe(1);
    expect(sim.getState().highlight).toMatchObject({ tool: 'y' });
    expect(sim.getState().highlight?.toolRule).toBeUndefined();
  });

  it('what-if: a changed rule gives a diff against the previous run of the same trace', async () => {
    const { sim, studio } = setup();
    await sim.getState().start(studio.getState().project);
    const doc = studio.getState().project.docs[0];
    if (!doc) throw new Error('no doc');
    studio.getState().setText(doc.id, agent(3));
    await sim.getState().start(studio.getState().project);
    await until(() => sim.getState().diff !== undefined);
    expect(sim.getState().diff?.changed).toBe(2);
    expect(sim.getState().previous?.log.length).toBe(4);
  });

  it('shows why a run could not start: bad settings, no trace, invalid rule files', async () => {
    const { sim, studio } = setup();
    sim.getState().setForm({ ...sim.getState().form, dedupeWindowMs: 'soon' });
    await sim.getState().start(studio.getState().project);
    expect(sim.getState().error).toMatch(/Dedupe window/);
    sim.getState().resetForm();
    const doc = studio.getState().project.docs[0];
    studio.getState().setText(doc?.id ?? '', '[[tool_rules]\n');
    await sim.getState().start(studio.getState().project);
    expect(sim.getState().run?.status).toBe('invalid');
    expect(sim.getState().diagnostics.length).toBeGreaterThan(0);
    sim.getState().setChoice({ traceIds: [] });
    await sim.getState().start(studio.getState().project);
    expect(sim.getState().error).toMatch(/Choose a trace/);
  });

  it('cancels a long run', async () => {
    const { sim, studio } = setup();
    const lines = Array.from({ length: 200_000 }, (_, i) => JSON.stringify({ type: 'tool_call', time: new Date(Date.UTC(2025, 0, 1) + i).toISOString(), tool: 'y', args: { i } }));
    const id = studio.getState().addTrace('big.jsonl', lines.join('\n'));
    sim.getState().setChoice({ traceIds: [id] });
    const done = sim.getState().start(studio.getState().project);
    await until(() => (sim.getState().run?.log.length ?? 0) > 0);
    sim.getState().cancel();
    await done;
    expect(sim.getState().run?.status).toBe('cancelled');
    expect(sim.getState().run?.log.length).toBeLessThan(200_000);
  });

  it('a run stopped at the step limit says why and can be stepped through like a finished one', async () => {
    const { sim, studio } = setup();
    sim.getState().setForm({ ...sim.getState().form, maxSteps: '2' });
    await sim.getState().start(studio.getState().project);
    expect(sim.getState().run).toMatchObject({ status: 'stopped', items: 2 });
    expect(sim.getState().run?.log.length).toBe(2);
    expect(sim.getState().error).toMatch(/^Stopped after 2 steps: the run's step limit \(Setup → Stop after\) was reached/);
    sim.getState().selectStep(1);
    await until(() => sim.getState().inspection?.state.step === 1);
    expect(sim.getState().inspection?.state.decisionCount).toBe(2);
  });
});

/** A store over its own worker, with agent `a` (MaxCalls `max` on x) and one trace chosen. */
function storeWith(max: number, trace: string) {
  const client = createSimulationClient(() => new ChannelWorker());
  const sim: SimulationStore = createSimulationStore(() => client);
  const studio = createStudioStore();
  studio.getState().importFile('a.toml', agent(max));
  sim.getState().setChoice({ traceIds: [studio.getState().addTrace('t.yaml', trace)] });
  return { client, sim, studio };
}

describe('opening another project', () => {
  it('forgets the run, the one before it and the choice, cancelling a run still going', async () => {
    const { client, sim, studio } = storeWith(1, SCRIPT);
    await sim.getState().start(studio.getState().project);
    await sim.getState().start(studio.getState().project);
    sim.getState().selectStep(2);
    expect(sim.getState().previous).toBeDefined();
    sim.getState().forgetProject();
    expect(sim.getState()).toMatchObject({ run: undefined, previous: undefined, choice: {}, step: -1, selected: undefined, highlight: undefined, summary: undefined, diff: undefined });
    // a run forgotten while it runs does not come back when it ends
    const running = sim.getState().start(studio.getState().project);
    sim.getState().forgetProject();
    await running;
    expect(sim.getState().run).toBeUndefined();
    client.dispose();
  });
});

describe('deduplicated calls', () => {
  it('replays the run with the dedupe window off, for this run only: the limit the trace meant to hit is hit', async () => {
    const { client, sim, studio } = storeWith(2, 'start: 2025-01-01T10:00:00Z\nsteps:\n  - call: x\n  - call: x\n  - call: x\n');
    await sim.getState().start(studio.getState().project);
    const kinds = async () => (await sim.getState().run?.log.range(0, 10))?.map((d) => d.kind);
    expect(await kinds()).toEqual(['allowed', 'deduplicated', 'deduplicated']);
    await sim.getState().rerunWithDedupe(0);
    expect(sim.getState().run?.settings.dedupeWindowMs).toBe(0);
    expect(await kinds()).toEqual(['allowed', 'allowed', 'blocked']);
    // the settings keep their window: the next Run deduplicates again
    expect(sim.getState().form.dedupeWindowMs).toBe('300000');
    await sim.getState().start(studio.getState().project);
    expect(await kinds()).toEqual(['allowed', 'deduplicated', 'deduplicated']);
    client.dispose();
  });
});
