/**
 * Minimising in the worker (issue 12.2), driven through the client exactly as the page does: the
 * run's own trace and rules, streamed progress, a cancel that still returns the shortest trace
 * found, and a result that replays (as the scripted trace the page opens) to the same decision.
 */
import { describe, expect, it } from 'vitest';
import { replayItems } from '../../src/core/engine/replay.ts';
import { readScripted } from '../../src/core/traces/scripted.ts';
import { canonicalTraceText } from '../../src/core/traces/toCanonical.ts';
import { createSimulationClient } from '../../src/worker/client.ts';
import type { MinimiseProgress, SimulationChunk } from '../../src/worker/protocol.ts';
import { bigTrace, opsAgent, opsAgentToml } from '../support/minimiseFixture.ts';
import { channelWorkers } from './harness.ts';

const OPS = opsAgentToml();

describe('minimise in the worker', () => {
  const factory = channelWorkers();

  async function runBig(n: number) {
    const client = createSimulationClient(factory);
    const { events, cause } = bigTrace(n);
    const text = `${canonicalTraceText(events.slice(0, 3))}{ not json\n${canonicalTraceText(events.slice(3))}`;
    const decisions: SimulationChunk['decisions'] = [];
    const run = client.run({ ruleFiles: [{ name: 'ops.toml', text: OPS }], traces: [{ name: 'big.jsonl', text }] }, (c) => void decisions.push(...c.decisions));
    expect((await run.result).status).toBe('done');
    const blocked = decisions.find((d) => d.kind === 'blocked' && d.event === cause.at(-1));
    if (!blocked) throw new Error('no blocked deploy');
    return { client, runId: run.id, seq: blocked.seq, cause, errorSeq: decisions.find((d) => d.kind === 'error')?.seq };
  }

  it('minimises a run’s trace to the cause, streaming progress, and the scripted result replays to the same decision', async () => {
    const { client, runId, seq } = await runBig(20_000);
    const progress: MinimiseProgress[] = [];
    const m = client.minimise({ runId, seq, traceName: 'big.jsonl' }, (p) => progress.push(p));
    const reply = await m.result;
    expect(reply).toMatchObject({ status: 'done', events: 4, original: 20_000, target: 'blocked deploy MaxCallsExceeded (rule #2)', kind: 'blocked' });
    expect(reply.note).toMatch(/^Minimised 20,000 events to 4 in .* 1-minimal/);
    expect(reply.scripted).toContain('# Minimised from big.jsonl (step 20,001): blocked deploy MaxCallsExceeded (rule #2).');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p, i) => i === 0 || p.tests >= (progress[i - 1] as MinimiseProgress).tests)).toBe(true);
    const items = readScripted(reply.scripted as string, 'min.yaml');
    const last = replayItems(items, { agent: opsAgent() }).filter((d) => d.event === items.length - 1);
    expect(last).toContainEqual(expect.objectContaining({ kind: 'blocked', tool: 'deploy', code: 'MaxCallsExceeded', rule: 1 }));
    client.dispose();
  }, 60_000);

  it('a cancel returns the shortest trace found so far, which still gives the decision', async () => {
    const { client, runId, seq } = await runBig(8_000);
    let asked = false;
    const m = client.minimise({ runId, seq }, (p) => {
      if (p.events < p.original && !asked) {
        asked = true;
        client.cancel(m.id);
      }
    });
    const reply = await m.result;
    expect(reply.status).toBe('cancelled');
    expect(reply.events).toBeLessThan(8_000);
    expect(reply.note).toContain('Stopped before the end');
    const items = readScripted(reply.scripted as string, 'min.yaml');
    const last = replayItems(items, { agent: opsAgent() }).filter((d) => d.event === items.length - 1);
    expect(last).toContainEqual(expect.objectContaining({ kind: 'blocked', code: 'MaxCallsExceeded' }));
    client.dispose();
  }, 60_000);

  it('refuses an unusable line, an unknown decision and a run no longer kept, saying why', async () => {
    const { client, runId, errorSeq } = await runBig(200);
    expect(errorSeq).toBeDefined();
    expect(await client.minimise({ runId, seq: errorSeq as number }, () => {}).result).toEqual({
      status: 'invalid',
      message: 'An unusable trace line is not something the rules decided: there is nothing to minimise towards.',
    });
    expect((await client.minimise({ runId, seq: 999_999 }, () => {}).result).message).toBe('The run has no decision #999999.');
    expect((await client.minimise({ runId: 'run-gone', seq: 0 }, () => {}).result).message).toMatch(/no longer kept/);
    client.dispose();
  }, 60_000);
});
