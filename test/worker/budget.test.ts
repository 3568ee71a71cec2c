/**
 * A run's budgets in the worker: past its step budget, or past the memory the worker's kept runs
 * may hold, a run stops with a message saying why and what to do, keeps what it replayed (it can
 * be stepped through), and older runs are dropped first to make room.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulationClient } from '../../src/worker/client.ts';
import { estimateRunBytes } from '../../src/worker/budget.ts';
import { createSimulationService, type ServiceBudgets } from '../../src/worker/simulationService.ts';
import { ChannelWorker } from './harness.ts';

const AGENT = `name = "a"\n\n[[tool_rules]]\ntool_name = "x"\nrule_type = { type = "MaxCalls", value = 1 }\n`;
const jsonl = (n: number) =>
  Array.from({ length: n }, (_, i) => JSON.stringify({ type: 'tool_call', time: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(), tool: 'x' })).join('\n');
const request = (trace: { name: string; text: string }, extra: { maxSteps?: number } = {}) => ({ ruleFiles: [{ name: 'a.toml', text: AGENT }], traces: [trace], ...extra });

describe('run budgets in the simulation worker', () => {
  const workers: ChannelWorker[] = [];
  afterEach(() => {
    for (const w of workers) w.terminate();
    workers.length = 0;
  });
  const clientWith = (budgets: ServiceBudgets) =>
    createSimulationClient(() => {
      const w = new ChannelWorker(createSimulationService(budgets));
      workers.push(w);
      return w;
    });

  it('stops a trace longer than the step budget with a clear message, keeping the steps replayed', async () => {
    const client = clientWith({ steps: 1_000 });
    const run = client.run(request({ name: 't.jsonl', text: jsonl(5_000) }), () => {});
    const result = await run.result;
    expect(result).toMatchObject({ status: 'stopped', items: 1_000, decisions: 1_000, events: 1_000 });
    expect(result.message).toContain('Stopped after 1,000 steps: a run in the studio replays at most 1,000 steps');
    expect(result.message).toContain('rule-studio simulate');
    // What was replayed is kept like a finished run.
    const last = await client.inspect(run.id, 999);
    expect(last?.state.step).toBe(999);
    expect(last?.state.decisionCount).toBe(1_000);
    expect((await client.summary([run.id]))?.decisions).toBe(1_000);
    client.dispose();
  });

  it('stops a lazily expanded scripted trace at the budget without expanding the rest', async () => {
    const client = clientWith({ steps: 30_000 });
    const script = 'start: 2025-01-01T10:00:00Z\nsteps:\n  - {call: x, repeat: 100000, every: 1ms}\n  - {call: x, repeat: 100000, every: 1ms}\n';
    let received = 0;
    const result = await client.run(request({ name: 's.yaml', text: script }), (c) => void (received += c.decisions.length)).result;
    expect(result).toMatchObject({ status: 'stopped', items: 30_000 });
    expect(received).toBe(30_000);
    client.dispose();
  });

  it("the user's own step limit stops earlier and says where it was set", async () => {
    const client = clientWith({ steps: 1_000 });
    const result = await client.run(request({ name: 't.jsonl', text: jsonl(500) }, { maxSteps: 120 }), () => {}).result;
    expect(result).toMatchObject({ status: 'stopped', items: 120 });
    expect(result.message).toContain("the run's step limit (Setup → Stop after) was reached");
    // A limit above the worker's budget does not lift the budget.
    const capped = await client.run(request({ name: 't.jsonl', text: jsonl(1_500) }, { maxSteps: 1_200 }), () => {}).result;
    expect(capped).toMatchObject({ status: 'stopped', items: 1_000 });
    // A trace within both finishes normally.
    expect((await client.run(request({ name: 't.jsonl', text: jsonl(50) }, { maxSteps: 120 }), () => {}).result).status).toBe('done');
    client.dispose();
  });

  it('drops older runs before stopping, and stops a run that alone passes the memory budget', async () => {
    // Room for one run of 3,000 steps (with its checkpoints), not for two.
    const budget = estimateRunBytes(4_000, 4_000, 0) + 256 * 1024;
    const client = clientWith({ memoryBytes: budget });
    const first = client.run(request({ name: 't.jsonl', text: jsonl(3_000) }), () => {});
    expect((await first.result).status).toBe('done');
    expect(await client.inspect(first.id, 0)).toBeDefined();

    const second = client.run(request({ name: 't.jsonl', text: jsonl(3_000) }), () => {});
    expect((await second.result).status).toBe('done');
    // The first run made room for the second: it is gone, the second is kept.
    expect(await client.inspect(first.id, 0)).toBeUndefined();
    expect(await client.inspect(second.id, 2_999)).toBeDefined();

    const huge = client.run(request({ name: 't.jsonl', text: jsonl(20_000) }), () => {});
    const result = await huge.result;
    expect(result.status).toBe('stopped');
    expect(result.items).toBeGreaterThan(3_000);
    expect(result.items).toBeLessThan(20_000);
    expect(result.message).toMatch(/^Stopped after [\d,]+ steps: the run would hold more than \d+ MB in the simulation worker/);
    expect(await client.inspect(huge.id, (result.items ?? 0) - 1)).toBeDefined();
    // The worker is still in service: a small run afterwards finishes.
    expect((await client.run(request({ name: 't.jsonl', text: jsonl(10) }), () => {}).result).status).toBe('done');
    client.dispose();
  });
});
