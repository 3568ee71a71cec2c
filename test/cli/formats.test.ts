/**
 * `check --format sarif|github|json|text`. The SARIF log is validated against the SARIF 2.1.0 JSON
 * Schema as shipped by the npm package @microsoft/jest-sarif (its `sarif-2.1.0-rtm.5.json`, the
 * schema of the 2.1.0 release that code-scanning services accept), with ajv's draft-04 class.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { pathToUri } from '../../src/cli/formats/sarif.ts';
import { CODE_TITLES } from '../../src/cli/formats/codes.ts';
import { runCli } from './harness.ts';

const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as object;
// unicodeRegExp off: the schema's `language` pattern is not valid in JavaScript's unicode mode.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validateSarif = ajv.compile(schema);

/** An agent with an error (T013 is a warning; the cycle gives T001 errors), an info and a workflow warning. */
const AGENT = `name = "a"
tools = ["x", "y"]

[[tool_rules]]
tool_name = "x"
rule_type = "RequiresPrecedingTools"
conditions = ["y"]

[[tool_rules]]
tool_name = "y"
rule_type = "RequiresPrecedingTools"
conditions = ["x"]

[[tool_rules]]
tool_name = "ghost"
rule_type = "ExitLoop"
`;
const WORKFLOW = `mode: m\nstart_node: a\nnodes:\n  a:\n    prompt: A\n    transitions:\n      - when: go\n        to: done\n  lost:\n    prompt: L\n    transitions:\n      - when: go\n        to: done\n`;
const files = { 'rules/agent one.toml': AGENT, 'rules/flow.yaml': WORKFLOW };
const argv = ['rules/agent one.toml', 'rules/flow.yaml'];

describe('check --format sarif', () => {
  it('gives a SARIF 2.1.0 log that validates against the schema, one result per diagnostic', async () => {
    const json = await runCli(['check', '--format', 'json', ...argv], files);
    const { diagnostics } = JSON.parse(json.stdout) as { diagnostics: { code: string; severity: string; message: string; range: { start: { line: number } } }[] };
    expect(diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['T001', 'T013', 'W003']));

    const r = await runCli(['check', '--format', 'sarif', ...argv], files);
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout) as {
      version: string;
      runs: { tool: { driver: { name: string; rules: { id: string }[] } }; results: Record<string, unknown>[] }[];
    };
    const valid = validateSarif(log);
    expect(validateSarif.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(log.version).toBe('2.1.0');
    const [run] = log.runs;
    expect(run?.tool.driver.name).toBe('rule-studio');
    expect(run?.results).toHaveLength(diagnostics.length);
    expect(run?.tool.driver.rules.map((x) => x.id)).toEqual([...new Set(diagnostics.map((d) => d.code))].sort());
    const t001 = run?.results.find((x) => x.ruleId === 'T001') as {
      level: string;
      ruleIndex: number;
      locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
    };
    expect(t001.level).toBe('error');
    expect(run?.tool.driver.rules[t001.ruleIndex]?.id).toBe('T001');
    expect(t001.locations[0]?.physicalLocation.artifactLocation.uri).toBe('rules/agent%20one.toml');
    expect(run?.results.find((x) => x.ruleId === 'W003')).toMatchObject({ level: 'warning' });
  });

  it('a clean file gives a valid log with no results and exit 0', async () => {
    const r = await runCli(['check', '--format', 'sarif', 'ok.yaml'], { 'ok.yaml': 'mode: m\nstart_node: a\nnodes:\n  a:\n    prompt: A\n    transitions:\n      - when: go\n        to: done\n' });
    expect(r.code).toBe(0);
    const log = JSON.parse(r.stdout) as { runs: { results: unknown[] }[] };
    expect(validateSarif(log)).toBe(true);
    expect(log.runs[0]?.results).toEqual([]);
  });

  it('infos are SARIF notes', async () => {
    const r = await runCli(['check', '--format', 'sarif', 'd.toml'], { 'd.toml': 'name = "a"\n\n[[tool_rules]]\ntool_name = "x"\nrule_type = "ExitLoop"\npriority = 1\n\n[[tool_rules]]\ntool_name = "x"\nrule_type = { type = "MaxCalls", value = 2 }\n' });
    const log = JSON.parse(r.stdout) as { runs: { results: { level: string; ruleId: string }[] }[] };
    expect(validateSarif(log)).toBe(true);
    for (const res of log.runs[0]?.results ?? []) if (res.ruleId.startsWith('F01')) expect(res.level).toBe('note');
  });

  it('paths become URI references code scanning resolves', () => {
    expect(pathToUri('./rules/a b.toml')).toBe('rules/a%20b.toml');
    expect(pathToUri('rules\\win.toml')).toBe('rules/win.toml');
    expect(pathToUri('/abs/x#1.toml')).toBe('file:///abs/x%231.toml');
    expect(pathToUri('C:\\work\\a.toml')).toBe('file:///C:/work/a.toml');
  });
});

describe('check --format github', () => {
  it('prints one workflow command per diagnostic, in the ::error file=…,line=…,col=…:: shape', async () => {
    const json = (JSON.parse((await runCli(['check', '--json', ...argv], files)).stdout) as { diagnostics: { code: string; severity: string; range: { start: { line: number; column: number } } }[] }).diagnostics;
    const r = await runCli(['check', '--format', 'github', ...argv], files);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(json.length);
    lines.forEach((line, i) => {
      const d = json[i] as (typeof json)[number];
      const kind = { error: 'error', warning: 'warning', info: 'notice' }[d.severity];
      expect(line).toMatch(new RegExp(`^::${kind} file=rules/(agent one\\.toml|flow\\.yaml),line=${d.range.start.line},col=${d.range.start.column},endLine=\\d+,endColumn=\\d+,title=rule-studio ${d.code}::\\S`));
    });
    expect(r.stderr).toMatch(/\d+ errors?, \d+ warnings?, \d+ infos?/);
  });

  it('escapes what would end the command: newlines, %, and , : in properties', async () => {
    const r = await runCli(['check', '--format', 'github', 'a,b:c%.toml'], { 'a,b:c%.toml': '[[tool_rules]\n' });
    expect(r.stdout).toMatch(/^::error file=a%2Cb%3Ac%25\.toml,line=1,col=\d+,/);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('check --format text and json', () => {
  it('--json and --format json print the same array; --json with another format is refused', async () => {
    const a = await runCli(['check', '--json', ...argv], files);
    const b = await runCli(['check', '--format=json', ...argv], files);
    expect(a.stdout).toBe(b.stdout);
    const clash = await runCli(['check', '--json', '--format', 'sarif', ...argv], files);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain('--json and --format sarif ask for two different formats');
  });

  it('text is file:line:col severity code message', async () => {
    const r = await runCli(['check', ...argv], files);
    expect(r.stdout.split('\n')[0]).toMatch(/^rules\/agent one\.toml:\d+:\d+ (error|warning|info) [FTW]\d{3} \S/);
  });
});

/** Issue 23: `check` on Claude Code settings in the SARIF and GitHub formats (the gallery's example). */
describe('check --format sarif|github on Claude Code settings', () => {
  const files = { '.claude/settings.json': readFileSync('examples/claude-code-settings.json', 'utf8') };

  it('writes a valid SARIF log whose rules describe every C0xx code it reports', async () => {
    const r = await runCli(['check', '--format', 'sarif', '.claude/settings.json'], files);
    const log = JSON.parse(r.stdout) as { runs: { tool: { driver: { rules: { id: string; shortDescription: { text: string } }[] } }; results: { ruleId: string; locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[] };
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    const run = log.runs[0]!;
    expect(run.results.map((x) => `${x.ruleId}@${x.locations[0]!.physicalLocation.region.startLine}`)).toEqual(['C021@10', 'C030@11', 'C030@12', 'C030@13', 'C011@14', 'C022@26', 'C022@27', 'C012@28', 'C012@29']);
    for (const rule of run.tool.driver.rules) expect(rule.shortDescription.text).not.toMatch(/^rule-studio diagnostic/);
  });

  it('every C0xx code of the diagnostics reference has a SARIF title', () => {
    const doc = readFileSync('docs/reference/diagnostics.md', 'utf8');
    const codes = [...doc.matchAll(/id="(C0\d\d)"/g)].map((m) => m[1]!);
    expect(codes.length).toBeGreaterThan(10);
    for (const c of codes) expect(CODE_TITLES[c], c).toBeTruthy();
  });

  it('writes one GitHub annotation per diagnostic, at the rule string', async () => {
    const r = await runCli(['check', '--format', 'github', '.claude/settings.json'], files);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(9);
    expect(lines[0]).toMatch(/^::warning file=\.claude\/settings\.json,line=10,col=7,endLine=10,endColumn=40,title=rule-studio C021::/);
  });
});
