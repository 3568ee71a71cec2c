/** Verifying in the worker: the client asks, the service explores with the core verifier and streams progress. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createSimulationClient } from '../../src/worker/client.ts';
import type { VerifyProgress } from '../../src/worker/protocol.ts';
import { ChannelWorker } from './harness.ts';

describe('worker verify', () => {
  it('returns the V-findings with their traces and reports progress', async () => {
    const client = createSimulationClient(() => new ChannelWorker());
    const progress: VerifyProgress[] = [];
    const reply = await client.verify(
      { ruleFiles: [{ name: 'release-deadlock.toml', text: readFileSync('examples/release-deadlock.toml', 'utf8') }], settings: {} },
      (p) => progress.push(p),
    );
    expect(reply.status).toBe('done');
    expect(reply.diagnostics.map((d) => [d.code, d.file, d.trace?.step])).toEqual([
      ['V001', 'release-deadlock.toml', 7],
      ['V003', 'release-deadlock.toml', 1],
    ]);
    expect(reply.agents).toEqual([{ agent: 'release', file: 'release-deadlock.toml', stats: expect.objectContaining({ exhaustive: true }) }]);
    await new Promise((r) => setTimeout(r, 20));
    expect(progress.at(-1)?.states).toBe(reply.agents[0]?.stats.states);
    client.dispose();
  });

  it('skips files with errors and refuses a malformed request', async () => {
    const client = createSimulationClient(() => new ChannelWorker());
    const broken = await client.verify({ ruleFiles: [{ name: 'bad.toml', text: '[[agents]]\nname = "x"\n[[agents.tool_rules]]\ntool_name = "a"\n' }], settings: {} }, () => {});
    expect(broken).toEqual({ status: 'done', diagnostics: [], agents: [] });
    const malformed = await client.verify({ ruleFiles: 'nope' } as never, () => {});
    expect(malformed.status).toBe('invalid');
    client.dispose();
  });
});
