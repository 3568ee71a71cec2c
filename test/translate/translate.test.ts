/**
 * Translation between Claude Code permission rules and Codex execpolicy (issue 24, item 4): what
 * translates, what is named and why, and that a translated policy decides shell commands as its
 * source does (random Bash rules × random commands), and the real Codex accepts what is written
 * (when its oracle is installed).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeSettings } from '../../src/core/permissions/claude/index.ts';
import { loadCodexRules } from '../../src/core/permissions/codex/index.ts';
import { claudeToCodex, codexToClaude, compareOnCommands, type AnyPolicy } from '../../src/core/permissions/translate/index.ts';
import { codexOracle, ORACLE_REQUIRED, runOracle } from '../differential/codexOracle.ts';

const CWD = '/home/me/app';
const HOME = '/home/me';
const claudePolicy = (allow: string[], ask: string[] = [], deny: string[] = []) =>
  mergeSettings([{ scope: 'project', path: `${CWD}/.claude/settings.json`, text: JSON.stringify({ permissions: { allow, ask, deny } }, null, 2) }], CWD);
const asClaude = (p: ReturnType<typeof claudePolicy>): AnyPolicy => ({ dialect: 'claude', policy: p, cwd: CWD, home: HOME });
const codexOf = (text: string) => {
  const load = loadCodexRules([{ path: 'translated.rules', text }]);
  expect(load.diagnostics).toEqual([]);
  return load.policy;
};

describe('Claude Code → Codex', () => {
  const policy = claudePolicy(['Bash(npm run:*)', 'Bash(git status)', 'Bash(ls *)', 'Read', 'Bash(git * main)', 'Bash'], ['Bash(git push:*)'], ['Bash(rm -rf *)', 'WebFetch(domain:example.com)']);
  const t = claudeToCodex(policy);

  it('writes a prefix_rule per Bash rule it can say, with the decision its list names', () => {
    const codex = codexOf(t.text);
    expect(codex.rules.map((r) => [r.program, r.rest.map((a) => a.join('|')).join(' '), r.decision])).toEqual([
      ['npm', 'run', 'allow'],
      ['git', 'status', 'allow'],
      ['ls', '', 'allow'],
      ['git', 'push', 'prompt'],
      ['rm', '-rf', 'forbidden'],
    ]);
    expect(t.translated).toBe(5);
  });

  it('names an exact command as approximate, and every rule it cannot say with why', () => {
    expect(t.approximate.map((n) => n.rule.text)).toEqual(['Bash(git status)']);
    expect(t.approximate[0]?.why).toMatch(/prefix/);
    const named = Object.fromEntries(t.untranslated.map((n) => [n.rule.text, n.why]));
    expect(Object.keys(named).sort()).toEqual(['Bash', 'Bash(git * main)', 'Read', 'WebFetch(domain:example.com)']);
    expect(named['Bash']).toMatch(/any command/);
    expect(named['Bash(git * main)']).toMatch(/`\*` elsewhere/);
    expect(named['Read']).toMatch(/shell commands only, not Read/);
    expect(t.untranslated.every((n) => n.rule.file.endsWith('settings.json') && n.rule.line > 0)).toBe(true);
  });

  it('decides the shared commands as the source does, except where it said so', () => {
    const codex = codexOf(t.text);
    const commands = ['npm run build', 'npm run', 'npm test', 'git status', 'git status --short', 'git push origin main', 'rm -rf /tmp/x', 'ls -la', 'ls', 'lsof', 'npm run build && rm -rf dist', 'git status && npm run lint'];
    const c = compareOnCommands(asClaude(claudePolicy(['Bash(npm run:*)', 'Bash(git status)', 'Bash(ls *)'], ['Bash(git push:*)'], ['Bash(rm -rf *)'])), { dialect: 'codex', policy: codex }, commands);
    // The one difference is the approximate rule's: Codex also allows the longer command.
    expect(c.differences.map((d) => [d.command, d.a.verdict, d.b.verdict])).toEqual([['git status --short', 'none', 'allow']]);
    expect(c.same).toBe(commands.length - 1);
  });
});

describe('Codex → Claude Code', () => {
  const codex = loadCodexRules([
    {
      path: 'default.rules',
      text: 'prefix_rule(pattern = ["git", ["push", "fetch"]], decision = "prompt")\nprefix_rule(pattern = [["rm", "shred"], "-rf"], decision = "forbidden")\nprefix_rule(pattern = ["echo", "a b"])\nnetwork_rule(host = "example.com", protocol = "https", decision = "deny", justification = "no")\n',
    },
  ]).policy;
  const t = codexToClaude(codex);

  it('writes one Bash prefix rule per alternative, in the list its decision names', () => {
    const settings = JSON.parse(t.text) as { permissions: Record<string, string[]> };
    expect(settings.permissions).toEqual({ deny: ['Bash(rm -rf:*)', 'Bash(shred -rf:*)'], ask: ['Bash(git push:*)', 'Bash(git fetch:*)'], allow: ['Bash(echo a b:*)'] });
    expect(t.approximate.map((n) => n.why)).toEqual([expect.stringMatching(/quote/)]);
    expect(t.untranslated.map((n) => n.rule.text)).toEqual(['network_rule(example.com, https)']);
  });

  it('decides the commands as the source does', () => {
    const claude = claudePolicy(...(['allow', 'ask', 'deny'].map((l) => (JSON.parse(t.text) as { permissions: Record<string, string[]> }).permissions[l] ?? []) as [string[], string[], string[]]));
    const c = compareOnCommands({ dialect: 'codex', policy: codex }, asClaude(claude), ['git push', 'git fetch origin', 'git pull', 'rm -rf x', 'shred -rf y', 'rm x', 'echo hi']);
    expect(c.differences).toEqual([]);
  });
});

describe('a translated policy decides as its source (random Bash rules × random commands)', () => {
  const WORDS = ['git', 'npm', 'run', 'test', 'push', 'status', 'rm', '-rf', 'x', 'main'];
  const word = fc.constantFrom(...WORDS);
  const words = (min: number, max: number) => fc.array(word, { minLength: min, maxLength: max }).map((ws) => ws.join(' '));
  const rule = fc.tuple(words(1, 3), fc.constantFrom(':*', ' *')).map(([w, tail]) => `Bash(${w}${tail})`);
  const command = fc.tuple(words(1, 4), fc.option(words(1, 3), { nil: undefined }), fc.constantFrom(' && ', ' ; ', ' | ')).map(([a, b, sep]) => (b === undefined ? a : `${a}${sep}${b}`));

  it('Claude Code → Codex → the same verdict on every command', () => {
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 4 }), fc.array(rule, { maxLength: 3 }), fc.array(rule, { maxLength: 3 }), fc.array(command, { minLength: 1, maxLength: 6 }), (allow, ask, deny, commands) => {
        const claude = claudePolicy(allow, ask, deny);
        const t = claudeToCodex(claude);
        expect(t.untranslated).toEqual([]);
        const c = compareOnCommands(asClaude(claude), { dialect: 'codex', policy: codexOf(t.text) }, commands);
        expect(c.differences).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('Codex → Claude Code → the same verdict on every command', () => {
    const alts = fc.array(word, { minLength: 1, maxLength: 2 });
    const prefixRule = fc.tuple(word, fc.array(alts, { maxLength: 2 }), fc.constantFrom('allow', 'prompt', 'forbidden')).map(([p, rest, d]) => `prefix_rule(pattern = ${JSON.stringify([p, ...rest])}, decision = "${d}")`);
    fc.assert(
      fc.property(fc.array(prefixRule, { maxLength: 6 }), fc.array(command, { minLength: 1, maxLength: 6 }), (rules, commands) => {
        const codex = codexOf(rules.join('\n'));
        const t = codexToClaude(codex);
        const s = (JSON.parse(t.text) as { permissions: Record<'allow' | 'ask' | 'deny', string[]> }).permissions;
        const c = compareOnCommands({ dialect: 'codex', policy: codex }, asClaude(claudePolicy(s.allow, s.ask, s.deny)), commands);
        expect(c.differences).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});

const oracle = codexOracle();
describe.skipIf(oracle === null && !ORACLE_REQUIRED)('the real Codex reads what the translation writes', () => {
  it('codex execpolicy check accepts the translated file and decides as Rule Studio does', async () => {
    if (oracle === null) throw new Error('the Codex oracle is required (RULE_STUDIO_REQUIRE_ORACLES=1) but not installed: bash scripts/install-oracles.sh');
    const t = claudeToCodex(claudePolicy(['Bash(npm run:*)', 'Bash(echo "a \\"b\\"" *)'], ['Bash(git push:*)'], ['Bash(rm -rf *)']));
    for (const argv of [['npm', 'run', 'build'], ['git', 'push'], ['rm', '-rf', '/'], ['echo', 'a "b"', 'c']]) {
      const r = await runOracle(oracle, [{ name: 'translated.rules', text: t.text }], argv, false);
      expect(r.json, r.error).not.toBeNull();
      const decision = (r.json as { decision?: string }).decision;
      expect(decision, argv.join(' ')).toBe({ npm: 'allow', git: 'prompt', rm: 'forbidden', echo: 'allow' }[argv[0] as string]);
    }
  }, 60_000);
});
