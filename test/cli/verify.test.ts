/**
 * `rule-studio verify`: findings as diagnostics with their traces, the exit code, JSON output,
 * the state budget, written counterexamples, and each counterexample replayed by `simulate`.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { runCli } from './harness.ts';

const STUCK = `[[agents]]
name = "stuck"
tools = ["a", "b", "x"]

[[agents.tool_rules]]
tool_name = "x"
rule_type = { type = "RequiredBeforeExit" }

[[agents.tool_rules]]
tool_name = "x"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["b"]

[[agents.tool_rules]]
tool_name = "a"
rule_type = { type = "ExclusiveGroups", value = [["a", "b"]] }

[[agents.tool_rules]]
tool_name = "*"
rule_type = { type = "MaxCalls", value = 1 }
`;

/** x is needed to exit but needs y, which must come before the start tool z: no way out. */
const NO_EXIT = `name = "no_exit"
tools = ["x", "y", "z"]

[[tool_rules]]
tool_name = "x"
rule_type = { type = "RequiredBeforeExit" }

[[tool_rules]]
tool_name = "x"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["y"]

[[tool_rules]]
tool_name = "y"
rule_type = { type = "RequiresFollowingTools" }
conditions = ["z"]

[[tool_rules]]
tool_name = "z"
rule_type = { type = "StartConstraint" }
`;

interface JsonFinding {
  code: string;
  severity: string;
  proof: string;
  range: { start: { line: number } };
  trace?: { yaml: string; step: number; steps: unknown[] };
}
interface JsonOut {
  agents: { agent: string; stats: { states: number; depth: number; exhaustive: boolean }; findings: JsonFinding[] }[];
}

describe('rule-studio verify', () => {
  it('reports a deadlock with its rule and trace, and exits 1', async () => {
    const r = await runCli(['verify', 'stuck.toml'], { 'stuck.toml': STUCK });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^stuck\.toml:\d+:\d+ error V001 Deadlock after `a`: no tool can be called/m);
    expect(r.stdout).toContain('  trace: a → a → b → x → end (step 5)');
    expect(r.stderr).toContain('stuck (stuck.toml): every reachable state explored');
    expect(r.stderr).toContain('1 error');
  });

  it('every counterexample replays through simulate to the same finding', async () => {
    for (const [name, text] of [
      ['stuck.toml', STUCK],
      ['no_exit.toml', NO_EXIT],
    ] as const) {
      const r = await runCli(['verify', name, '--json'], { [name]: text });
      const out = JSON.parse(r.stdout) as JsonOut;
      const findings = out.agents.flatMap((a) => a.findings);
      expect(findings.length).toBeGreaterThan(0);
      for (const f of findings) {
        if (!f.trace) continue;
        const sim = await runCli(['simulate', name, '--trace', 'trace.yaml'], { [name]: text, 'trace.yaml': f.trace.yaml });
        expect(sim.code).toBe(0);
        const decisions = sim.stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { event: number; kind: string; tool?: string });
        if (['V001', 'V002', 'V003'].includes(f.code)) expect(decisions.some((d) => d.kind === 'exit')).toBe(false);
        const atStep = decisions.filter((d) => d.event === f.trace!.step - 1);
        if (f.code === 'V001' || f.code === 'V002') expect(atStep.map((d) => d.kind)).toContain('exit_blocked');
        if (f.code === 'V004') expect(atStep.map((d) => d.kind)).not.toContain('allowed');
      }
    }
  });

  it('proves an unreachable exit and the tools that can never run (JSON)', async () => {
    const r = await runCli(['verify', 'no_exit.toml', '--json'], { 'no_exit.toml': NO_EXIT });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as JsonOut;
    expect(out.agents).toHaveLength(1);
    expect(out.agents[0]?.stats.exhaustive).toBe(true);
    expect(out.agents[0]?.findings.map((f) => [f.code, f.severity, f.proof])).toEqual([
      ['V002', 'error', 'exhaustive'],
      ['V004', 'warning', 'exhaustive'],
      ['V004', 'warning', 'exhaustive'],
    ]);
  });

  it('--max-states bounds the search and says so; a bounded "no exit" is not an error', async () => {
    const r = await runCli(['verify', 'no_exit.toml', '--max-states', '2'], { 'no_exit.toml': NO_EXIT });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('warning V002 No clean exit was found within every sequence of up to');
    expect(r.stdout).toContain('info V006 The search stopped at');
    expect(r.stderr).toMatch(/search stopped at \d+ states: proved for every sequence of up to \d+ moves/);
  });

  it('settings change the verdict: with the exit blocked rather than automatic, the same deadlock stands', async () => {
    const r = await runCli(['verify', 'stuck.toml', '--exit', 'block'], { 'stuck.toml': STUCK });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('V001');
  });

  it('a clean gallery example exits 0', async () => {
    const r = await runCli(['verify', 'examples/file-tool-gating.toml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('every reachable state explored');
  });

  it('refuses rule files with errors without verifying', async () => {
    const r = await runCli(['verify', 'bad.toml'], { 'bad.toml': '[[agents]]\nname = "x"\n[[agents.tool_rules]]\ntool_name = "a"\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('nothing was verified');
    expect(r.stdout).toBe('');
  });

  it('verifies the files without errors beside one with errors, and says which was not verified (review14)', async () => {
    const good = '[[agents]]\nname = "ok"\ntools = ["a", "b"]\n[[agents.tool_rules]]\ntool_name = "b"\nconditions = ["a"]\nrule_type = { type = "RequiresPrecedingTools" }\n';
    const files = { 'bad.toml': '[[agents]]\nname = "x"\n[[agents.tool_rules]]\ntool_name = "a"\n', 'good.toml': good };
    const r = await runCli(['verify', 'bad.toml', 'good.toml'], files);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('a file has errors (see `rule-studio check`) and was not verified: bad.toml');
    expect(r.stderr).toContain('ok (good.toml): every reachable state explored');
    const gh = await runCli(['verify', 'bad.toml', 'good.toml', '--format', 'github'], files);
    expect(gh.code).toBe(1);
    expect(gh.stdout).toContain('::error file=bad.toml');
  });

  it('rejects a bad --max-states as usage', async () => {
    const r = await runCli(['verify', 'stuck.toml', '--max-states', 'lots'], { 'stuck.toml': STUCK });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--max-states');
  });

  it('--traces writes each counterexample as a scripted trace', async () => {
    const written: Record<string, string> = {};
    let stdout = '';
    const code = await main(['verify', 'stuck.toml', '--traces', 'out/'], {
      readText: (p) => (p === 'stuck.toml' ? STUCK : ''),
      writeText: (p, t) => {
        written[p] = t;
      },
      out: (t) => (stdout += t + '\n'),
      err: () => {},
    });
    expect(code).toBe(1);
    expect(Object.keys(written)).toEqual(['out/stuck-V001-1.yaml']);
    expect(written['out/stuck-V001-1.yaml']).toMatch(/^# V001 deadlock/);
    expect(stdout).toContain('written to out/stuck-V001-1.yaml');
  });

  describe('workflows', () => {
    /** done only behind a restart_cycle transition (always goes to the start node); a guard on the way. */
    const STRANDED = `mode: test
start_node: spec
nodes:
  spec:
    transitions:
      - when: spec_complete
        to: plan
    rules:
      - type: repeated_command
        pattern: "cargo (build|test)"
        threshold: 2
        window: 60
  plan:
    transitions:
      - when: restart_cycle
        to: done
`;
    interface WorkflowJson {
      workflows: { workflow: string; stats: { exhaustive: boolean }; findings: JsonFinding[] }[];
    }

    it('an unreachable done is an error (exit 1); each rule gets its firing session', async () => {
      const r = await runCli(['verify', 'wf.yaml'], { 'wf.yaml': STRANDED });
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/^wf\.yaml:\d+:\d+ error V010 'done' is never reached by any session, though W004/m);
      expect(r.stdout).toContain('  trace: workflow_start → next spec_complete → next restart_cycle (step 3)');
      expect(r.stdout).toMatch(/^wf\.yaml:9:9 info V012 Rule #1 \(repeated_command\) of 'spec' fires after workflow_start → bash cargo build → bash cargo build → next spec_complete/m);
      expect(r.stderr).toContain('wf (wf.yaml): every reachable state explored');
    });

    it('a clean gallery workflow exits 0 and says nothing was left to find', async () => {
      const r = await runCli(['verify', 'examples/hegel-execution.yaml']);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('hegel-execution (examples/hegel-execution.yaml): every phase and done reached without an interrupt and every rule fired');
    });

    it('JSON lists workflows with their figures; every session replays through simulate to its finding', async () => {
      const r = await runCli(['verify', 'wf.yaml', '--json'], { 'wf.yaml': STRANDED });
      const out = JSON.parse(r.stdout) as JsonOut & WorkflowJson;
      expect(out.agents).toEqual([]);
      expect(out.workflows.map((w) => [w.workflow, w.stats.exhaustive])).toEqual([['wf', true]]);
      const findings = out.workflows[0]!.findings;
      expect(findings.map((f) => f.code)).toEqual(['V010', 'V012']);
      for (const f of findings) {
        const sim = await runCli(['simulate', 'wf.yaml', '--trace', 'trace.yaml'], { 'wf.yaml': STRANDED, 'trace.yaml': f.trace!.yaml });
        expect(sim.code).toBe(0);
        const decisions = sim.stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { event: number; kind: string; to?: string; node?: string });
        const atStep = decisions.filter((d) => d.event === f.trace!.step - 1);
        if (f.code === 'V010') expect(decisions.some((d) => d.kind === 'transition' && d.to === 'done')).toBe(false);
        if (f.code === 'V012') expect(atStep.map((d) => [d.kind, d.node])).toEqual([['interrupt', 'spec']]);
      }
    });
  });
});
