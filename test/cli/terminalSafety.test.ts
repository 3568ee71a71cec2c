/**
 * No control character from an input reaches the terminal raw, whatever the command: file names,
 * tool and agent names, messages, echoed arguments and option values carry ESC sequences (colour,
 * OSC window title), C1 CSI (U+009B), DEL and a bidi override (U+202E), and every byte the CLI
 * writes to stdout or stderr is checked. A newly registered command without a scenario here fails
 * the last test, so the check grows with the CLI.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.ts';
import { jsonTermSafe, termSafe } from '../../src/cli/escape.ts';
import { runCli } from './harness.ts';

/** What may not be written raw: C0 but newline and tab, DEL, C1, bidi controls, line/paragraph separators. */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/u;

const HOSTILE = '\u001b[31mred\u001b]0;pwned\u0007\u009b2J\u007f\u202eevil';
/** The same as TOML basic-string escapes. */
// eslint-disable-next-line no-control-regex
const H = HOSTILE.replace(/[\u0000-\u001f\u007f-\u009f\u202e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const agentToml = `name = "${H}agent"
tools = ["${H}tool", "b"]

[[tool_rules]]
tool_name = "${H}tool"
rule_type = { type = "StartConstraint" }

[[tool_rules]]
tool_name = "b"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["${H}ghost"]

[[tool_rules]]
tool_name = "b"
rule_type = "${H}Bogus"
`;
const cleanAgent = `name = "${H}agent"\ntools = ["${H}tool", "b"]\n\n[[tool_rules]]\ntool_name = "${H}tool"\nrule_type = { type = "StartConstraint" }\n\n[[tool_rules]]\ntool_name = "b"\nrule_type = { type = "MaxCalls", value = 1 }\n`;
const trace = [
  `{"type":"tool_call","time":"2025-01-01T10:00:00Z","tool":${JSON.stringify(`${HOSTILE}x`)}}`,
  `{"type":"tool_call","time":"2025-01-01T10:00:01Z","tool":"b"}`,
  `{"type":"tool_call","time":"2025-01-01T10:00:02Z","tool":"b"}`,
  `not json ${HOSTILE}`,
].join('\n');
const dir = `${HOSTILE}dir`;
/** What YAML allows raw of the hostile characters: bidi controls (it refuses C0 but tab, and C1). */
const YAML_RAW = 'red\u202eevil\u2066x';
const files: Record<string, string> = {
  [`${dir}/a.toml`]: agentToml,
  [`${dir}/clean.toml`]: cleanAgent,
  [`${dir}/t.jsonl`]: trace,
  [`${dir}/w.yaml`]: `mode: m\nstart_node: "${H}a"\nnodes:\n  "${H}a":\n    prompt: "${H}"\n    transitions:\n      - when: go\n        to: "${H}nowhere"\n`,
  /** Raw bidi characters in a YAML comment and string: fmt prints them escaped. */
  [`${dir}/raw.yaml`]: `# ${YAML_RAW}\nmode:   m\nstart_node: a\nnodes:\n  a:\n    prompt: '${YAML_RAW}'\n    transitions: []\n`,
  [`${dir}/x.test.yaml`]: `rules: clean.toml\ntests:\n  - name: "${H}test"\n    trace: t.jsonl\n    expect:\n      - { step: 1, decision: allowed, tool: "${H}nope" }\n`,
};

/** Command lines per command; each is run and its whole output checked. */
const SCENARIOS: Record<string, string[][]> = {
  check: [
    ['check', `${dir}/a.toml`, `${dir}/w.yaml`],
    ['check', '--format', 'github', `${dir}/a.toml`, `${dir}/w.yaml`],
    ['check', '--format', 'json', `${dir}/a.toml`],
    ['check', '--format', 'sarif', `${dir}/a.toml`],
    ['check', `${dir}/missing${HOSTILE}.toml`],
    ['check', `--${HOSTILE}`, `${dir}/a.toml`],
    ['check', '--profile', HOSTILE, `${dir}/a.toml`],
  ],
  convert: [
    ['convert', `${dir}/clean.toml`, '--to', 'toml'],
    ['convert', `${dir}/clean.toml`, '--to', 'yaml'],
    ['convert', `${dir}/clean.toml`, '--to', 'json'],
    ['convert', `${dir}/a.toml`, '--to', 'toml'],
    ['convert', `${dir}/clean.toml`, '--to', HOSTILE],
  ],
  describe: [['describe', `${dir}/clean.toml`], ['describe', `${dir}/a.toml`], ['describe', `${dir}/w.yaml`]],
  simulate: [
    ['simulate', `${dir}/clean.toml`, '--trace', `${dir}/t.jsonl`],
    ['simulate', `${dir}/a.toml`, '--trace', `${dir}/t.jsonl`],
    ['simulate', `${dir}/clean.toml`, '--trace', `${dir}/t.jsonl`, '--agent', HOSTILE],
    ['simulate', `${dir}/clean.toml`, '--trace', `${dir}/t.jsonl`, '--timeout', HOSTILE],
  ],
  test: [
    ['test', `${dir}/x.test.yaml`],
    ['test', `${dir}/x.test.yaml`, '--reporter', 'junit'],
    ['test', `${dir}/x.test.yaml`, '--reporter', 'tap'],
    ['test', `${dir}/x.test.yaml`, '--reporter', 'json'],
  ],
  verify: [
    ['verify', `${dir}/clean.toml`],
    ['verify', `${dir}/clean.toml`, '--json'],
    ['verify', `${dir}/a.toml`],
    ['verify', `${dir}/clean.toml`, '--max-states', HOSTILE],
  ],
  minimise: [
    ['minimise', `${dir}/clean.toml`, '--trace', `${dir}/t.jsonl`, '--step', '3'],
    ['minimise', `${dir}/clean.toml`, '--trace', `${dir}/t.jsonl`, '--step', '1'],
    ['minimise', `${dir}/clean.toml`, '--trace', `${dir}/t.jsonl`, '--step', HOSTILE],
  ],
  // only runs that end: a served studio would run until Ctrl+C
  serve: [
    ['serve', '--no-open', `${dir}/missing${HOSTILE}.toml`],
    ['serve', '--no-open', '--port', HOSTILE, `${dir}/clean.toml`],
  ],
  fmt: [
    ['fmt', `${dir}/clean.toml`],
    ['fmt', '--check', `${dir}/clean.toml`, `${dir}/w.yaml`],
    ['fmt', '--diff', `${dir}/clean.toml`, `${dir}/w.yaml`],
    ['fmt', `${dir}/raw.yaml`],
    ['fmt', '--diff', `${dir}/raw.yaml`],
    ['fmt', '--check', `${dir}/a.toml`, `${dir}/missing${HOSTILE}.toml`],
  ],
  follow: [
    ['follow', `${dir}/t.jsonl`, `${dir}/missing${HOSTILE}.toml`],
    ['follow', `${dir}/t.jsonl`, `${dir}/clean.toml`, '--format', HOSTILE],
  ],
  report: [
    ['report', `${dir}/clean.toml`, '--workers', '1', '--corpus', `${dir}/t.jsonl`],
    ['report', `${dir}/clean.toml`, '--workers', '1', '--format', 'json', '--corpus', `${dir}/t.jsonl`],
    ['report', `${dir}/missing${HOSTILE}.toml`, '--corpus', `${dir}/t.jsonl`],
  ],
  merge: [['merge', `${dir}/t.jsonl`], ['merge', `${dir}/missing${HOSTILE}.json`]],
  learn: [
    ['learn', `${dir}/t.jsonl`],
    ['learn', `${dir}/t.jsonl`, '--format', 'json'],
    ['learn', `${dir}/t.jsonl`, '--settings', `${dir}/missing${HOSTILE}.json`],
  ],
  translate: [
    ['translate', `${dir}/missing${HOSTILE}.json`, '--to', 'codex'],
    ['translate', `${dir}/x${HOSTILE}.rules`, '--to', 'claude'],
  ],
  // only runs that end: the server itself waits for a client (test/cli/lsp)
  lsp: [['lsp', `${dir}/x${HOSTILE}.toml`], ['lsp', `--${HOSTILE}`]],
  '(none)': [[HOSTILE], [`${HOSTILE}chekc`, '--help']],
};

describe('no control character from input reaches the terminal raw', () => {
  for (const [command, runs] of Object.entries(SCENARIOS))
    it.each(runs.map((argv) => [termSafe(argv.join(' ')).slice(0, 80), argv] as const))(`${command}: %s`, async (_label, argv) => {
      const r = await runCli(argv, files);
      const output = r.stdout + r.stderr;
      expect(output.length).toBeGreaterThan(0);
      const at = output.search(RAW_CONTROL);
      expect(at, `raw control at ${at}: ${JSON.stringify(output.slice(Math.max(0, at - 40), at + 40))}`).toBe(-1);
    });

  it('fmt prints a YAML file that holds raw bidi characters escaped, and says so', async () => {
    const r = await runCli(['fmt', `${dir}/raw.yaml`], files);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('red\\u202eevil\\u2066x');
    expect(r.stderr).toContain('fmt --write keeps them as written');
  });

  it('the escapes are visible and reversible where the output is data', async () => {
    const r = await runCli(['check', `${dir}/a.toml`], files);
    expect(r.stdout).toContain('\\e[31mred\\e]0;pwned\\u0007\\u009b2J\\u007f\\u202eevil');
    const json = await runCli(['check', '--json', `${dir}/a.toml`], files);
    const parsed = (JSON.parse(json.stdout) as { diagnostics: { file: string; message: string }[] }).diagnostics;
    expect(parsed[0]?.file).toBe(`${dir}/a.toml`);
    expect(parsed.some((d) => d.message.includes(HOSTILE))).toBe(true);
    const yaml = await runCli(['convert', `${dir}/clean.toml`, '--to', 'yaml'], files);
    const back = await runCli(['convert', 'back.yaml', '--to', 'json'], { 'back.yaml': yaml.stdout });
    expect(back.code).toBe(0);
    expect((JSON.parse(back.stdout) as { agents: { name: string }[] }).agents[0]?.name).toBe(`${HOSTILE}agent`);
  });

  it('termSafe and jsonTermSafe escape exactly the unsafe characters', () => {
    expect(termSafe('plain ünïcödé ✓ 日本')).toBe('plain ünïcödé ✓ 日本');
    expect(termSafe('a\nb\tc\rd\u001be\u0085f\u200fg\u2066h\ud800i')).toBe('a\\nb\\tc\\rd\\ee\\u0085f\\u200fg\\u2066h\\ud800i');
    expect(termSafe('😀')).toBe('😀');
    const data = { s: HOSTILE };
    expect(JSON.parse(jsonTermSafe(JSON.stringify(data)))).toEqual(data);
    expect(jsonTermSafe(JSON.stringify(data))).not.toMatch(RAW_CONTROL);
  });

  it('every registered command has a scenario here', () => {
    expect(COMMANDS.map((c) => c.name).filter((n) => !(n in SCENARIOS))).toEqual([]);
  });
});
