/**
 * `rule-studio minimise` (issue 12.3): the minimised trace on stdout (scripted YAML or canonical
 * JSONL) that `simulate` replays to the same decision, the closing note on stderr, and clear
 * usage errors when the step decides nothing or the place is given twice.
 */
import { describe, expect, it } from 'vitest';
import { readScripted } from '../../src/core/traces/scripted.ts';
import { opsAgentToml } from '../support/minimiseFixture.ts';
import { runCli } from './harness.ts';

const OPS = opsAgentToml(0).replace('"build"', '"lint", "fmt", "build"');

const line = (s: number, tool: string, args: object = {}) => JSON.stringify({ type: 'tool_call', time: new Date(Date.UTC(2025, 0, 1, 10, 0, s)).toISOString(), tool, args });
const TRACE = [
  line(0, 'lint', { n: 1 }),
  line(1, 'build'),
  line(2, 'fmt'),
  '{ not json',
  line(3, 'deploy', { v: 1 }),
  line(4, 'lint', { n: 2 }),
  line(5, 'deploy', { v: 2 }),
  line(6, 'fmt', { n: 3 }),
  line(7, 'deploy', { v: 3 }),
  line(8, 'lint'),
].join('\n');
const FILES = { 'ops.toml': OPS, 'trace.jsonl': TRACE };

describe('cli minimise', () => {
  it('prints a scripted trace that simulate replays to the same decision, and the closing note', async () => {
    const r = await runCli(['minimise', 'ops.toml', '--trace', 'trace.jsonl', '--step', '9'], FILES);
    expect(r.stderr).toMatch(/^Minimised 8 events to 4 in \d+(\.\d)? m?s \(\d+ candidates tested, \d+ events replayed\): blocked deploy MaxCallsExceeded \(rule #2\) at the last one\. 1-minimal/);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('# Minimised by rule-studio from trace.jsonl (step 9): blocked deploy MaxCallsExceeded (rule #2).');
    expect(r.stdout).toContain('# Kept events 1, 3, 5, 7 of the original');
    const events = readScripted(r.stdout, 'min.yaml');
    expect(events.map((i) => (i.kind === 'event' && i.event.type === 'tool_call' ? i.event.tool : i.kind))).toEqual(['build', 'deploy', 'deploy', 'deploy']);

    const sim = await runCli(['simulate', 'ops.toml', '--trace', 'min.yaml'], { ...FILES, 'min.yaml': r.stdout });
    const last = JSON.parse(sim.stdout.trim().split('\n').at(-1) as string) as Record<string, unknown>;
    expect(last).toMatchObject({ event: 3, kind: 'blocked', tool: 'deploy', code: 'MaxCallsExceeded', rule: 1 });
  });

  it('takes the event number simulate prints instead of the step, and writes canonical JSONL', async () => {
    const r = await runCli(['minimise', 'ops.toml', '--trace', 'trace.jsonl', '--event', '7', '--format', 'jsonl'], FILES);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l['tool'])).toEqual(['build', 'deploy', 'deploy', 'deploy']);
    expect(lines[0]).toEqual({ type: 'tool_call', time: '2025-01-01T10:00:01.000Z', tool: 'build', args: {} });
  });

  it('picks a decision by kind, and refuses a kind the step does not decide', async () => {
    const r = await runCli(['minimise', 'ops.toml', '--trace', 'trace.jsonl', '--step', '2', '--kind', 'allowed'], FILES);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Minimised 2 events to 1 .*allowed build ok end at the last one/);
    const bad = await runCli(['minimise', 'ops.toml', '--trace', 'trace.jsonl', '--step', '2', '--kind', 'blocked'], FILES);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('rule-studio minimise: step 2: it decides no blocked (it decides allowed)');
  });

  it('says what is wrong with the place asked for', async () => {
    const line4 = await runCli(['minimise', 'ops.toml', '--trace', 'trace.jsonl', '--step', '4'], FILES);
    expect(line4.code).toBe(2);
    expect(line4.stderr).toContain('step 4: it is an unusable trace line, which the rules decide nothing about');
    const past = await runCli(['minimise', 'ops.toml', '--trace', 'trace.jsonl', '--step', '99'], FILES);
    expect(past.stderr).toContain('step 99: the trace has 10 steps');
    const both = await runCli(['minimise', 'ops.toml', '--trace', 'trace.jsonl', '--step', '2', '--event', '1'], FILES);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('exactly one of --step K or --event E');
    const zero = await runCli(['minimise', 'ops.toml', '--trace', 'trace.jsonl', '--step', '0'], FILES);
    expect(zero.code).toBe(2);
  });

  it('exits 1 without replaying when the rule files cannot be read', async () => {
    const r = await runCli(['minimise', 'bad.toml', '--trace', 'trace.jsonl', '--step', '9'], { ...FILES, 'bad.toml': 'name = "x"\ntools = ["a"]\n[[tool_rules]]\ntool_name = "a"\nrule_type = { type = "Nope" }\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the rule files cannot be read');
  });
});
