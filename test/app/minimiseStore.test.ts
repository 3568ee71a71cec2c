/**
 * "Minimise" in the simulator, through the real worker service: the selected decision's trace is
 * shrunk, added to the project as a scripted trace, replayed with the run's documents and
 * settings, and the target is selected at the last step with the closing note as a notice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMinimiseStore, minimisedTraceName } from '../../src/app/simulator/minimiseStore.ts';
import { createSimulationStore } from '../../src/app/simulator/simulationStore.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { createSimulationClient, type SimulationClient } from '../../src/worker/client.ts';
import { ChannelWorker } from '../worker/harness.ts';

const AGENT = `name = "a"\ntools = ["x", "y", "z"]\n\n[[tool_rules]]\ntool_name = "x"\nrule_type = { type = "MaxCalls", value = 2 }\n`;
const SCRIPT = `start: 2025-01-01T10:00:00Z
steps:
  - call: y
  - call: x
    args: { i: 1, note: first }
  - call: z
    after: 2s
  - call: x
    args: { i: 2 }
  - call: y
    args: { k: 1 }
  - call: x
    args: { i: 3 }
    after: 1m
`;

describe('minimise store', () => {
  const clients: SimulationClient[] = [];
  afterEach(() => {
    for (const c of clients) c.dispose();
    clients.length = 0;
  });

  it('opens the minimised trace as a new scripted trace with the target selected', async () => {
    const client = createSimulationClient(() => new ChannelWorker());
    clients.push(client);
    const sim = createSimulationStore(() => client);
    const studio = createStudioStore();
    studio.getState().importFile('a.toml', AGENT);
    studio.getState().addTrace('session.yaml', SCRIPT);
    await sim.getState().start(studio.getState().project);
    const run = sim.getState().run;
    const blocked = (await run?.log.range(0, run.log.length))?.find((d) => d.kind === 'blocked');
    expect(blocked).toMatchObject({ tool: 'x', code: 'MaxCallsExceeded' });

    const store = createMinimiseStore(() => sim, () => client);
    await store.getState().start(studio, blocked?.seq as number);
    expect(store.getState().job).toBeUndefined();

    const traces = studio.getState().project.traces ?? [];
    const added = traces.at(-1);
    expect(added?.name).toBe('session-min-step-6.yaml');
    expect(added?.text).toContain('# Minimised from session.yaml (step 6): blocked x MaxCallsExceeded (rule #1).');
    const after = sim.getState();
    expect(after.run?.traceIds).toEqual([added?.id]);
    expect(after.run?.items).toBe(3);
    expect(after.step).toBe(2);
    const selected = after.run?.log.at(after.selected as number);
    expect(selected).toMatchObject({ kind: 'blocked', tool: 'x', code: 'MaxCallsExceeded', rule: 0 });
    const notice = studio.getState().notices.at(-1);
    expect(notice?.text).toBe('Minimised 6 steps to 3, ending in `x` blocked by rule #1. “Save as test” pins it as a rule-set test.');
  });

  it('names the result after the trace and the step', () => {
    expect(minimisedTraceName('logs/session.jsonl', 811)).toBe('logs/session-min-step-812.yaml');
    expect(minimisedTraceName('trace', 0)).toBe('trace-min-step-1.yaml');
  });
});
