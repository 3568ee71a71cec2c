import { describe, expect, it } from 'vitest';
import { runCli } from './harness.ts';

const CYCLE = `name = "cyc"
tools = ["a", "b"]

[[tool_rules]]
tool_name = "a"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["b"]

[[tool_rules]]
tool_name = "b"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["a"]
`;

describe('cli check', () => {
  it('prints file:line:col severity code message and exits 1 on errors', async () => {
    const r = await runCli(['check', 'cyc.toml'], { 'cyc.toml': CYCLE });
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines.some((l) => /^cyc\.toml:\d+:\d+ error T001 /.test(l))).toBe(true);
    expect(r.stderr).toMatch(/\d+ errors?, \d+ warnings?, \d+ infos?/);
  });

  it('exits 0 on a clean file and prints nothing on stdout', async () => {
    const r = await runCli(['check', 'examples/etl-pipeline.toml']);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(0);
  });

  it('--json prints one JSON array of diagnostics with file, range and target', async () => {
    const r = await runCli(['check', '--json', 'cyc.toml'], { 'cyc.toml': CYCLE });
    const { version, diagnostics: list } = JSON.parse(r.stdout) as { version: number; diagnostics: { code: string; file: string; range: { start: { line: number } }; target: { kind: string } }[] };
    expect(version).toBe(1);
    expect(Array.isArray(list)).toBe(true);
    const t001 = list.find((d) => d.code === 'T001');
    expect(t001?.file).toBe('cyc.toml');
    expect(t001?.range.start.line).toBeGreaterThan(1);
    expect(t001?.target.kind).toBe('agent');
  });

  it('exits 2 for a missing file, with a clear message and no stack trace', async () => {
    const r = await runCli(['check', 'nope.toml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nope.toml: no such file');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 on bad usage', async () => {
    expect((await runCli(['check'])).code).toBe(2);
    expect((await runCli(['check', '--profile', 'nope', 'x.toml'], { 'x.toml': '' })).code).toBe(2);
    expect((await runCli(['frobnicate'])).code).toBe(2);
  });

  it('--profile hegel turns W006 for a zero threshold into a warning', async () => {
    const wf = `mode: m
start_node: a
nodes:
  a:
    prompt: A
    transitions:
      - when: go
        to: done
    rules:
      - type: repeated_command
        threshold: 0
        window: 60
`;
    const spec = await runCli(['check', '--json', 'w.yaml'], { 'w.yaml': wf });
    const hegel = await runCli(['check', '--json', '--profile', 'hegel', 'w.yaml'], { 'w.yaml': wf });
    const sev = (out: string) => (JSON.parse(out) as { diagnostics: { code: string; severity: string }[] }).diagnostics.find((d) => d.code === 'W006')?.severity;
    expect(sev(spec.stdout)).toBe('error');
    expect(spec.code).toBe(1);
    expect(sev(hegel.stdout)).toBe('warning');
    expect(hegel.code).toBe(0);
  });
});
