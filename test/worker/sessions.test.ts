import { afterEach, describe, expect, it } from 'vitest';
import { createSimulationClient } from '../../src/worker/client.ts';
import { CALLED_SHOWN, type SimulationChunk } from '../../src/worker/protocol.ts';
import { createSessionStore } from '../../src/worker/sessions.ts';
import { ChannelWorker } from './harness.ts';

const agent = (max: number) => `name = "a"\n\n[[tool_rules]]\ntool_name = "x"\nrule_type = { type = "MaxCalls", value = ${max} }\n\n[[tool_rules]]\ntool_name = "y"\nrule_type = { type = "Cooldown", value = 5 }\n`;
const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString();
/** x, x, bad line, x, y. */
const TRACE = [
  JSON.stringify({ type: 'tool_call', time: at(0), tool: 'x', args: { i: 0 } }),
  JSON.stringify({ type: 'tool_call', time: at(1), tool: 'x', args: { i: 1 } }),
  '{not json',
  JSON.stringify({ type: 'tool_call', time: at(3), tool: 'x', args: { i: 3 } }),
  JSON.stringify({ type: 'tool_call', time: at(4), tool: 'y' }),
].join('\n');

describe('run sessions in the worker: step states, explanations, diffs, summaries, exports', () => {
  const workers: ChannelWorker[] = [];
  const factory = () => {
    const w = new ChannelWorker();
    workers.push(w);
    return w;
  };
  afterEach(() => {
    for (const w of workers) w.terminate();
    workers.length = 0;
  });
  const request = (max: number) => ({ ruleFiles: [{ name: 'a.toml', text: agent(max) }], traces: [{ name: 't.jsonl', text: TRACE }] });

  it('sends the step of every decision with the chunks and the item count with the result', async () => {
    const client = createSimulationClient(factory);
    const chunks: SimulationChunk[] = [];
    const result = await client.run(request(1), (c) => void chunks.push(c)).result;
    expect(result.items).toBe(5);
    const decisions = chunks.flatMap((c) => c.decisions);
    const steps = chunks.flatMap((c) => [...(c.steps ?? [])]);
    expect(decisions.map((d) => d.kind)).toEqual(['allowed', 'blocked', 'error', 'blocked', 'allowed']);
    expect(steps).toEqual([0, 1, 2, 3, 4]);
    client.dispose();
  });

  it("streams only steps when asked ('steps'): the decisions stay in the worker, read in windows, filtered and binned there", async () => {
    const client = createSimulationClient(factory);
    const chunks: SimulationChunk[] = [];
    const run = client.run({ ...request(1), stream: 'steps' }, (c) => void chunks.push(c));
    const result = await run.result;
    expect(result.decisions).toBe(5);
    expect(chunks.every((c) => c.decisions.length === 0 && c.steps instanceof Int32Array)).toBe(true);
    expect(chunks.flatMap((c) => [...(c.steps ?? [])])).toEqual([0, 1, 2, 3, 4]);
    expect(chunks.at(-1)?.count).toBe(5);
    expect((await client.decisions(run.id, 1, 4))?.decisions.map((d) => [d.seq, d.kind])).toEqual([
      [1, 'blocked'],
      [2, 'error'],
      [3, 'blocked'],
    ]);
    expect((await client.decisions(run.id, 4, 99))?.decisions).toHaveLength(1);
    expect(await client.decisions('gone', 0, 5)).toBeUndefined();
    const blocked = await client.filterRows(run.id, { kinds: ['blocked'], tool: '' }, 0);
    expect([...(blocked?.rows ?? [])]).toEqual([1, 3]);
    expect(blocked?.scanned).toBe(5);
    expect([...((await client.filterRows(run.id, { kinds: [], tool: 'y' }, 2))?.rows ?? [])]).toEqual([4]);
    const overview = await client.overview(run.id, 2);
    expect(overview?.tools).toEqual(['x', 'y']);
    expect(overview?.bins.map((b) => [b.fromEvent, b.decisions, b.violations, b.firstViolationSeq, b.firstSeq])).toEqual([
      [0, 2, 1, 1, 0],
      [2, 3, 2, 2, 2], // the unusable line (an error decision, a violation) is at event 2
    ]);
    client.dispose();
  });

  it('reads a canonical trace sent as a Blob (how the page sends a large one) from its bytes, to the same decisions as its text', async () => {
    const client = createSimulationClient(factory);
    const text = `${TRACE}\n${JSON.stringify({ type: 'tool_call', time: at(9), tool: 'x', args: { note: 'café ✓' } })}\n`;
    const asText = client.run({ ...request(1), traces: [{ name: 't.jsonl', text }], stream: 'steps' }, () => {});
    const asBlob = client.run({ ...request(1), traces: [{ name: 't.jsonl', blob: new Blob([text]) }], stream: 'steps' }, () => {});
    expect((await asBlob.result).items).toBe(6);
    expect((await asText.result).items).toBe(6);
    const fromBlob = await client.decisions(asBlob.id, 0, 99);
    expect(fromBlob?.decisions.map((d) => d.kind)).toEqual(['allowed', 'blocked', 'error', 'blocked', 'allowed', 'blocked']);
    expect(fromBlob).toEqual(await client.decisions(asText.id, 0, 99));
    client.dispose();
  });

  it('names with each window the call each decision is about, as the presenter’s chips do, made for that window only', async () => {
    const client = createSimulationClient(factory);
    const lines = [
      JSON.stringify({ type: 'tool_call', time: at(0), tool: 'x', args: { command: 'npm run build' } }),
      JSON.stringify({ type: 'tool_call', time: at(1), tool: 'x', args: { command: `echo ${'a'.repeat(200)}` } }), // blocked: MaxCalls 1
      JSON.stringify({ type: 'tool_call', time: at(2), tool: 'y', args: { i: 2 } }), // no telling argument: the tool alone
      '{not json',
    ];
    const run = client.run({ ...request(1), traces: [{ name: 't.jsonl', text: lines.join('\n') }], stream: 'steps' }, () => {});
    await run.result;
    const window = await client.decisions(run.id, 0, 99);
    expect(window?.decisions.map((d) => d.kind)).toEqual(['allowed', 'blocked', 'allowed', 'error']);
    expect(window?.calls[0]).toBe('x(npm run build)');
    expect(window?.calls[1]).toMatch(/^x\(echo a+…\)$/);
    expect(window?.calls[1]).toHaveLength(80);
    expect(window?.calls.slice(2)).toEqual([undefined, undefined]);
    expect((await client.decisions(run.id, 1, 2))?.calls).toEqual([window?.calls[1]]);
    // a reader that draws no rows (Save as test over a whole run) is spared them
    expect(await client.decisions(run.id, 0, 99, false)).toEqual({ decisions: window?.decisions, calls: [] });
    client.dispose();
  });

  it('reads windows of a run still in progress', async () => {
    const client = createSimulationClient(factory);
    const lines = Array.from({ length: 60_000 }, (_, i) => JSON.stringify({ type: 'tool_call', time: at(i), tool: 'y', args: { i } }));
    let seen: number | undefined;
    const run = client.run({ ruleFiles: [{ name: 'a.toml', text: agent(1) }], traces: [{ name: 'big.jsonl', text: lines.join('\n') }], stream: 'steps' }, (c) => {
      seen ??= c.count;
    });
    while (seen === undefined) await new Promise((r) => setTimeout(r, 5));
    const early = await client.decisions(run.id, 0, 3);
    expect(early?.decisions.map((d) => d.seq)).toEqual([0, 1, 2]);
    expect((await run.result).status).toBe('done');
    client.dispose();
  });

  it('inspects a step: state after it and the decision explained with the run rules', async () => {
    const client = createSimulationClient(factory);
    const run = client.run(request(1), () => {});
    await run.result;
    const i = await client.inspect(run.id, 1, 1);
    expect(i?.state.step).toBe(1);
    expect(i?.state.stepDecisions.map((d) => d.kind)).toEqual(['blocked']);
    expect(i?.state.snapshot.tools?.calls.find((c) => c.tool === 'x')).toMatchObject({ executions: 1, limit: 1 });
    expect(i?.explanation?.title).toMatch(/Blocked/);
    expect(i?.explanation?.ruleRef).toEqual({ kind: 'tool', index: 0 });
    const bad = await client.inspect(run.id, 2);
    expect(bad?.state.lineError?.line).toBe(3);
    const before = await client.inspect(run.id, -5);
    expect(before?.state).toMatchObject({ step: -1, decisionCount: 0 });
    // stepping back re-runs in the worker and gives the same state as going forward
    const back = await client.inspect(run.id, 0);
    expect(back?.state.snapshot.tools?.calls.find((c) => c.tool === 'x')?.executions).toBe(1);
    expect(await client.inspect('run-unknown', 0)).toBeUndefined();
    client.dispose();
  });

  it('a step state lists the last calls of a long ordering scope and says how many there were; the explanation still sees them all', async () => {
    const client = createSimulationClient(factory);
    // 120 calls of a0…a119 in one batch, then b, which must follow a5 (called long before the last 50)
    const rules = `name = "long"\n\n[[tool_rules]]\ntool_name = "b"\nrule_type = { type = "RequiresPrecedingTools" }\nconditions = ["a5"]\n\n[[tool_rules]]\ntool_name = "c"\nrule_type = { type = "RequiresPrecedingTools" }\nconditions = ["nobody"]\n`;
    const lines = Array.from({ length: 120 }, (_, i) => JSON.stringify({ type: 'tool_call', time: at(i), tool: `a${i}` }));
    lines.push(JSON.stringify({ type: 'tool_call', time: at(120), tool: 'b' }), JSON.stringify({ type: 'tool_call', time: at(121), tool: 'c' }));
    const run = client.run({ ruleFiles: [{ name: 'long.toml', text: rules }], traces: [{ name: 'long.jsonl', text: lines.join('\n') }] }, () => {});
    await run.result;
    const allowed = await client.inspect(run.id, 120, 120);
    expect(allowed?.state.stepDecisions.map((d) => d.kind)).toEqual(['allowed']);
    expect(allowed?.state.calledCount).toBe(121);
    const called = allowed?.state.snapshot.tools?.called ?? [];
    expect(called).toHaveLength(CALLED_SHOWN);
    expect(called.at(-1)).toBe('b');
    expect(called[0]).toBe(`a${121 - CALLED_SHOWN}`);
    // c is blocked: its explanation lists what was called in the batch, a0 included
    const blocked = await client.inspect(run.id, 121, 121);
    expect(blocked?.explanation?.title).toMatch(/Blocked/);
    expect(blocked?.explanation?.details.join('\n')).toContain('`a0`');
    // a short scope is sent whole, without a count
    const early = await client.inspect(run.id, 2, 2);
    expect(early?.state.snapshot.tools?.called).toEqual(['a0', 'a1', 'a2']);
    expect(early?.state.calledCount).toBeUndefined();
    client.dispose();
  });

  it('finds the next violation from any decision', async () => {
    const client = createSimulationClient(factory);
    const run = client.run(request(1), () => {});
    await run.result;
    expect(await client.nextViolation(run.id, -1)).toEqual({ seq: 1, step: 1 });
    expect(await client.nextViolation(run.id, 1)).toEqual({ seq: 2, step: 2 });
    expect(await client.nextViolation(run.id, 3)).toBeUndefined();
    client.dispose();
  });

  it('diffs two runs after a rule change, lists the changed decisions and says why', async () => {
    const client = createSimulationClient(factory);
    const a = client.run(request(1), () => {});
    await a.result;
    const b = client.run(request(3), () => {});
    await b.result;
    const d = await client.diff(a.id, b.id);
    expect(d?.changed).toBe(2);
    expect(d?.entries.map((e) => [e.before?.kind, e.after?.kind])).toEqual([
      ['blocked', 'allowed'],
      ['blocked', 'allowed'],
    ]);
    expect(d?.entries[0]?.why).toMatch(/blocked → allowed/);
    // each entry's link lands on its decision in the later run
    expect(d?.jumps).toEqual(d?.entries.map((e) => e.after?.seq));
    const capped = await client.diff(a.id, b.id, 1);
    expect(capped?.entries.length).toBe(1);
    expect(capped?.truncated).toBe(1);
    expect((await client.diff(a.id, a.id))?.entries).toEqual([]);
    client.dispose();
  });

  it('diffs runs under two profiles with the reason each decision differs', async () => {
    const client = createSimulationClient(factory);
    const exitOnX = { ruleFiles: [{ name: 'a.toml', text: 'name = "a"\n[[tool_rules]]\ntool_name = "x"\nrule_type = { type = "ExitLoop" }\n' }], traces: [{ name: 't.jsonl', text: TRACE }] };
    const a = client.run(exitOnX, () => {});
    await a.result;
    const b = client.run({ ...exitOnX, settings: { profile: 'pattern' as const } }, () => {});
    await b.result;
    const d = await client.diff(a.id, b.id);
    expect(d?.entries.map((e) => [e.event, e.before?.kind, e.after?.kind])).toEqual([
      [1, 'ignored', 'allowed'],
      [2, 'ignored', 'allowed'],
      [3, 'ignored', 'allowed'],
    ]);
    expect(d?.entries[0]?.reason).toMatch(/^Pattern's engine keeps no exited state, so calls after an exit are checked as usual/);
    expect((await client.diff(a.id, a.id))?.entries.every((e) => e.reason === undefined)).toBe(true);
    client.dispose();
  });

  it('summarises runs, computes coverage over separate traces and exports JSONL', async () => {
    const client = createSimulationClient(factory);
    const run = client.run(request(1), () => {});
    await run.result;
    const s = await client.summary([run.id]);
    expect(s?.byKind.blocked).toBe(2);
    expect(s?.neverFired.tool.map((r) => r.tool)).toEqual(['y']);
    const cov = await client.coverage({ ruleFiles: [{ name: 'a.toml', text: agent(1) }], traces: [{ name: 'one.jsonl', text: TRACE.split('\n')[0] as string }] });
    expect(cov.status).toBe('done');
    expect(cov.summary?.neverFired.tool.map((r) => r.tool)).toEqual(['x', 'y']);
    const bad = await client.coverage({ ruleFiles: [{ name: 'a.toml', text: '[[tool_rules]\n' }], traces: [{ name: 't.jsonl', text: TRACE }] });
    expect(bad.status).toBe('invalid');
    const jsonl = await client.jsonl(run.id);
    expect(jsonl?.trim().split('\n').map((l) => (JSON.parse(l) as { kind: string }).kind)).toEqual(['allowed', 'blocked', 'error', 'blocked', 'allowed']);
    client.release(run.id);
    expect(await client.jsonl(run.id)).toBeUndefined();
    client.dispose();
  });
});

describe('session store', () => {
  it('keeps only the newest sessions', () => {
    const store = createSessionStore(2);
    const s = () => ({ items: [], config: {}, decisions: [], steps: [] });
    store.put('a', s());
    store.put('b', s());
    store.put('c', s());
    expect(store.get('a')).toBeUndefined();
    expect(store.get('b')).toBeDefined();
    expect(store.size).toBe(2);
    expect(store.stepper('c')?.length).toBe(0);
  });
});
