/**
 * The conventions of opa, cedar, regal and eslint (issue 26): stdin, folders and globs picked by
 * content, --quiet, --max-warnings, verify's formats, test --filter, versioned JSON with 1-based
 * rule numbers, JUnit times, --update with a reporter, SARIF rule help.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readText } from '../../src/cli/io.ts';
import { helpUriOf, toSarif } from '../../src/cli/formats/sarif.ts';
import { globRegExp } from '../../src/cli/commands/ruleInputs.ts';
import { runCli, runRealCli } from './harness.ts';

const BROKEN = 'name = "a"\n\n[[tool_rules]]\ntool_name = "x"\nrule_type = { type = "Nope" }\n';
const WARNS =
  'name = "a"\n\n[[tool_rules]]\ntool_name = "x"\nrule_type = { type = "ExitLoop" }\npriority = 1\n\n[[tool_rules]]\ntool_name = "x"\nrule_type = { type = "ContinueLoop" }\n';
const CLEAN = 'name = "ok"\n\n[[tool_rules]]\ntool_name = "x"\nrule_type = { type = "ExitLoop" }\n';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rule-studio-conv-'));
  mkdirSync(join(dir, 'agents', 'deep'), { recursive: true });
  writeFileSync(join(dir, 'agents', 'broken.toml'), BROKEN);
  writeFileSync(join(dir, 'agents', 'deep', 'clean.toml'), CLEAN);
  writeFileSync(join(dir, '.pre-commit-config.yaml'), 'repos:\n  - repo: local\n    hooks: []\n');
  writeFileSync(join(dir, 'pyproject.toml'), '[project]\nname = "x"\n');
  writeFileSync(join(dir, 'agents', 'notes.yaml'), 'title: not rules\n');
  writeFileSync(join(dir, 'agents', 'README.md'), '# not read\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fsRun = (argv: string[]) => runCli(argv, {}, { listFiles: true });

describe('stdin', () => {
  it('check - reads the rule file from stdin, named <stdin>', async () => {
    const r = await runCli(['check', '-'], {}, { stdin: BROKEN });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^<stdin>:5:\d+ error F002 /m);
  });
  it('verify - reads stdin too', async () => {
    const r = await runCli(['verify', '-', '--format', 'json'], {}, { stdin: CLEAN });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { agents: { file: string }[] }).agents[0]?.file).toBe(
      '<stdin>',
    );
  });
  it("naming '-' twice is a usage error", async () => {
    const r = await runCli(['check', '-', '-'], {}, { stdin: CLEAN });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("'-' (stdin) can be named once");
  });
});

describe('folders and globs pick rule files by content', () => {
  it('check <folder> flags the broken rule file only; ordinary YAML/TOML is skipped silently', async () => {
    const r = await fsRun(['check', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('broken.toml');
    expect(r.stdout).not.toContain('F003');
    expect(r.stdout).not.toContain('pyproject');
    expect(r.stdout).not.toContain('pre-commit');
    expect(r.stderr).toContain('1 error');
  });
  it('a file named explicitly still gets F003', async () => {
    const r = await fsRun(['check', join(dir, 'pyproject.toml')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('F003 Not a rule file');
  });
  it('--skip-non-rule-files skips named non-rule files too (pre-commit names them)', async () => {
    const r = await fsRun([
      'check',
      '--skip-non-rule-files',
      join(dir, 'pyproject.toml'),
      join(dir, 'agents', 'deep', 'clean.toml'),
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
  });
  it('a glob walks from its fixed prefix: ** spans folders, * stays in one', async () => {
    const deep = await fsRun(['check', '--json', `${dir}/agents/**/*.toml`]);
    const files = (JSON.parse(deep.stdout) as { diagnostics: { file: string }[] }).diagnostics.map(
      (d) => d.file,
    );
    expect(files.some((f) => f.endsWith('broken.toml'))).toBe(true);
    const shallow = await fsRun(['check', `${dir}/agents/deep/*.toml`]);
    expect(shallow.code).toBe(0);
    expect(globRegExp('a/**/*.toml').test('a/b/c/d.toml')).toBe(true);
    expect(globRegExp('a/**/*.toml').test('a/d.toml')).toBe(true);
    expect(globRegExp('a/*.toml').test('a/b/d.toml')).toBe(false);
    expect(globRegExp('a/?.t[eo]ml').test('a/x.toml')).toBe(true);
  });
  it('a glob matching nothing is a usage error', async () => {
    const r = await fsRun(['check', `${dir}/nothing/*.toml`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no file matches');
  });
  it('verify walks a folder as check does', async () => {
    const r = await fsRun(['verify', join(dir, 'agents', 'deep')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('clean.toml');
  });
});

describe('--quiet and --max-warnings', () => {
  it('-q prints errors only, and is echoed as -q when unknown elsewhere', async () => {
    const loud = await runCli(['check', 'w.toml'], { 'w.toml': WARNS });
    expect(loud.stdout).toContain('warning T006');
    const quiet = await runCli(['check', '-q', 'w.toml'], { 'w.toml': WARNS });
    expect(quiet.stdout).toBe('');
    expect(quiet.code).toBe(0);
    const unknown = await runCli(['describe', '-q', 'w.toml'], { 'w.toml': WARNS });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown option -q');
    expect(unknown.stderr).not.toContain('--q');
  });
  it('--max-warnings N exits 1 only when warnings exceed N', async () => {
    const at = await runCli(['check', '--max-warnings', '1', 'w.toml'], { 'w.toml': WARNS });
    expect(at.code).toBe(0);
    const over = await runCli(['check', '--max-warnings', '0', 'w.toml'], { 'w.toml': WARNS });
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('too many warnings (1; --max-warnings 0)');
    const bad = await runCli(['check', '--max-warnings', 'x', 'w.toml'], { 'w.toml': WARNS });
    expect(bad.code).toBe(2);
  });
  it('--quiet still counts warnings for --max-warnings', async () => {
    const r = await runCli(['check', '-q', '--max-warnings', '0', 'w.toml'], { 'w.toml': WARNS });
    expect(r.stdout).toBe('');
    expect(r.code).toBe(1);
  });
});

describe('versioned JSON with 1-based rule numbers', () => {
  it('check --json is {version: 1, diagnostics}; target.rule matches the message\'s "rule #N"', async () => {
    const r = await runCli(['check', '--json', 'w.toml'], { 'w.toml': WARNS });
    const out = JSON.parse(r.stdout) as {
      version: number;
      diagnostics: { code: string; message: string; target: { rule?: number } }[];
    };
    expect(out.version).toBe(1);
    const t006 = out.diagnostics.find((d) => d.code === 'T006');
    expect(t006?.message).toContain('rule #1');
    expect(t006?.target.rule === undefined || t006.target.rule >= 1).toBe(true);
    for (const d of out.diagnostics)
      if (d.target.rule !== undefined) expect(d.target.rule).toBeGreaterThanOrEqual(1);
  });
  it('verify --format json is versioned and holds every finding', async () => {
    const r = await runCli(['verify', '--format', 'json', 'examples/release-deadlock.toml']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as {
      version: number;
      diagnostics: { code: string }[];
      agents: { findings: unknown[] }[];
    };
    expect(out.version).toBe(1);
    expect(out.diagnostics.map((d) => d.code)).toContain('V001');
    expect(out.agents[0]?.findings.length).toBe(out.diagnostics.length);
  });
});

describe('verify --format sarif|github', () => {
  it('a deadlock reaches CI annotations', async () => {
    const r = await runCli(['verify', '--format', 'github', 'examples/release-deadlock.toml']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^::error file=examples\/release-deadlock\.toml,line=\d+,col=\d+,.*title=rule-studio V001::Deadlock/m,
    );
  });
  it('and SARIF', async () => {
    const r = await runCli(['verify', '--format', 'sarif', 'examples/release-deadlock.toml']);
    const log = JSON.parse(r.stdout) as { runs: { results: { ruleId: string }[] }[] };
    expect(log.runs[0]?.results.map((x) => x.ruleId)).toContain('V001');
  });
});

describe('SARIF rules explain themselves', () => {
  const d = {
    code: 'T001',
    severity: 'error',
    message: 'm',
    file: 'a.toml',
    range: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } },
    target: { kind: 'file' },
  } as const;
  it('each rule has fullDescription and help naming the diagnostics reference', () => {
    const log = toSarif([d], '1.0.0') as {
      runs: {
        tool: {
          driver: {
            rules: {
              fullDescription: { text: string };
              help: { text: string };
              helpUri?: string;
            }[];
          };
        };
      }[];
    };
    const rule = log.runs[0]?.tool.driver.rules[0];
    expect(rule?.fullDescription.text).toContain('a cycle in the required order');
    expect(rule?.help.text).toContain('docs/reference/diagnostics.md#T001');
    expect(rule?.helpUri).toBeUndefined();
  });
  it('with a repository URL, helpUri points into its docs', () => {
    expect(helpUriOf('T001', 'git+https://github.com/o/rule-studio.git')).toBe(
      'https://github.com/o/rule-studio/blob/HEAD/docs/reference/diagnostics.md#T001',
    );
    expect(helpUriOf('T001', 'https://github.com/o/r')).toBe(
      'https://github.com/o/r/blob/HEAD/docs/reference/diagnostics.md#T001',
    );
  });
  it('the anchor exists in the reference', () => {
    expect(readText('docs/reference/diagnostics.md')).toContain('<a id="T001"></a>T001');
  });
});

describe('test --filter, JUnit times, --update with a reporter', () => {
  const cli = (...argv: string[]) => runRealCli(argv);
  it('--filter <substring> runs only the tests whose name holds it', async () => {
    const r = await cli('test', 'examples/', '--filter', 'rate-limited', '--reporter', 'json');
    expect(r.code).toBe(0);
    const names = (
      JSON.parse(r.stdout) as { files: { tests: { name: string }[] }[] }
    ).files.flatMap((f) => f.tests.map((t) => t.name));
    expect(names).toEqual(['post is rate-limited and cannot share a batch with delete']);
  });
  it('--filter /regex/flags', async () => {
    const r = await cli('test', 'examples/', '--filter', '/^POST IS/i', '--verbose');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 test in 1 file');
  });
  it('a filter matching nothing exits 1; a bad regex is a usage error', async () => {
    expect((await cli('test', 'examples/', '--filter', 'no such test')).code).toBe(1);
    const bad = await cli('test', 'examples/', '--filter', '/(/');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('not a valid regular expression');
  });
  it('JUnit suites carry time and timestamp', async () => {
    const r = await cli('test', 'examples/api-client.test.yaml', '--reporter', 'junit');
    expect(XMLValidator.validate(r.stdout)).toBe(true);
    expect(r.stdout).toMatch(
      /<testsuite name="examples\/api-client\.test\.yaml" [^>]* time="\d+\.\d{3}" timestamp="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d">/,
    );
  });
  it('--update with --reporter junit is refused, never answered in text', async () => {
    const r = await cli('test', 'examples/api-client.test.yaml', '--update', '--reporter', 'junit');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--reporter junit cannot go with it');
  });
});
