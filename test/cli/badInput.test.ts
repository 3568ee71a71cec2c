/**
 * Bad input never throws out of the CLI or hangs: each case gives diagnostics or a clear error,
 * exit code 1 or 2, and never a stack trace.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './harness.ts';

const deepArrays = (n: number) => `x = ${'['.repeat(n)}${']'.repeat(n)}\n`;

const cases: [string, string, string][] = [
  ['truncated TOML', 'a.toml', '[[agents]]\nname = "x"\n[[agents.tool_rules]]\ntool_name = "a'],
  ['truncated YAML', 'w.yaml', 'mode: m\nstart_node: a\nnodes:\n  a:\n    transitions: [\n'],
  ['truncated JSON', 'r.json', '{"agents": [{"name": "x", "tool_rules": [{"tool_name": '],
  ['binary file', 'b.toml', String.fromCharCode(...Array.from({ length: 4096 }, (_, i) => (i * 37) % 256))],
  ['50 MB file', 'big.json', '[' + '"x",'.repeat(13_000_000) + '"x"]'],
  ['10,000-deep nested arrays (TOML)', 'deep.toml', deepArrays(10_000)],
  ['10,000-deep nested arrays (JSON)', 'deep.json', `{"tool_rules": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`],
  ['10,000-deep nested arrays (YAML)', 'deep.yaml', `nodes: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`],
  [
    'a file mixing forms',
    'mixed.toml',
    '[agent]\nname = "a"\n[[agent.tool_rules]]\ntool_name = "x"\nrule_type = "Terminal"\n[[agents]]\nname = "b"\n[[agents.tool_rules]]\ntool_name = "y"\nrule_type = { MaxCalls = "three" }\n[[tool_rules]]\ntool_name = "z"\nrule_type = "Bogus"\n',
  ],
];

describe('cli check on bad input', () => {
  it.each(cases)('%s', async (_name, file, text) => {
    const r = await runCli(['check', file], { [file]: text });
    expect([1, 2]).toContain(r.code);
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at [\w.<]+ \(|internal error/);
    expect(r.stdout + r.stderr).toMatch(new RegExp(`${file.replace('.', '\\.')}`));
  }, 60_000);

  it('a catastrophic pattern (a+)+$ is just a valid pattern (linear-time engine)', async () => {
    const wf = `mode: m\nstart_node: a\nnodes:\n  a:\n    prompt: A\n    transitions:\n      - when: go\n        to: done\n    rules:\n      - type: repeated_command\n        pattern: "(a+)+$"\n        threshold: 2\n        window: 60\n`;
    const r = await runCli(['check', 'w.yaml'], { 'w.yaml': wf });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('W005');
  });

  it('a tool named <script>alert(1)</script> is reported as text, verbatim', async () => {
    const toml = `name = "x"\ntools = ["a"]\n\n[[tool_rules]]\ntool_name = "<script>alert(1)</script>"\nrule_type = { type = "ExitLoop" }\n`;
    const r = await runCli(['check', 'x.toml'], { 'x.toml': toml });
    expect(r.stdout).toContain('T013');
    expect(r.stdout).toContain('<script>alert(1)</script>');
    const conv = await runCli(['convert', 'x.toml', '--to', 'toml'], { 'x.toml': toml });
    expect(conv.code).toBe(0);
    expect(conv.stdout).toContain('tool_name = "<script>alert(1)</script>"');
  });
});
