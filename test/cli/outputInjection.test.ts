/**
 * Output injection into CI logs (issue 29): GitHub Actions runs every stdout line that starts with
 * `::` as a workflow command, and any line holding `##[command]` (its older form); Azure Pipelines
 * runs any line holding `##vso[…]`; a TAP reader takes every line starting `ok N` as a test point.
 * Names in rule files, traces, test files and file names hold `\n::…`, CR, U+2028 and ESC here;
 * every command runs with every output format and reporter, and no line of stdout or stderr may
 * start with `::` (but the annotations `check --format github` means to print) or hold `##[` or
 * `##vso[` anywhere, nor forge a TAP point. Machine formats must still read back as the same names.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parse as parseToml } from 'smol-toml';
import { COMMANDS } from '../../src/cli/commands/index.ts';
import { jsonTermSafe, termSafe, xmlTermSafe } from '../../src/cli/escape.ts';
import { runCli } from './harness.ts';

/** The names of the issue: a warning and a set-output command after a newline, CR, U+2028, ESC. */
const WARN = 'x\n::warning file=x.toml,line=1::injected';
const SET_OUTPUT = '\n::set-output name=ok::true';
const CR = 'c\r::error::carriage';
const LS = 'l\u2028::notice::separator';
const ESC = 'e\u001b[2K\r::debug::escape';
const PS = 'p\u2029::group::para';
const NEL = 'n\u0085::endgroup::';
/** The older GitHub form and Azure Pipelines' logging commands, found anywhere in a line (any case for Azure's). */
const OLD_GH = 'o ##[warning]older form';
const VSO = 'v\n##vso[task.setvariable variable=ok]true ##VSO[task.complete result=Succeeded]';
/** A forged passing TAP point. */
const TAP = 't\nok 2 - a fake passing test';
const NAMES = [WARN, SET_OUTPUT, CR, LS, ESC, PS, NEL, TAP, OLD_GH, VSO];

/** A TOML basic string, a YAML double-quoted string and a JSON string all read `\uXXXX`. */
// eslint-disable-next-line no-control-regex
const q = (s: string) => `"${s.replace(/["\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;

const [a, b, c, d, e, f, g, h, i, j] = NAMES as [string, string, string, string, string, string, string, string, string, string];
const agentToml = `name = ${q(`agent${WARN}`)}
tools = [${NAMES.map(q).join(', ')}]

[[tool_rules]]
tool_name = ${q(a)}
rule_type = { type = "StartConstraint" }

[[tool_rules]]
tool_name = ${q(b)}
rule_type = { type = "RequiresPrecedingTools" }
conditions = [${q(c)}]

[[tool_rules]]
tool_name = ${q(d)}
rule_type = { type = "MaxCalls", value = 1 }

[[tool_rules]]
tool_name = ${q(e)}
rule_type = { type = "ExitLoop" }

[[tool_rules]]
tool_name = ${q(f)}
rule_type = { type = "RequiresFollowingTools" }
conditions = [${q(g)}]

[[tool_rules]]
tool_name = ${q(h)}
rule_type = { type = "ExclusiveGroups", value = [[${q(a)}, ${q(h)}]] }

[[tool_rules]]
tool_name = ${q(i)}
rule_type = { type = "RequiresPrecedingTools" }
conditions = [${q(j)}]
`;
/** The same agent with an error in it (an unknown tool in a condition, a bad rule type). */
const brokenToml = `${agentToml}
[[tool_rules]]
tool_name = ${q(a)}
rule_type = { type = "RequiresPrecedingTools" }
conditions = [${q(`ghost${SET_OUTPUT}`)}]

[[tool_rules]]
tool_name = ${q(b)}
rule_type = ${q(`Bogus${WARN}`)}
`;
const at = (s: number) => `2025-01-01T10:00:${String(s).padStart(2, '0')}Z`;
const trace = [a, d, d, b, c, f, h, e, i, j, `unknown${SET_OUTPUT}`, `unknown${VSO}`]
  .map((tool, i) => JSON.stringify({ type: 'tool_call', time: at(i), tool }))
  .concat([`not json ${WARN}`])
  .join('\n');
const workflow = `mode: ${q(`m${WARN}`)}
start_node: ${q(a)}
nodes:
  ${q(a)}:
    prompt: ${q(CR)}
    transitions:
      - when: ${q(LS)}
        to: ${q(b)}
  ${q(b)}:
    prompt: p
    transitions:
      - when: go
        to: ${q(`nowhere${ESC}`)}
      - when: ${q(OLD_GH)}
        to: ${q(VSO)}
`;
const testYaml = `rules: agent.toml
tests:
${NAMES.map(
  (n, i) => `  - name: ${q(n)}
    trace: t.jsonl
    expect:
      - { step: ${i + 1}, decision: ${i % 2 ? 'allowed' : 'blocked'}, tool: ${q(`seen${n}`)} }
`,
).join('')}  - name: ${q(`passes${TAP}`)}
    trace: t.jsonl
`;

/** The files, in a folder whose name injects too. */
const DIR = `dir${SET_OUTPUT}`;
const BARE = '::error file=a.toml::bare.toml';
/** A file named with a log command: any line naming the path would hold it. */
const HASH = '##[error]h.toml';
const files: Record<string, string> = {
  [`${DIR}/agent.toml`]: agentToml,
  [`${DIR}/broken.toml`]: brokenToml,
  [`${DIR}/t.jsonl`]: trace,
  [`${DIR}/w.yaml`]: workflow,
  [`${DIR}/x.test.yaml`]: testYaml,
  /** A file whose name is a command itself, no newline needed: `check` starts its lines with the path. */
  [BARE]: brokenToml,
  /** Claude Code settings and a transcript whose call names, ids and commands inject (issue 23's learn and agreement). */
  [`${DIR}/.claude/settings.json`]: JSON.stringify({ permissions: { allow: [`Bash(x${WARN})`], deny: [`mcp__s${SET_OUTPUT}__t`] } }),
  [`${DIR}/session.jsonl`]: [
    JSON.stringify({ type: 'assistant', timestamp: '2026-01-01T00:00:01Z', cwd: '/w', message: { content: [{ type: 'tool_use', id: `id${WARN}`, name: `mcp__s${SET_OUTPUT}__t`, input: {} }] } }),
    JSON.stringify({ type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: `id${WARN}`, content: 'done' }] } }),
    JSON.stringify({ type: 'assistant', timestamp: '2026-01-01T00:00:02Z', message: { content: [{ type: 'tool_use', id: `b${WARN}`, name: 'Bash', input: { command: `deploy${WARN}` } }] } }),
    JSON.stringify({ type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: `b${WARN}`, content: "The user doesn't want to proceed with this tool use.", is_error: true }] } }),
  ].join('\n'),
  [HASH]: brokenToml,
  [`${DIR}/bad.test.yaml`]: `rules: ${q(`missing${WARN}.toml`)}\ntests:\n  - name: ${q(TAP)}\n    trace: t.jsonl\n`,
};
const A = `${DIR}/agent.toml`;
const B = `${DIR}/broken.toml`;
const T = `${DIR}/t.jsonl`;
const W = `${DIR}/w.yaml`;

/** Every command with every output format and reporter. */
const SCENARIOS: Record<string, string[][]> = {
  check: [
    ['check', A, B, W],
    ['check', '--format', 'json', A, B, W],
    ['check', '--format', 'sarif', A, B, W],
    ['check', '--format', 'github', A, B, W],
    ['check', `${DIR}/missing${WARN}.toml`],
    ['check', BARE],
    ['check', '--format', 'github', BARE],
    ['check', HASH],
    ['check', '--format', 'json', HASH],
    ['check', '--format', 'sarif', HASH],
  ],
  fmt: [
    ['fmt', A],
    ['fmt', W],
    ['fmt', '--check', A, B, W],
    ['fmt', '--diff', A, W],
    ['fmt', BARE],
    ['fmt', HASH],
    ['fmt', `${DIR}/.claude/settings.json`],
  ],
  convert: [
    ['convert', A, '--to', 'toml'],
    ['convert', A, '--to', 'yaml'],
    ['convert', A, '--to', 'json'],
    ['convert', W, '--to', 'toml'],
    ['convert', W, '--to', 'yaml'],
    ['convert', W, '--to', 'json'],
    ['convert', B, '--to', 'yaml'],
  ],
  describe: [['describe', A], ['describe', B], ['describe', W], ['describe', BARE], ['describe', HASH]],
  simulate: [
    ['simulate', A, '--trace', T],
    ['simulate', B, '--trace', T],
    ['simulate', W, '--trace', T],
    ['simulate', A, '--trace', T, '--agent', WARN],
    // Claude Code settings: denials name the rule, and the agreement with the transcript goes to stderr
    ['simulate', `${DIR}/.claude/settings.json`, '--trace', `${DIR}/session.jsonl`],
  ],
  test: [
    ['test', `${DIR}/x.test.yaml`],
    ['test', `${DIR}/x.test.yaml`, '--verbose'],
    ['test', `${DIR}/x.test.yaml`, '--reporter', 'tap'],
    ['test', `${DIR}/x.test.yaml`, '--reporter', 'junit'],
    ['test', `${DIR}/x.test.yaml`, '--reporter', 'json'],
    ['test', `${DIR}/bad.test.yaml`],
    ['test', `${DIR}/bad.test.yaml`, '--reporter', 'tap'],
    ['test', `${DIR}/bad.test.yaml`, '--reporter', 'junit'],
  ],
  verify: [['verify', A], ['verify', A, '--json'], ['verify', W], ['verify', W, '--json'], ['verify', B]],
  minimise: [
    ['minimise', A, '--trace', T, '--step', '3'],
    ['minimise', A, '--trace', T, '--step', '3', '--format', 'jsonl'],
    ['minimise', A, '--trace', T, '--step', WARN],
  ],
  // only runs that end: a served studio would run until Ctrl+C
  serve: [
    ['serve', '--no-open', `${DIR}/missing${WARN}.toml`],
    ['serve', '--no-open', '--port', SET_OUTPUT, A],
  ],
  // only runs that end: following a trace waits for more of it
  follow: [
    ['follow', T, `${DIR}/missing${WARN}.toml`],
    ['follow', T, A, '--format', WARN],
  ],
  report: [
    ['report', A, '--workers', '1', '--corpus', T],
    ['report', A, '--workers', '1', '--format', 'json', '--corpus', T],
    ['report', A, '--workers', '1', '--format', 'html', '--corpus', T],
  ],
  merge: [['merge', T], ['merge', `${DIR}/missing${WARN}.json`]],
  learn: [
    ['learn', `${DIR}/session.jsonl`, '--settings', `${DIR}/.claude/settings.json`],
    ['learn', `${DIR}/session.jsonl`, T, '--format', 'json'],
  ],
  translate: [
    ['translate', `${DIR}/.claude/settings.json`, '--to', 'codex', '--sessions', `${DIR}/session.jsonl`],
    ['translate', `${DIR}/.claude/settings.json`, '--to', 'codex', '--format', 'json'],
  ],
  // only runs that end: the server itself waits for a client (test/cli/lsp)
  lsp: [['lsp', `${DIR}/x${WARN}.toml`], ['lsp', `--${WARN}`]],
  '(none)': [[WARN], [`chekc${SET_OUTPUT}`, '--help']],
};

/** Lines as a CI log, a terminal or a YAML 1.1 reader splits them. */
// eslint-disable-next-line no-control-regex
const lines = (text: string) => text.split(/\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/);
const GITHUB_ANNOTATION = /^::(error|warning|notice) file=[^\n:,]*,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=rule-studio [A-Z0-9-]+::[^\n]*$/;

describe('no name injects a CI workflow command or a TAP point', () => {
  for (const [command, runs] of Object.entries(SCENARIOS))
    it.each(runs.map((argv) => [termSafe(argv.join(' ')).slice(0, 90), argv] as const))(`${command}: %s`, async (_label, argv) => {
      const r = await runCli(argv, files);
      expect(r.stdout.length + r.stderr.length).toBeGreaterThan(0);
      const meant = argv[0] === 'check' && argv.includes('github');
      for (const [stream, text] of [['stdout', r.stdout], ['stderr', r.stderr]] as const)
        for (const line of lines(text)) {
          if (meant && stream === 'stdout' && line.startsWith('::')) {
            expect(line).toMatch(GITHUB_ANNOTATION);
            continue;
          }
          expect(line.trimStart().startsWith('::'), `${stream} line ${JSON.stringify(line)}`).toBe(false);
          // The older forms run from anywhere in a line (a meant annotation, above, is a `::` command: the runner does not parse its data again).
          expect(/##(vso)?\[/i.test(line), `${stream} line ${JSON.stringify(line)}`).toBe(false);
          // A TAP point is only meant by the TAP reporter (a YAML file may hold any line in a block scalar).
          if (argv[0] === 'test') expect(/^\s*(not )?ok \d/.test(line) && !argv.includes('tap'), `${stream} line ${JSON.stringify(line)}`).toBe(false);
        }
    });

  it('`##[` and `##vso[` (any case, any number of `#`) are escaped in text, JSON and XML, and JSON reads back the same', () => {
    const hostile = ['##[warning]w', 'a ##vso[task.complete]', '##VSO[x]', '###[error]e', '####vso[y]', '#[group]'];
    for (const h of hostile) {
      const text = termSafe(h);
      const json = jsonTermSafe(JSON.stringify(h));
      const xml = xmlTermSafe(`<a n="${h}"/>`);
      for (const out of [text, json, xml]) expect(out, out).not.toMatch(/##(vso)?\[/i);
      expect(JSON.parse(json)).toBe(h);
    }
    // A lone `#[` starts a value placed after a `#`: escaped in text, left alone in JSON (a string starts with `"`).
    expect(termSafe('#[group]')).toBe('\\u0023[group]');
    expect(termSafe('plain # text [x]')).toBe('plain # text [x]');
  });

  it('every registered command has a scenario here', () => {
    expect(COMMANDS.map((x) => x.name).filter((n) => !(n in SCENARIOS))).toEqual([]);
  });

  it('the TAP report has one point per test, none forged by a name', async () => {
    const r = await runCli(['test', `${DIR}/x.test.yaml`, '--reporter', 'tap'], files);
    const points = lines(r.stdout).filter((l) => /^(not )?ok \d/.test(l));
    expect(points.map((p) => /^(?:not )?ok (\d+)/.exec(p)?.[1])).toEqual(NAMES.concat('').map((_, i) => String(i + 1)));
    expect(lines(r.stdout)).toContain(`1..${NAMES.length + 1}`);
  });

  it('JUnit names and messages read back as the same names (CR and LF as references)', async () => {
    const r = await runCli(['test', `${DIR}/x.test.yaml`, '--reporter', 'junit'], files);
    expect(XMLValidator.validate(r.stdout)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', processEntities: true, htmlEntities: true }).parse(r.stdout) as {
      testsuites: { testsuite: { testcase: { name: string }[] } };
    };
    const names = doc.testsuites.testsuite.testcase.map((t) => t.name);
    // ESC and other characters XML 1.0 forbids cannot be written; the rest reads back as written.
    // eslint-disable-next-line no-control-regex
    expect(names.slice(0, NAMES.length)).toEqual(NAMES.map((n) => n.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')));
    expect(r.stdout).not.toMatch(/name="[^"]*[\r\n]/);
  });

  it('convert writes U+2028, U+2029 and controls escaped, and its output reads back as the same names', async () => {
    for (const to of ['toml', 'yaml', 'json'] as const) {
      const r = await runCli(['convert', A, '--to', to], files);
      expect(r.code, r.stderr).toBe(0);
      // eslint-disable-next-line no-control-regex
      expect(r.stdout).not.toMatch(/[\r\u0085\u2028\u2029\u001b]/);
      const data = (to === 'toml' ? parseToml(r.stdout) : to === 'yaml' ? parseYaml(r.stdout) : JSON.parse(r.stdout)) as Record<string, unknown>;
      expect(JSON.stringify(data)).toContain(JSON.stringify(LS).slice(1, -1));
      const back = await runCli(['convert', `back.${to}`, '--to', 'json'], { [`back.${to}`]: r.stdout });
      expect(back.code, back.stderr).toBe(0);
      const again = await runCli(['convert', A, '--to', 'json'], files);
      expect(JSON.parse(back.stdout)).toEqual(JSON.parse(again.stdout));
    }
  });
});
