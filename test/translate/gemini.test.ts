/**
 * Claude Code → Gemini CLI (issue 24, item 4): what translates and how, what is named and why,
 * that the translation decides shell commands as its source (random Bash rules × random
 * commands), and that the real Gemini CLI engine reads the file and decides as Rule Studio does
 * (when its oracle is installed).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeSettings } from '../../src/core/permissions/claude/index.ts';
import { checkToolCall, loadGeminiPolicies } from '../../src/core/permissions/gemini/index.ts';
import { claudeToGemini, compareOnCommands, type AnyPolicy } from '../../src/core/permissions/translate/index.ts';
import { geminiOracle, ORACLE_REQUIRED, runOracle } from '../differential/geminiOracle.ts';

const CWD = '/home/me/app';
const HOME = '/home/me';
const WORKSPACE = '/nonexistent/rule-studio-workspace';
const claudePolicy = (allow: string[], ask: string[] = [], deny: string[] = []) =>
  mergeSettings([{ scope: 'project', path: `${CWD}/.claude/settings.json`, text: JSON.stringify({ permissions: { allow, ask, deny } }, null, 2) }], CWD);
const asClaude = (p: ReturnType<typeof claudePolicy>): AnyPolicy => ({ dialect: 'claude', policy: p, cwd: CWD, home: HOME });
const geminiOf = (text: string) => {
  const load = loadGeminiPolicies([{ path: 'translated.toml', text, tier: 'workspace' }]);
  expect(load.diagnostics).toEqual([]);
  return load.rules;
};
const asGemini = (text: string): AnyPolicy => ({ dialect: 'gemini', rules: geminiOf(text), workspace: WORKSPACE });

describe('Claude Code → Gemini CLI', () => {
  const policy = claudePolicy(
    ['Bash(npm run:*)', 'Bash(git status)', 'Bash(ls *)', 'Bash(git * main)', 'Read', 'Bash', 'mcp__github__list_issues', 'Read(./src/**)', 'Agent(explorer)'],
    ['Bash(git push:*)'],
    ['Bash(rm -rf *)', 'WebFetch(domain:example.com)', 'mcp__evil'],
  );
  const t = claudeToGemini(policy);

  it('writes one [[rule]] per rule it can say, deny above ask above allow', () => {
    const rules = geminiOf(t.text);
    const shown = rules.map((r) => `${r.decision} ${r.rawPriority} ${r.toolName}${r.argsPattern ? ` ${r.argsPattern.source}` : ''}`);
    expect(shown).toContain(String.raw`allow 100 run_shell_command \"command\":\"npm\ run(?:[\s"]|\\")`);
    expect(shown).toContain('allow 100 run_shell_command "command":"git status"');
    expect(shown).toContain('allow 100 run_shell_command "command":"git [^"]* main"');
    expect(shown).toContain('allow 100 read_file');
    expect(shown).toContain('allow 100 read_many_files');
    expect(shown).toContain('allow 100 mcp_github_list_issues');
    expect(shown).toContain(String.raw`ask_user 200 run_shell_command \"command\":\"git\ push(?:[\s"]|\\")`);
    expect(shown).toContain(String.raw`deny 300 run_shell_command \"command\":\"rm\ \-rf(?:[\s"]|\\")`);
    expect(shown).toContain('deny 300 mcp_evil_*');
    expect(t.translated).toBe(10);
  });

  it('names each rule it cannot say, or says more broadly, with why', () => {
    const named = Object.fromEntries(t.untranslated.map((n) => [n.rule.text, n.why]));
    expect(Object.keys(named).sort()).toEqual(['Agent(explorer)', 'Read(./src/**)', 'WebFetch(domain:example.com)']);
    expect(named['Read(./src/**)']).toMatch(/resolves the path/);
    expect(t.approximate.map((n) => n.rule.text).sort()).toEqual(['Bash', 'Bash(git * main)', 'Read']);
  });

  it('names the bare Bash allow: Gemini still asks for a command its heuristics call dangerous', () => {
    expect(t.approximate.find((n) => n.rule.text === 'Bash')?.why).toMatch(/dangerous .*`find` with `-exec`/);
    const c = compareOnCommands(asClaude(policy), asGemini(t.text), ['find . -name x', 'find . -name x -exec cat {} \\;']);
    expect(c.differences.map((d) => [d.command, d.a.verdict, d.b.verdict])).toEqual([['find . -name x -exec cat {} \\;', 'allow', 'ask']]);
  });

  it('decides the shared commands as the source does', () => {
    const commands = ['npm run build', 'npm test', 'git status', 'git status --short', 'git push origin main', 'git merge main', 'rm -rf /tmp/x', 'ls -la', 'ls', 'lsof', 'npm run build && rm -rf dist', 'curl x'];
    const c = compareOnCommands(asClaude(policy), asGemini(t.text), commands);
    // The bare `Bash` allow rule is said as a run_shell_command rule, so every command is decided by a rule on both sides.
    expect(c.differences).toEqual([]);
    expect(c.same).toBe(commands.length);
  });
});

describe('a translated policy decides as its source (random Bash rules × random commands)', () => {
  const WORDS = ['git', 'npm', 'run', 'test', 'push', 'status', 'rm', '-rf', 'x', 'main', 'a.b'];
  const word = fc.constantFrom(...WORDS);
  const words = (min: number, max: number) => fc.array(word, { minLength: min, maxLength: max }).map((ws) => ws.join(' '));
  const rule = fc.oneof(
    fc.tuple(words(1, 3), fc.constantFrom(':*', ' *', '')).map(([w, tail]) => `Bash(${w}${tail})`),
    fc.tuple(words(1, 2), words(0, 2)).map(([a, b]) => `Bash(${a} *${b === '' ? '' : ` ${b}`})`),
    fc.tuple(word, word).map(([a, b]) => `Bash(${a}*${b})`),
  );
  const command = fc.tuple(words(1, 4), fc.option(words(1, 3), { nil: undefined }), fc.constantFrom(' && ', ' ; ', ' | ')).map(([a, b, sep]) => (b === undefined ? a : `${a}${sep}${b}`));

  it('Claude Code → Gemini CLI → the same verdict on every command', () => {
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 4 }), fc.array(rule, { maxLength: 3 }), fc.array(rule, { maxLength: 3 }), fc.array(command, { minLength: 1, maxLength: 6 }), (allow, ask, deny, commands) => {
        const claude = claudePolicy(allow, ask, deny);
        const t = claudeToGemini(claude);
        expect(t.untranslated).toEqual([]);
        const c = compareOnCommands(asClaude(claude), asGemini(t.text), commands);
        expect(c.differences).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});

const dir = geminiOracle();
describe.skipIf(dir === null && !ORACLE_REQUIRED)('the real Gemini CLI engine reads what the translation writes', () => {
  it('loads the translated file without an error and decides every call as Rule Studio does', async () => {
    if (dir === null) throw new Error('the Gemini oracle is required (RULE_STUDIO_REQUIRE_ORACLES=1) but not installed: bash scripts/install-oracles.sh');
    const t = claudeToGemini(
      claudePolicy(['Bash(npm run:*)', 'Bash(git status)', 'Bash(git * main)', 'Bash(echo "hi")', 'Read', 'mcp__github__list_issues'], ['Bash(git push:*)'], ['Bash(rm -rf *)', 'mcp__evil']),
    );
    const calls = [
      ...['npm run build', 'npm test', 'git status', 'git status --short', 'git merge main', 'git push origin', 'rm -rf /', 'echo "hi"', 'echo hi'].map((command) => ({ name: 'run_shell_command', args: { command } })),
      { name: 'read_file', args: { file_path: 'a.ts' } },
      { name: 'mcp_github_list_issues', args: {} },
      { name: 'mcp_evil_anything', args: {} },
    ].map((c) => ({ ...c, mode: 'default', nonInteractive: false }));
    const [result] = await runOracle(dir, [{ files: [{ name: 'translated.toml', text: t.text, tier: 'workspace' }], calls }]);
    expect(result?.errors ?? []).toEqual([]);
    const rules = geminiOf(t.text);
    const mine = calls.map((c) => checkToolCall(rules, { name: c.name, args: c.args }, { workspace: WORKSPACE }).decision);
    expect(result?.results.map((r) => r.decision)).toEqual(mine);
    // `git status --short` and `echo hi` are allowed by Gemini's read-only heuristics, not by a rule.
    expect(mine).toEqual(['allow', 'ask_user', 'allow', 'allow', 'allow', 'ask_user', 'deny', 'allow', 'allow', 'allow', 'allow', 'deny']);
  }, 60_000);
});
