/**
 * Run and a scripted trace that does not read whole (review16): nothing is replayed, the status
 * says how many errors and where the first is, the trace opens in its editor at that line and
 * column, and Save as test has no run to pin. A recorded log keeps its unreadable lines as error
 * decisions and replays.
 */
import { describe, expect, it } from 'vitest';
import { createSimulationClient } from '../../src/worker/client.ts';
import { createSimulationStore } from '../../src/app/simulator/simulationStore.ts';
import { unreadStatus } from '../../src/app/simulator/runRequest.ts';
import { unreadScripted } from '../../src/app/simulator/unreadTrace.ts';
import { decisionHead } from '../../src/app/simulator/decisionText.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { ChannelWorker } from '../worker/harness.ts';

const AGENT = 'name = "a"\ntools = ["extract", "transform", "load"]\n\n[[tool_rules]]\ntool_name = "load"\nrule_type = { type = "MaxCalls", value = 1 }\n';
const TYPO = 'steps:\n  - call: extract\n  - cal: transform\n  - call: load\n';
const GOOD = 'steps:\n  - call: extract\n  - call: transform\n  - call: load\n';

function setup(name: string, text: string) {
  const client = createSimulationClient(() => new ChannelWorker());
  const sim = createSimulationStore(() => client);
  const studio = createStudioStore();
  studio.getState().importFile('a.toml', AGENT);
  const id = studio.getState().addTrace(name, text);
  sim.getState().setChoice({ traceIds: [id] });
  return { client, sim, studio, id };
}

describe('a scripted trace with errors', () => {
  it('is not replayed: the status counts its errors, the editor opens at the first', async () => {
    const { client, sim, studio, id } = setup('scenario.yaml', GOOD);
    await sim.getState().start(studio.getState().project);
    expect(sim.getState().run?.status).toBe('done');
    studio.getState().setTraceText(id, TYPO);
    await sim.getState().start(studio.getState().project);
    const s = sim.getState();
    // the run before is not shown as this trace's: no run, so Save as test has nothing to pin
    expect(s.run).toBeUndefined();
    expect(s.previous?.status).toBe('done');
    expect(s.unread).toMatchObject({ traceId: id, name: 'scenario.yaml', problems: [{ line: 3, column: 5 }] });
    expect(s.unread && unreadStatus(s.unread)).toBe('Not run: the trace has 1 error (at line 3)');
    expect(s.error).toBe('scenario.yaml was not replayed: a scripted trace runs only when it reads whole. The cursor is on its error in the trace editor:');
    expect(s.editingTraceId).toBe(id);
    expect(s.traceReveal).toMatchObject({ traceId: id, line: 3, column: 5 });
    // fixed, it runs again and the refusal goes
    studio.getState().setTraceText(id, GOOD);
    await sim.getState().start(studio.getState().project);
    expect(sim.getState().run?.status).toBe('done');
    expect(sim.getState().unread).toBeUndefined();
    client.dispose();
  });

  it('counts every error and names the trace when several are chosen', () => {
    const bad = { id: 'b', name: 'bad.yaml', text: 'steps:\n  - cal: a\n  - call: b\n    outcome: maybe\n  - 7\n' };
    const ok = { id: 'o', name: 'ok.yaml', text: GOOD };
    const log = { id: 'l', name: 'session.jsonl', text: 'not json\n' };
    expect(unreadScripted([ok, log])).toBeUndefined();
    const unread = unreadScripted([ok, log, bad]);
    expect(unread?.problems.map((p) => [p.line, p.column])).toEqual([
      [2, 5],
      [3, 5],
      [5, 5],
    ]);
    expect(unread && unreadStatus(unread)).toBe('Not run: bad.yaml has 3 errors (first at line 2)');
  });
});

describe('a recorded log with unreadable lines', () => {
  it('still replays, each bad line an error decision said with its line once', async () => {
    const line = (tool: string, s: number) => JSON.stringify({ type: 'tool_call', time: `2025-01-01T10:00:0${s}Z`, tool });
    const { client, sim, studio } = setup('session.jsonl', `${line('extract', 1)}\nnot json\n${line('load', 3)}\n`);
    await sim.getState().start(studio.getState().project);
    const run = sim.getState().run;
    expect(run?.status).toBe('done');
    expect(sim.getState().unread).toBeUndefined();
    const decisions = (await run?.log.range(0, 10)) ?? [];
    const error = decisions.find((d) => d.kind === 'error');
    expect(error).toBeDefined();
    if (!error) return;
    const head = decisionHead(error);
    expect(`${head.text}${head.join ?? ' '}${head.detail ?? ''}`).toMatch(/^error line 2: not valid JSON/);
    client.dispose();
  });
});
