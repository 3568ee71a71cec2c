/** `rule-studio test` and `learn` for Codex rules and Gemini CLI policies (issue 24). */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runRealCli } from './harness.ts';

const CODEX_RULES = `prefix_rule(pattern = ["git", "push"], decision = "prompt")
prefix_rule(pattern = ["rm", "-rf"], decision = "forbidden")
prefix_rule(pattern = ["git", "status"], decision = "allow")
`;
const GEMINI_POLICY = `[[rule]]
toolName = "run_shell_command"
commandPrefix = "git push"
decision = "deny"
priority = 10

[[rule]]
toolName = "read_file"
decision = "allow"
priority = 5
`;

describe('rule-studio test for Codex rules', () => {
  const suite = (expect1: string) => `rules: a.rules
tests:
  - name: push asks
    trace:
      - command: git push origin main
      - argv: [rm, -rf, /]
    expect:
${expect1}
`;

  it('passes when each call gets the expected decision and rule (file:line), exit 0', async () => {
    const r = await runCli(['test', 'x.test.yaml', '--verbose'], {
      'x.test.yaml': suite(
        '      - { step: 1, decision: prompt, rule: a.rules:1 }\n      - { step: 2, decision: forbidden, rule: a.rules:2 }',
      ),
      'a.rules': CODEX_RULES,
    });
    expect(r.stdout).toContain('PASS  push asks (2 steps)');
    expect(r.code).toBe(0);
  });

  it('fails with expected vs seen and the matched rules when a decision differs, exit 1', async () => {
    const r = await runCli(['test', 'x.test.yaml'], {
      'x.test.yaml': suite('      - { step: 1, decision: allow }'),
      'a.rules': CODEX_RULES,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('expected: allow');
    expect(r.stdout).toContain('seen:     prompt by a.rules:1');
    expect(r.stdout).toContain('prompt by prefix_rule at a.rules:1 (git push)');
  });

  it('fails when the deciding rule is another than expected', async () => {
    const r = await runCli(['test', 'x.test.yaml'], {
      'x.test.yaml': suite('      - { step: 1, decision: prompt, rule: a.rules:3 }'),
      'a.rules': CODEX_RULES,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('expected: prompt by a.rules:3');
  });

  it('a decision Codex does not have is an error at its line', async () => {
    const r = await runCli(['test', 'x.test.yaml'], {
      'x.test.yaml': suite('      - { step: 1, decision: deny }'),
      'a.rules': CODEX_RULES,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'line 8: tests.0.expect.0.decision: "deny" is not a Codex decision (allow, prompt, forbidden, none)',
    );
  });

  it('rules Codex refuses make each test an error naming line:col', async () => {
    const r = await runCli(['test', 'x.test.yaml'], {
      'x.test.yaml': suite('      - { step: 1, decision: prompt }'),
      'a.rules': 'prefix_rule(pattern = [], decision = "allow")\n',
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/ERROR push asks[\s\S]*a\.rules:1:\d+: K0\d\d/);
  });

  it('the JSON and JUnit reporters carry the result', async () => {
    const files = {
      'x.test.yaml': suite('      - { step: 1, decision: allow }'),
      'a.rules': CODEX_RULES,
    };
    const json = await runCli(['test', 'x.test.yaml', '--reporter', 'json'], files);
    expect(JSON.parse(json.stdout).files[0].tests[0].status).toBe('fail');
    const junit = await runCli(['test', 'x.test.yaml', '--reporter', 'junit'], files);
    expect(junit.stdout).toContain('<failure');
  });

  it('--update refuses a Codex test file rather than rewriting it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'polcli-'));
    const text = suite('      - { step: 1, decision: allow }');
    writeFileSync(join(dir, 'x.test.yaml'), text);
    writeFileSync(join(dir, 'a.rules'), CODEX_RULES);
    const r = await runRealCli(['test', join(dir, 'x.test.yaml'), '--update']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('not updated');
    expect(readFileSync(join(dir, 'x.test.yaml'), 'utf8')).toBe(text);
    rmSync(dir, { recursive: true });
  });
});

describe('rule-studio test for Gemini CLI policies', () => {
  const files = (body: string) => ({
    'g.test.yaml': `rules: policies/user/p.toml\ntests:\n${body}`,
    'policies/user/p.toml': GEMINI_POLICY,
  });

  it('decides tool calls and shell commands as Gemini does, rule by file:line of its [[rule]]', async () => {
    const r = await runCli(
      ['test', 'g.test.yaml'],
      files(`  - name: t
    trace:
      - command: git push origin main
      - call: read_file
        args: { file_path: a.txt }
      - call: write_file
        args: { file_path: a.txt, content: x }
    expect:
      - { step: 1, decision: deny, rule: p.toml:1 }
      - { step: 2, decision: allow, rule: p.toml:7 }
      - { step: 3, decision: ask_user, rule: none }
`),
    );
    expect(r.stdout).toContain('1/1 passed');
    expect(r.code).toBe(0);
  });

  it('a test mode changes the decision (yolo allows what default asks for)', async () => {
    const r = await runCli(
      ['test', 'g.test.yaml'],
      files(`  - name: yolo
    mode: yolo
    trace:
      - call: write_file
        args: { file_path: a.txt, content: x }
    expect:
      - { step: 1, decision: ask_user }
`),
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('seen:     allow');
  });

  it('a Codex-style argv in a Gemini test is an error at its line', async () => {
    const r = await runCli(
      ['test', 'g.test.yaml'],
      files(`  - name: argv
    trace:
      - argv: [ls]
    expect: []
`),
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('line 5: step 1: a Gemini call is a tool `call`');
  });

  it('a Gemini CLI session log as the trace: each recorded call decided, steps in the log order', async () => {
    const r = await runCli(['test', 'g.test.yaml'], {
      ...files(`  - name: session
    trace: test/gemini/data/session-2026-08-21T10-00-demo.jsonl
    expect:
      - { step: 2, decision: deny, rule: p.toml:1 }
      - { step: 3, decision: ask_user, rule: none }
`),
    });
    expect(r.stdout).toContain('1/1 passed');
    expect(r.code).toBe(0);
  });

  it('a session log that does not read is an error naming its line:col and code', async () => {
    const r = await runCli(['test', 'g.test.yaml'], {
      ...files(`  - name: bad log
    trace: s.jsonl
    expect: []
`),
      's.jsonl': '{"sessionId":"s","projectHash":"p"}\n{"id": "m1", "type": gemini}\n',
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('s.jsonl:2:22: G020');
  });

  it('the gallery examples pass (a Codex session log among them)', async () => {
    const r = await runCli([
      'test',
      'examples/dialect-tests/codex-default.test.yaml',
      'examples/dialect-tests/gemini-policies.test.yaml',
    ]);
    expect(r.stdout).toContain('8 tests in 2 files: 8 passed');
    expect(r.code).toBe(0);
  });
});

describe('rule-studio learn for Gemini CLI', () => {
  it('proposes commandPrefix and toolName rules from a session log, never from denied or cancelled calls', async () => {
    const r = await runCli(
      [
        'learn',
        'test/gemini/data/session-2026-08-21T10-00-demo.jsonl',
        '--settings',
        'policies/user/p.toml',
        '--format',
        'json',
      ],
      { 'policies/user/p.toml': GEMINI_POLICY },
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.dialect).toBe('gemini');
    // c1 npm test and c5 `git status && ls -la` ask; c2 git push is denied; c3 is cancelled; c4 was rewound away.
    expect(
      out.proposals.map(
        (p: { commandPrefix?: string; toolName: string }) => p.commandPrefix ?? p.toolName,
      ),
    ).toEqual(['git status', 'ls', 'npm test']);
    expect(out).toMatchObject({ prompted: 2, covered: 2, denied: 1, declined: 1 });
  });

  it('prints the proposals as [[rule]] tables ready for a user policy file', async () => {
    const r = await runCli(['learn', 'test/gemini/data/session-legacy.json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      '[[rule]]\ntoolName = "list_directory"\ndecision = "allow"\npriority = 100',
    );
    expect(r.stdout).toContain('commandPrefix = "rm"');
  });

  it('a --settings file that is not a Gemini policy is a usage error', async () => {
    const r = await runCli(
      ['learn', 'test/gemini/data/session-legacy.json', '--settings', 'x.toml'],
      { 'x.toml': 'name = "agent"\n' },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('not Gemini CLI policies');
  });
});
