/**
 * Issue 24's "Done when" for translation: on the shared real Claude Code transcripts
 * (`$RULE_STUDIO_UPSTREAM/marot-spotter`, as `translate --sessions` reads them), a Claude Code
 * policy translated to Gemini CLI and to Codex decides the shell commands the same way, or the
 * report names the rule that differs. A difference counts as named when one of the command's parts
 * is decided differently because of a rule the translation report lists (not translated, or said
 * more broadly, or overridden by the target's engine: `find … -exec`, which Gemini's heuristics
 * ask for under the bare `Bash` allow); no difference comes from a command outside the Gemini
 * shell reader's subset (docs/gemini-policies.md). Skips cleanly without ../shared.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scopeOfPath } from '../../src/core/codecs/read/claudeSettings.ts';
import { commandParts } from '../../src/core/permissions/claude/bash.ts';
import { mergeSettings } from '../../src/core/permissions/claude/index.ts';
import { DEFAULT_HOME, defaultCwd } from '../../src/core/permissions/claude/replayContext.ts';
import { loadCodexRules } from '../../src/core/permissions/codex/index.ts';
import {
  loadGeminiPolicies,
  parseShell,
  stripShellWrapper,
} from '../../src/core/permissions/gemini/index.ts';
import {
  verdictOf,
  type AnyPolicy,
  type Comparison,
  type Translation,
} from '../../src/core/permissions/translate/index.ts';
import { runCli } from '../cli/harness.ts';

const dir = resolve(
  process.env['RULE_STUDIO_UPSTREAM'] ?? '../shared/upstream',
  'marot-spotter/test/fixtures/transcripts',
);
const present = existsSync(dir);
if (!present)
  console.warn(
    `skipped: no transcripts in ${dir} (set RULE_STUDIO_UPSTREAM to a directory holding marot-spotter/)`,
  );

const SETTINGS = 'examples/claude-code-settings.json';

describe.skipIf(!present)('a translated Claude Code policy on the shared real transcripts', () => {
  const inputs = [
    { scope: scopeOfPath(SETTINGS), path: SETTINGS, text: readFileSync(SETTINGS, 'utf8') },
  ];
  const cwd = defaultCwd(inputs);
  const claude: AnyPolicy = {
    dialect: 'claude',
    policy: mergeSettings(inputs, cwd),
    cwd,
    home: DEFAULT_HOME,
  };

  const run = async (to: 'gemini' | 'codex') => {
    const r = await runCli(
      ['translate', SETTINGS, '--to', to, '--sessions', dir, '--format', 'json'],
      {},
      { listFiles: true },
    );
    const out = JSON.parse(r.stdout) as Translation & { comparison: Comparison };
    const target: AnyPolicy =
      to === 'gemini'
        ? {
            dialect: 'gemini',
            rules: loadGeminiPolicies([
              { path: 'translated.toml', text: out.text, tier: 'workspace' },
            ]).rules,
            workspace: cwd,
          }
        : {
            dialect: 'codex',
            policy: loadCodexRules([{ path: 'translated.rules', text: out.text }]).policy,
          };
    const named = new Set([...out.approximate, ...out.untranslated].map((n) => n.rule.text));
    const unexplained = out.comparison.differences.filter(
      (d) =>
        !commandParts(d.command).some((p) => {
          const a = verdictOf(claude, p);
          return (
            a.verdict !== verdictOf(target, p).verdict && a.rule !== undefined && named.has(a.rule)
          );
        }),
    );
    return { code: r.code, out, unexplained };
  };

  it('Gemini CLI: every shell command decided the same, or a rule the report names', async () => {
    const { code, out, unexplained } = await run('gemini');
    expect(out.comparison.commands).toBeGreaterThan(400);
    expect(unexplained.map((d) => d.command)).toEqual([]);
    // `find … -exec … \;`, which Gemini's heuristics ask for under the bare `Bash` allow, is named
    // by that rule's note (a real dialect difference, not the reader's).
    expect(out.comparison.differences.map((d) => d.command)).toContainEqual(expect.stringMatching(/^find .* -exec .*\\;/));
    expect(out.approximate.find((n) => n.rule.text === 'Bash')?.why).toMatch(/dangerous/);
    // No difference comes from a command outside the reader's subset.
    expect(
      out.comparison.differences
        .filter((d) => parseShell(stripShellWrapper(d.command)).hasError)
        .map((d) => d.command),
    ).toEqual([]);
    expect(out.comparison.same + out.comparison.differences.length).toBe(out.comparison.commands);
    expect(code).toBe(out.comparison.differences.length > 0 ? 1 : 0);
  }, 120_000);

  it('Codex: every shell command decided the same, or a rule the report names', async () => {
    const { out, unexplained } = await run('codex');
    expect(out.comparison.commands).toBeGreaterThan(400);
    expect(unexplained.map((d) => d.command)).toEqual([]);
  }, 120_000);
});
