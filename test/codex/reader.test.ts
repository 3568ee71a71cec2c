/** The Codex `.rules` reader: refusals at line:col with their codes, near misses, budgets, checks. */
import { describe, expect, it } from 'vitest';
import { checkCodexPolicy, checkCommand, loadCodexRules, shlexSplit, toCodexJson } from '../../src/core/permissions/codex/index.ts';

const load = (text: string, extra: { home?: string; budget?: { steps: number; cells: number; depth: number } } = {}) => loadCodexRules([{ path: 'p.rules', text }], extra);
const codes = (text: string) => load(text).diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.column}`);
const decide = (text: string, argv: string[], resolve = false) => toCodexJson(checkCommand(load(text).policy, argv, { resolveHostExecutables: resolve }));

describe('load refusals (each with its near miss that loads)', () => {
  it('K010 empty pattern / empty alternatives; one alternative is a single token', () => {
    expect(codes('x = 1\nprefix_rule(pattern = [])\n')).toEqual(['K010@2:1']);
    expect(codes('prefix_rule(pattern = ["git", []])\n')).toEqual(['K010@1:1']);
    expect(codes('prefix_rule(pattern = ["git", ["status"]])\n')).toEqual([]);
  });
  it('K011 `deny` in prefix_rule; accepted by network_rule', () => {
    expect(codes('prefix_rule(pattern = ["rm"], decision = "deny")\n')).toEqual(['K011@1:1']);
    expect(codes('prefix_rule(pattern = ["rm"], decision = "forbidden")\n')).toEqual([]);
    expect(codes('network_rule(host = "example.com", protocol = "https", decision = "deny")\n')).toEqual([]);
  });
  it('K012 blank justification; a non-blank one loads', () => {
    expect(codes('prefix_rule(pattern = ["rm"], justification = " \\t")\n')).toEqual(['K012@1:1']);
    expect(codes('prefix_rule(pattern = ["rm"], justification = "x")\n')).toEqual([]);
  });
  it('K013 an example with invalid shell syntax', () => {
    expect(codes('prefix_rule(pattern = ["rm"], match = ["rm \'x"])\n')).toEqual(['K013@1:1']);
  });
  it('K014 a match example the rule does not match, at its call; the matching one loads', () => {
    expect(codes('\n  \nprefix_rule(\n  pattern = ["git", "status"],\n  match = ["git log"],\n)\n')).toEqual(['K014@3:1']);
    expect(codes('prefix_rule(pattern = ["git", "status"], match = ["git status -s"])\n')).toEqual([]);
  });
  it('K015 a not_match example the rule matches; examples see only their own call', () => {
    expect(codes('prefix_rule(pattern = ["git"], not_match = ["git status"])\n')).toEqual(['K015@1:1']);
    expect(codes('prefix_rule(pattern = ["git"])\nprefix_rule(pattern = ["git", "log"], not_match = ["git status"])\n')).toEqual([]);
  });
  it('K014 examples resolve host executables (a listed path matches, an unlisted one does not)', () => {
    const hosts = 'host_executable(name = "git", paths = ["/usr/bin/git"])\n';
    expect(codes(hosts + 'prefix_rule(pattern = ["git"], match = ["/usr/bin/git status"])\n')).toEqual([]);
    expect(codes(hosts + 'prefix_rule(pattern = ["git"], match = ["/opt/git status"])\n')).toEqual(['K014@2:1']);
  });
  it('K020 host_executable: bare name, absolute paths with that basename; `~/` only with a home', () => {
    expect(codes('host_executable(name = "bin/git", paths = [])\n')).toEqual(['K020@1:1']);
    expect(codes('host_executable(name = "git", paths = ["/usr/bin/gitx"])\n')).toEqual(['K020@1:1']);
    expect(codes('host_executable(name = "git", paths = ["~/bin/git"])\n')).toEqual(['K020@1:1']);
    expect(load('host_executable(name = "git", paths = ["~/bin/git"])\n', { home: '/h' }).policy.hostExecutables.get('git')).toEqual(['/h/bin/git']);
  });
  it('K001 syntax errors and K002 unsupported constructs name the construct at line:col', () => {
    expect(codes('prefix_rule(pattern = ["a"]\n')).toEqual(['K001@2:1']);
    expect(codes('load("x.star", "y")\n')).toEqual(['K002@1:1']);
    expect(load('f = lambda x: x\n').diagnostics[0]?.message).toContain('`lambda`');
    expect(codes('x = 1.5\n')).toEqual(['K002@1:5']);
  });
  it('K003 runtime errors: unknown names, wrong types, unknown parameters', () => {
    expect(codes('prefix_rule(pattern = [gti])\n')).toEqual(['K003@1:24']);
    expect(codes('prefix_rule(pattern = ["a"], decison = "allow")\n')).toEqual(['K003@1:1']);
  });
  it('K004 budgets: an amplifying loop or a huge list stops with an error', () => {
    expect(codes('x = ["a"] * 100000000\n')).toEqual(['K004@1:11']);
    expect(load('def f(n):\n    for i in range(n):\n        for j in range(n):\n            pass\nf(3000)\n', { budget: { steps: 100_000, cells: 1_000_000, depth: 10 } }).diagnostics[0]?.code).toBe('K004');
  });
  it('files that use variables, loops, def, f-strings, comprehensions and + load like literal rules', () => {
    const text = [
      'SUBS = ["status", "log"]',
      'def git(sub, decision = "allow"):',
      '    prefix_rule(pattern = ["git", sub], decision = decision, justification = f"git {sub}")',
      'for s in SUBS + ["diff"]:',
      '    git(s)',
      'if len(SUBS) > 1:',
      '    git("push", decision = "prompt")',
      'prefix_rule(pattern = [["npm", "pnpm"], [x for x in ["ci", "install"] if x != "ci"]])',
    ].join('\n');
    const l = load(text);
    expect(l.diagnostics).toEqual([]);
    expect(l.policy.rules.map((r) => [r.program, ...r.rest.map((a) => a.join('|')), r.decision].join(' '))).toEqual(['git status allow', 'git log allow', 'git diff allow', 'git push prompt', 'npm install allow', 'pnpm install allow']);
    expect(decide(text, ['git', 'log', '-1'])).toEqual({ matchedRules: [{ prefixRuleMatch: { matchedPrefix: ['git', 'log'], decision: 'allow', justification: 'git log' } }], decision: 'allow' });
  });
});

describe('decisions', () => {
  it('the first token is exact and case-sensitive: Git, git.exe and /usr/bin/git do not match git', () => {
    const t = 'prefix_rule(pattern = ["git"])\n';
    for (const p of ['Git', 'git.exe', '/usr/bin/git']) expect(decide(t, [p])).toEqual({ matchedRules: [] });
  });
  it('an exact rule for the absolute path wins over basename fallback', () => {
    const t = 'prefix_rule(pattern = ["git"], decision = "forbidden")\nprefix_rule(pattern = ["/usr/bin/git"], decision = "prompt")\n';
    expect(decide(t, ['/usr/bin/git', 'x'], true)).toEqual({ matchedRules: [{ prefixRuleMatch: { matchedPrefix: ['/usr/bin/git'], decision: 'prompt' } }], decision: 'prompt' });
  });
});

describe('shlex split as Codex examples use it', () => {
  it('quotes, escapes, comments, invalid input', () => {
    expect(shlexSplit(`a 'b c' "d \\"e\\" \\x" f\\ g # h`)).toEqual(['a', 'b c', 'd "e" \\x', 'f g']);
    expect(shlexSplit('a "b')).toBeNull();
    expect(shlexSplit('a\\')).toBeNull();
    expect(shlexSplit('   ')).toEqual([]);
  });
});

describe('checks (near misses)', () => {
  const warns = (text: string) => checkCodexPolicy(load(text).policy).map((d) => `${d.code}@${d.range.start.line}`);
  it('K031 a rule shadowed by a stricter broader rule; not when the broader one is weaker', () => {
    expect(warns('prefix_rule(pattern = ["git"], decision = "forbidden")\nprefix_rule(pattern = ["git", "status"])\n')).toEqual(['K031@2']);
    expect(warns('prefix_rule(pattern = ["git"], decision = "allow")\nprefix_rule(pattern = ["git", "push"], decision = "forbidden")\n')).toEqual([]);
  });
  it('K030 a rule that never changes a decision (same decision, broader rule); narrower alternatives are not covered', () => {
    expect(warns('prefix_rule(pattern = ["git", ["log", "status"]], decision = "prompt")\nprefix_rule(pattern = ["git", "log", "-1"], decision = "prompt")\n')).toEqual(['K030@2']);
    expect(warns('prefix_rule(pattern = ["git", "log"], decision = "prompt")\nprefix_rule(pattern = ["git", ["log", "status"]], decision = "prompt")\n')).toEqual(['K030@1']);
  });
  it('K032 an allow of an interpreter with any arguments; an exact subcommand is fine', () => {
    expect(warns('prefix_rule(pattern = ["python3"])\n')).toEqual(['K032@1']);
    expect(warns('prefix_rule(pattern = ["python3", "-m", "pytest"])\n')).toEqual([]);
    expect(warns('prefix_rule(pattern = ["bash"], decision = "prompt")\n')).toEqual([]);
  });
});

describe('every K code the core emits is documented', () => {
  it('docs/reference/diagnostics.md has an anchor for each', async () => {
    const { readFileSync } = await import('node:fs');
    const src = ['policy.ts', 'starlark.ts', 'checks.ts'].map((f) => readFileSync(`src/core/permissions/codex/${f}`, 'utf8')).join('\n');
    const used = [...new Set(src.match(/'K\d{3}'/g) ?? [])].map((c) => c.slice(1, -1));
    expect(used.length).toBeGreaterThan(10);
    const doc = readFileSync('docs/reference/diagnostics.md', 'utf8');
    expect(used.filter((c) => !doc.includes(`<a id="${c}"></a>${c}`))).toEqual([]);
  });
});
