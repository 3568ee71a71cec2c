/**
 * Issue 27, item 1: the simulator replays rule sets with error diagnostics, as the runtimes run
 * them (Pattern runs a rule set with a cycle or `MaxCalls(0)`; Letta's v2/v3 loops pass
 * `error_on_empty=False` and offer every tool). Only what cannot be read stops a replay.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { prepareSimulation } from '../../src/core/simulate.ts';
import { createSimulationService } from '../../src/worker/simulationService.ts';
import { runCli } from '../cli/harness.ts';

const AD = `name = "a"
tools = ["a", "d"]

[[tool_rules]]
tool_name = "d"
rule_type = { type = "MaxCalls", value = 0 }
`;
const TRACE_AD = [
  '{"type":"tool_call","tool":"a","time":"2026-01-01T00:00:00Z"}',
  '{"type":"tool_call","tool":"d","time":"2026-01-01T00:00:01Z"}',
].join('\n');

/** `a` and `b` in a cycle (T001), `c` free: the fixture the Playwright test opens too. */
const CYCLE = readFileSync('e2e/fixtures/cycle-loop.toml', 'utf8');
const TRACE_CYCLE = [
  '{"type":"tool_call","tool":"a","time":"2026-01-01T00:00:00Z"}',
  '{"type":"tool_call","tool":"c","time":"2026-01-01T00:00:01Z"}',
].join('\n');

/** A Letta agent whose step after `a` is empty: a's only child `b` may be called only straight after `c` (L004). */
const LETTA_EMPTY = JSON.stringify({
  agents: [
    {
      name: 'empty-step',
      tool_ids: ['t-a', 't-b', 't-c'],
      tool_rules: [
        { tool_name: 'a', type: 'constrain_child_tools', children: ['b'] },
        { tool_name: 'c', type: 'parent_last_tool', children: ['b'] },
      ],
    },
  ],
  tools: [
    { id: 't-a', name: 'a' },
    { id: 't-b', name: 'b' },
    { id: 't-c', name: 'c' },
  ],
});
const TRACE_LETTA = [
  '{"type":"tool_call","tool":"a","time":"2026-01-01T00:00:00Z"}',
  '{"type":"tool_call","tool":"c","time":"2026-01-01T00:00:01Z"}',
].join('\n');

const kinds = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { kind: string; tool?: string; code?: string })
    .map((d) => [d.kind, d.tool, d.code].filter(Boolean).join(' '));

describe('simulate replays rule sets with error diagnostics', () => {
  it('repro: d MaxCalls 0, trace a then d → allowed, then blocked MaxCallsExceeded (as Pattern), T003 beside the run', async () => {
    for (const profile of ['spec', 'pattern']) {
      const r = await runCli(['simulate', 'ad.toml', '--profile', profile, '--trace', 't.jsonl'], {
        'ad.toml': AD,
        't.jsonl': TRACE_AD,
      });
      expect(r.code).toBe(0);
      expect(kinds(r.stdout)).toEqual(['allowed a', 'blocked d MaxCallsExceeded']);
      expect(r.stderr).toMatch(/^ad\.toml:\d+:\d+ error T003 `d` can never be called/m);
      expect(r.stderr).toContain('replayed as they read');
    }
  });

  it('a cycle (T001) replays: its tools are blocked, the others run', async () => {
    const r = await runCli(['simulate', 'loop.toml', '--trace', 't.jsonl'], {
      'loop.toml': CYCLE,
      't.jsonl': TRACE_CYCLE,
    });
    expect(r.code).toBe(0);
    expect(kinds(r.stdout)).toEqual(['blocked a PrerequisitesNotMet', 'allowed c']);
    expect(r.stderr).toMatch(/error T001 /);
  });

  it('a file that cannot be read is still refused with exit 1', async () => {
    const bad =
      'name = "x"\ntools = ["a"]\n[[tool_rules]]\ntool_name = "a"\nrule_type = { type = "Nope" }\n';
    const r = await runCli(['simulate', 'bad.toml', '--trace', 't.jsonl'], {
      'bad.toml': bad,
      't.jsonl': TRACE_AD,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/error F002 /);
    expect(r.stderr).toContain('the rule files cannot be read, so the traces were not replayed');
  });

  it('L004 is a warning saying what each Letta loop does, and an error only with --error-on-empty true', () => {
    const file = loadRuleFile('empty.af', LETTA_EMPTY);
    const byDefault = prepareSimulation([file], { profile: 'letta' });
    const l004 = byDefault.diagnostics.find((d) => d.code === 'L004');
    expect(l004?.severity).toBe('warning');
    expect(l004?.message).toContain(
      "Letta's agent loops (v2 and v3, error_on_empty=False) then offer every tool of the agent",
    );
    expect(l004?.message).not.toMatch(/Letta stops/);
    expect(byDefault.runnable).toBe(true);
    const strict = prepareSimulation([file], { profile: 'letta', errorOnEmpty: true });
    expect(strict.diagnostics.find((d) => d.code === 'L004')?.severity).toBe('error');
    expect(strict.runnable).toBe(true);
  });

  it('a Letta agent with an empty step replays: every tool offered by default, the call refused with --error-on-empty true', async () => {
    const files = { 'empty.af': LETTA_EMPTY, 't.jsonl': TRACE_LETTA };
    const loose = await runCli(
      ['simulate', 'empty.af', '--profile', 'letta', '--trace', 't.jsonl'],
      files,
    );
    expect(loose.code).toBe(0);
    expect(kinds(loose.stdout)).toEqual(['allowed a', 'allowed c']);
    expect(loose.stderr).toBe('');
    const strict = await runCli(
      [
        'simulate',
        'empty.af',
        '--profile',
        'letta',
        '--error-on-empty',
        'true',
        '--trace',
        't.jsonl',
      ],
      files,
    );
    expect(strict.code).toBe(0);
    expect(kinds(strict.stdout)[0]).toBe('allowed a');
    expect(kinds(strict.stdout)[1]).toMatch(/^blocked c/);
    expect(strict.stderr).toMatch(/error L004 /);
  });

  it('the studio worker replays a cycle and returns its errors with the run', async () => {
    const service = createSimulationService();
    const result = await service.run(
      'r1',
      {
        ruleFiles: [{ name: 'loop.toml', text: CYCLE }],
        traces: [{ name: 't.jsonl', text: TRACE_CYCLE }],
        settings: {},
        chunkSize: 100,
      },
      () => {},
    );
    expect(result.status).toBe('done');
    expect(result.decisions).toBe(2);
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toContain(
      'T001',
    );
  });
});
