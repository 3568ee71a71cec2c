/**
 * Issue 27, item 6: exit codes and silence. A scripted trace refused by its expansion budget exits
 * 2 with the message on stderr (the `error` record stays on stdout for JSONL readers); a replay
 * whose workflow decides nothing because no `next` ever comes says why and what to pass instead.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from './harness.ts';

const AGENT = 'name = "a"\ntools = ["a"]\n';
/** Eleven steps of 100,000 calls: 1,100,000 events, past the 1,000,000 budget at step 11 (line 23). */
const OVER_BUDGET = [
  'start: 2026-01-01T00:00:00Z',
  'steps:',
  ...Array.from({ length: 11 }, () => '  - call: a\n    repeat: 100000'),
].join('\n');
const HOOKS = readFileSync('test/traces/fixtures/hooks.jsonl', 'utf8');
const STATES = readFileSync('test/traces/fixtures/states.jsonl', 'utf8');
const WORKFLOW = readFileSync('examples/hegel-execution.yaml', 'utf8');

describe('simulate exit codes and silence', () => {
  it('repro: a scripted trace past its expansion budget exits 2, message on stderr, record kept on stdout', async () => {
    const r = await runCli(['simulate', 'a.toml', '--trace', 'big.yaml'], {
      'a.toml': AGENT,
      'big.yaml': OVER_BUDGET,
    });
    expect(r.code).toBe(2);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0] as string) as {
      kind: string;
      line: number;
      message: string;
    };
    expect(record).toMatchObject({ kind: 'error', line: 23 });
    expect(record.message).toContain('past the budget of 1,000,000 for a scripted trace');
    expect(r.stderr).toContain(
      'rule-studio simulate: line 23: step 11 (repeat: 100000) takes the trace to 1,100,000 events',
    );
  });

  it('a scripted trace within its budget still exits 0', async () => {
    const r = await runCli(['simulate', 'a.toml', '--trace', 'small.yaml'], {
      'a.toml': AGENT,
      'small.yaml': 'start: 2026-01-01T00:00:00Z\nsteps:\n  - call: a\n    repeat: 3\n',
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('repro: a hooks log with no states file on --evaluate-on next says why nothing was decided and what to pass', async () => {
    const r = await runCli(
      ['simulate', 'wf.yaml', '--profile', 'hegel', '--trace', 'hooks.jsonl'],
      { 'wf.yaml': WORKFLOW, 'hooks.jsonl': HOOKS },
    );
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter((l) => /"kind":"(transition|interrupt)"/.test(l))).toEqual(
      [],
    );
    expect(r.stderr).toContain(
      'the workflow decided nothing: the trace has no `workflow_start` or `next` event, so it never started',
    );
    expect(r.stderr).toContain(
      "pass hegel's states.jsonl beside the hooks log (--trace hooks.jsonl states.jsonl)",
    );
  });

  it('with the states file beside the hooks log the workflow decides, and nothing is said', async () => {
    const r = await runCli(
      ['simulate', 'wf.yaml', '--profile', 'hegel', '--trace', 'hooks.jsonl', 'states.jsonl'],
      { 'wf.yaml': WORKFLOW, 'hooks.jsonl': HOOKS, 'states.jsonl': STATES },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"kind":"transition"');
    expect(r.stderr).toBe('');
  });

  it('a workflow started but never sent a `next` points to --evaluate-on every_event', async () => {
    const trace =
      '{"type":"workflow_start","time":"2026-01-01T00:00:00Z"}\n{"type":"tool_call","tool":"Bash","args":{"command":"ls"},"time":"2026-01-01T00:00:01Z"}\n';
    const r = await runCli(['simulate', 'wf.yaml', '--trace', 't.jsonl'], {
      'wf.yaml': WORKFLOW,
      't.jsonl': trace,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      'its rules are judged on each `next` (--evaluate-on next, the default) and the trace has none. Pass --evaluate-on every_event',
    );
    const every = await runCli(
      ['simulate', 'wf.yaml', '--evaluate-on', 'every_event', '--trace', 't.jsonl'],
      { 'wf.yaml': WORKFLOW, 't.jsonl': trace },
    );
    expect(every.stderr).toBe('');
  });
});
