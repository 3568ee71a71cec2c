import { afterEach, describe, expect, it } from 'vitest';
import { createSimulationClient } from '../../src/worker/client.ts';
import type { SimulationChunk } from '../../src/worker/protocol.ts';
import { createSimulationService } from '../../src/worker/simulationService.ts';
import type { SimulationApi } from '../../src/worker/protocol.ts';
import { ChannelWorker } from './harness.ts';

const AGENT = `name = "a"\n\n[[tool_rules]]\ntool_name = "x"\nrule_type = { type = "MaxCalls", value = 1 }\n`;
const trace = (n: number) =>
  Array.from({ length: n }, (_, i) => JSON.stringify({ type: 'tool_call', time: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(), tool: 'x', args: { i } })).join('\n');

describe('simulation client over a worker-like channel', () => {
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

  it('streams decisions in chunks with progress and resolves with the totals', async () => {
    const client = createSimulationClient(factory);
    const chunks: SimulationChunk[] = [];
    const run = client.run({ ruleFiles: [{ name: 'a.toml', text: AGENT }], traces: [{ name: 't.jsonl', text: trace(50) }], chunkSize: 10 }, (c) => {
      chunks.push(c);
    });
    const result = await run.result;
    expect(result.status).toBe('done');
    expect(result.events).toBe(50);
    expect(result.decisions).toBe(50);
    const all = chunks.flatMap((c) => c.decisions);
    expect(all.map((d) => d.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(all[0]?.kind).toBe('allowed');
    expect(all[1]).toMatchObject({ kind: 'blocked', code: 'MaxCallsExceeded' });
    expect(chunks.length).toBe(5);
    // A single text trace is streamed: progress counts items and characters read.
    const last = chunks.at(-1)?.progress;
    expect(last?.items).toBe(50);
    expect(last?.bytes).toBe(last?.totalBytes);
    expect(last?.totalBytes).toBeGreaterThan(0);
    client.dispose();
  });

  it('cancels a long run between slices', async () => {
    const client = createSimulationClient(factory);
    let received = 0;
    const run = client.run({ ruleFiles: [{ name: 'a.toml', text: AGENT }], traces: [{ name: 't.jsonl', text: trace(100_000) }] }, (c) => {
      received += c.decisions.length;
      if (received >= 2_000) client.cancel(run.id);
    });
    const result = await run.result;
    expect(result.status).toBe('cancelled');
    expect(result.events).toBeLessThan(100_000);
    client.dispose();
  });

  it('reports invalid rule files with their diagnostics instead of replaying', async () => {
    const client = createSimulationClient(factory);
    const result = await client.run({ ruleFiles: [{ name: 'a.toml', text: '[[tool_rules]\n' }], traces: [{ name: 't.jsonl', text: trace(1) }] }, () => {}).result;
    expect(result.status).toBe('invalid');
    expect(result.diagnostics.map((d) => d.code)).toContain('F001');
    client.dispose();
  });

  it('rejects the run in flight with a clear error when the worker dies, then starts a fresh worker', async () => {
    const client = createSimulationClient(factory);
    const run = client.run({ ruleFiles: [{ name: 'a.toml', text: AGENT }], traces: [{ name: 't.jsonl', text: trace(200_000) }] }, () => {});
    workers[0]?.crash('out of memory');
    await expect(run.result).rejects.toThrow(/simulation worker stopped \(out of memory\)/);
    expect(workers[0]?.terminated).toBe(true);
    const again = await client.run({ ruleFiles: [{ name: 'a.toml', text: AGENT }], traces: [{ name: 't.jsonl', text: trace(3) }] }, () => {}).result;
    expect(again.status).toBe('done');
    expect(workers.length).toBe(2);
    client.dispose();
  });

  /**
   * A stand-in service whose run sends one chunk every 20 ms (never blocking) until cancelled,
   * or, with `quietMs`, sends nothing and ends after that long; it answers pings. Once `gone()`
   * says so it stops dead (sends nothing, never ends), as a closed worker's loop does.
   */
  const scripted = (opts: { quietMs?: number; gone?: () => boolean } = {}): SimulationApi => {
    const real = createSimulationService();
    const stop = new Set<string>();
    return {
      ...real,
      cancel: (id) => void stop.add(id),
      async run(id, _request, onChunk) {
        const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
        if (opts.quietMs !== undefined) await sleep(opts.quietMs);
        else
          while (!stop.has(id)) {
            if (opts.gone?.()) await new Promise(() => {});
            await onChunk({ decisions: [], progress: { items: 1 } });
            await sleep(20);
          }
        return { status: 'done', diagnostics: [], decisions: 0, events: 0 };
      },
    };
  };

  it('notices a worker that dies without an event mid-run, rejects the run and uses a fresh worker', async () => {
    const made: ChannelWorker[] = [];
    const client = createSimulationClient(
      () => {
        const w = new ChannelWorker(made.length === 0 ? scripted({ gone: () => chunks >= 3 }) : createSimulationService());
        made.push(w);
        workers.push(w);
        return w;
      },
      { silenceMs: 100, pingMs: 100, firstChunkMs: 100 },
    );
    let chunks = 0;
    const run = client.run({ ruleFiles: [], traces: [{ name: 't.jsonl', text: '' }] }, () => {
      if (++chunks === 3) made[0]?.dieSilently();
    });
    await expect(run.result).rejects.toThrow(/simulation worker stopped \(it stopped responding: nothing from it for 0\.\d s, though a run was in progress\)/);
    expect(chunks).toBe(3);
    expect(made[0]?.terminated).toBe(true);
    const again = await client.run({ ruleFiles: [{ name: 'a.toml', text: AGENT }], traces: [{ name: 't.jsonl', text: trace(3) }] }, () => {}).result;
    expect(again.status).toBe('done');
    expect(made.length).toBe(2);
    client.dispose();
  });

  describe('Cancel of a run whose worker is busy inside one step (issue 29: a huge pattern on a long command)', () => {
    /** A worker whose first service never honours a cancel (its run is one long step), later ones are real. */
    const stuckFirst = (made: ChannelWorker[]) => () => {
      const w = new ChannelWorker(made.length === 0 ? scripted({ quietMs: 5_000 }) : createSimulationService());
      made.push(w);
      workers.push(w);
      return w;
    };

    it('settles the run as cancelled within the grace, ends that worker, and runs the next on a fresh one', async () => {
      const made: ChannelWorker[] = [];
      const client = createSimulationClient(stuckFirst(made), { cancelGraceMs: 100 });
      const run = client.run({ ruleFiles: [], traces: [{ name: 't.jsonl', text: '' }] }, () => {});
      await new Promise((r) => setTimeout(r, 50));
      const asked = performance.now();
      client.cancel(run.id);
      const result = await run.result;
      expect(result.status).toBe('cancelled');
      expect(performance.now() - asked).toBeLessThan(1_000);
      expect(made[0]?.terminated).toBe(true);
      const again = await client.run({ ruleFiles: [{ name: 'a.toml', text: AGENT }], traces: [{ name: 't.jsonl', text: trace(3) }] }, () => {}).result;
      expect(again.status).toBe('done');
      expect(made.length).toBe(2);
      client.dispose();
    });

    it('a run started right after the cancel waits for it, then runs on the fresh worker', async () => {
      const made: ChannelWorker[] = [];
      const client = createSimulationClient(stuckFirst(made), { cancelGraceMs: 100 });
      const first = client.run({ ruleFiles: [], traces: [{ name: 't.jsonl', text: '' }] }, () => {});
      await new Promise((r) => setTimeout(r, 50));
      client.cancel(first.id);
      const second = client.run({ ruleFiles: [{ name: 'a.toml', text: AGENT }], traces: [{ name: 't.jsonl', text: trace(3) }] }, () => {});
      expect((await first.result).status).toBe('cancelled');
      expect((await second.result).status).toBe('done');
      expect(made.length).toBe(2);
      expect(made[1]?.terminated).toBe(false);
      client.dispose();
    });

    it('a cancel honoured within the grace keeps the worker (and its finished runs)', async () => {
      const made: ChannelWorker[] = [];
      const client = createSimulationClient(
        () => {
          const w = new ChannelWorker(scripted());
          made.push(w);
          workers.push(w);
          return w;
        },
        { cancelGraceMs: 300 },
      );
      const run = client.run({ ruleFiles: [], traces: [{ name: 't.jsonl', text: '' }] }, () => {});
      await new Promise((r) => setTimeout(r, 50));
      client.cancel(run.id);
      // The scripted run stops at its next slice and ends as it ends ('done' here): no forced cancel.
      expect((await run.result).status).toBe('done');
      await new Promise((r) => setTimeout(r, 400));
      expect(made.length).toBe(1);
      expect(made[0]?.terminated).toBe(false);
      client.dispose();
    });
  });

  describe('Cancel while the worker is still loading its module (it cannot see the cancel yet)', () => {
    /** The first worker runs until cancelled and takes `loadMs` to load; later ones are real and load at once. */
    const loading = (made: ChannelWorker[], loadMs: number) => () => {
      const w = made.length === 0 ? new ChannelWorker(scripted(), { loadMs }) : new ChannelWorker();
      made.push(w);
      workers.push(w);
      return w;
    };

    it('keeps that worker: the grace starts once it has loaded, and the call ends as the worker ends it', async () => {
      const made: ChannelWorker[] = [];
      const client = createSimulationClient(loading(made, 400), { cancelGraceMs: 100 });
      const run = client.run({ ruleFiles: [], traces: [{ name: 't.jsonl', text: '' }] }, () => {});
      await new Promise((r) => setTimeout(r, 50));
      client.cancel(run.id);
      // The scripted run sees the cancel at its first slice after loading and ends as it ends ('done').
      expect((await run.result).status).toBe('done');
      await new Promise((r) => setTimeout(r, 300));
      expect(made.length).toBe(1);
      expect(made[0]?.terminated).toBe(false);
      client.dispose();
    });

    it('ends a worker that never loads once the load wait has passed, and runs the next call on a fresh one', async () => {
      const made: ChannelWorker[] = [];
      const client = createSimulationClient(loading(made, Infinity), { cancelGraceMs: 50, loadWaitMs: 300 });
      const run = client.run({ ruleFiles: [], traces: [{ name: 't.jsonl', text: '' }] }, () => {});
      await new Promise((r) => setTimeout(r, 50));
      const asked = performance.now();
      client.cancel(run.id);
      expect((await run.result).status).toBe('cancelled');
      expect(performance.now() - asked).toBeGreaterThanOrEqual(250);
      expect(made[0]?.terminated).toBe(true);
      const again = await client.run({ ruleFiles: [{ name: 'a.toml', text: AGENT }], traces: [{ name: 't.jsonl', text: trace(3) }] }, () => {}).result;
      expect(again.status).toBe('done');
      expect(made.length).toBe(2);
      client.dispose();
    });
  });

  it('does not mistake a run that sends nothing for a while, but answers pings, for a dead worker', async () => {
    const client = createSimulationClient(
      () => {
        const w = new ChannelWorker(scripted({ quietMs: 600 }));
        workers.push(w);
        return w;
      },
      { silenceMs: 50, pingMs: 100, firstChunkMs: 50 },
    );
    const result = await client.run({ ruleFiles: [], traces: [{ name: 't.jsonl', text: '' }] }, () => {}).result;
    expect(result.status).toBe('done');
    expect(workers.length).toBe(1);
    expect(workers[0]?.terminated).toBe(false);
    client.dispose();
  });
});
