/**
 * Verifying in the worker: the client asks, the service explores with the core verifier (agents
 * and workflows) and streams progress; a cancel stops the run loop between two slices.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createSimulationClient } from '../../src/worker/client.ts';
import type { VerifyProgress } from '../../src/worker/protocol.ts';
import { runVerification, STUDIO_MAX_STATES } from '../../src/worker/verifyRun.ts';
import { ChannelWorker } from './harness.ts';

const example = (name: string) => ({ name, text: readFileSync(`examples/${name}`, 'utf8') });

/** A clock that moves `step` ms each time it is read: every yield of the search ends a slice. */
function steppingClock(step: number): () => number {
  let t = 0;
  return () => (t += step);
}

describe('worker verify', () => {
  it('returns the V-findings with their traces and reports progress', async () => {
    const client = createSimulationClient(() => new ChannelWorker());
    const progress: VerifyProgress[] = [];
    const reply = await client.verify({ ruleFiles: [example('release-deadlock.toml')], settings: {} }, (p) => progress.push(p)).result;
    expect(reply.status).toBe('done');
    expect(reply.diagnostics.map((d) => [d.code, d.file, d.trace?.step])).toEqual([
      ['V001', 'release-deadlock.toml', 7],
      ['V003', 'release-deadlock.toml', 1],
    ]);
    // Both point at the rule that keeps the agent from exiting (release's RequiredBeforeExit, line 8),
    // not at the [[agents]] header (review13).
    expect(reply.diagnostics.map((d) => [d.range.start.line, d.target.kind === 'agent' ? d.target.rule : undefined])).toEqual([
      [8, 0],
      [8, 0],
    ]);
    expect(reply.agents).toEqual([{ agent: 'release', file: 'release-deadlock.toml', stats: expect.objectContaining({ exhaustive: true }) }]);
    await new Promise((r) => setTimeout(r, 20));
    expect(progress.at(-1)?.states).toBe(reply.agents[0]?.stats.states);
    client.dispose();
  });

  it('verifies workflows too: their V-findings and figures', async () => {
    const client = createSimulationClient(() => new ChannelWorker());
    // done only behind a restart_cycle transition, which always goes to the start node.
    const wf = 'mode: m\nstart_node: a\nnodes:\n  a:\n    transitions: [{ when: go, to: b }]\n    rules: [{ type: token_budget, max_tokens: 100 }]\n  b:\n    transitions: [{ when: restart_cycle, to: done }]\n';
    const reply = await client.verify({ ruleFiles: [{ name: 'wf.yaml', text: wf }], settings: {} }, () => {}).result;
    expect(reply.status).toBe('done');
    expect(reply.workflows).toEqual([{ workflow: 'wf', file: 'wf.yaml', stats: expect.objectContaining({ exhaustive: true }) }]);
    expect(reply.diagnostics.map((d) => [d.code, d.severity, d.trace?.step])).toEqual([
      ['V010', 'error', 3],
      ['V012', 'info', 3],
    ]);
    expect(reply.diagnostics.every((d) => d.target.kind === 'workflow')).toBe(true);
    client.dispose();
  });

  it('skips files with errors and refuses a malformed request', async () => {
    const client = createSimulationClient(() => new ChannelWorker());
    const broken = await client.verify({ ruleFiles: [{ name: 'bad.toml', text: '[[agents]]\nname = "x"\n[[agents.tool_rules]]\ntool_name = "a"\n' }], settings: {} }, () => {}).result;
    expect(broken).toEqual({ status: 'done', diagnostics: [], agents: [], workflows: [] });
    const malformed = await client.verify({ ruleFiles: 'nope' } as never, () => {}).result;
    expect(malformed.status).toBe('invalid');
    client.dispose();
  });
});

describe('cancelling a verification', () => {
  // hegel-execution under profile hegel explores tens of thousands of states: many slices.
  const request = { ruleFiles: [example('hegel-execution.yaml')], settings: { profile: 'hegel' as const } };

  it('the run loop stops at the first slice after the cancel and says how far it got', async () => {
    const progress: VerifyProgress[] = [];
    const cancelAfter = 3;
    const reply = await runVerification(
      request,
      (p) => {
        progress.push(p);
      },
      () => progress.length >= cancelAfter,
      steppingClock(60),
    );
    expect(reply.status).toBe('cancelled');
    expect(progress).toHaveLength(cancelAfter);
    expect(reply.states).toBe(progress.at(-1)?.states);
    expect(reply.states).toBeGreaterThan(0);
    expect(reply.diagnostics).toEqual([]);
    // The states explored by then grow slice by slice.
    expect(progress.map((p) => p.states)).toEqual([...progress.map((p) => p.states)].sort((a, b) => a - b));
  });

  it('a cancel nobody asked for never stops it: sliced, it runs to the end', async () => {
    const wf = 'mode: m\nstart_node: a\nnodes:\n  a:\n    transitions: [{ when: go, to: done }]\n    rules: [{ type: repeated_command, threshold: 30, window: 60 }]\n';
    const reply = await runVerification({ ruleFiles: [{ name: 'wf.yaml', text: wf }], settings: {} }, () => {}, () => false, steppingClock(60));
    expect(reply.status).toBe('done');
    expect(reply.diagnostics.map((d) => [d.code, d.trace?.steps.length])).toEqual([['V012', 32]]);
  });

  it('through the client: cancel(id) stops the worker between slices', async () => {
    const client = createSimulationClient(() => new ChannelWorker());
    let handle: ReturnType<typeof client.verify> | undefined = undefined;
    const seen: VerifyProgress[] = [];
    handle = client.verify(request, (p) => {
      seen.push(p);
      if (seen.length === 1 && handle) client.cancel(handle.id);
    });
    const reply = await handle.result;
    expect(reply.status).toBe('cancelled');
    expect(reply.states).toBeGreaterThan(0);
    // Stopped well short of the budget (the full search needs more than the studio's 50,000 states).
    expect(reply.states).toBeLessThan(STUDIO_MAX_STATES);
    client.dispose();
  });
});
