/**
 * The translation directions the studio and the CLI offer, in one list: each says its source and
 * target dialect and translates a loaded source policy. The studio's "Translate to…" lists the
 * entries whose `from` is a dialect the project holds, so a direction added here appears there
 * without a change to the page. Also: loading a policy of each dialect from its files (to compare
 * a translation with its source on sessions), and the shell commands a set of sessions ran.
 */
import type { SettingsInput } from '../claude/types.ts';
import { mergeSettings } from '../claude/settings.ts';
import { DEFAULT_HOME, defaultCwd } from '../claude/replayContext.ts';
import { loadCodexRules, type RulesFileInput } from '../codex/policy.ts';
import { isCodexRollout, readCodexRollout } from '../codex/rollout.ts';
import { loadGeminiPolicies, tierFromPath, type GeminiFileInput } from '../gemini/policy.ts';
import { readGeminiTrace } from '../gemini/trace.ts';
import { readTrace } from '../../traces/readTrace.ts';
import { claudeToCodex } from './claudeToCodex.ts';
import { claudeToGemini } from './claudeToGemini.ts';
import { codexToClaude } from './codexToClaude.ts';
import { codexToGemini } from './codexToGemini.ts';
import { geminiToClaude } from './geminiToClaude.ts';
import type { AnyPolicy } from './compare.ts';
import type { Dialect, Translation } from './types.ts';

/** A dialect's policy files, as the studio holds them. */
export type PolicyFiles =
  | { dialect: 'claude'; files: readonly SettingsInput[] }
  | { dialect: 'codex'; files: readonly RulesFileInput[] }
  | { dialect: 'gemini'; files: readonly GeminiFileInput[] };

/** One direction of translation. */
export interface TranslationDirection {
  from: Dialect;
  to: Dialect;
  /** Set when it goes through another dialect (its notes are both steps'). */
  via?: Dialect;
  translate: (source: AnyPolicy) => Translation;
}

/** Each dialect's name for people, and the file name a translation into it is written as. */
export const DIALECT_NAME: Record<Dialect, string> = { claude: 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI' };
export const TRANSLATED_FILE: Record<Dialect, string> = { claude: '.claude/settings.json', codex: 'translated.rules', gemini: 'translated.toml' };

const claudeOf = (p: AnyPolicy) => {
  if (p.dialect !== 'claude') throw new Error(`a ${p.dialect} policy is not Claude Code settings`);
  return p.policy;
};

/** The Claude Code policy a translation's settings text is, read as a project's settings. */
function claudeTarget(text: string, cwd = '/'): AnyPolicy & { dialect: 'claude' } {
  return { dialect: 'claude', policy: mergeSettings([{ scope: 'project', path: `${cwd === '/' ? '' : cwd}/${TRANSLATED_FILE.claude}`, text }], cwd), cwd, home: DEFAULT_HOME };
}

/** Every translation direction core offers, in the order the studio lists them. */
export const TRANSLATIONS: readonly TranslationDirection[] = [
  { from: 'claude', to: 'codex', translate: (p) => claudeToCodex(claudeOf(p)) },
  { from: 'claude', to: 'gemini', translate: (p) => claudeToGemini(claudeOf(p)) },
  {
    from: 'codex',
    to: 'claude',
    translate: (p) => {
      if (p.dialect !== 'codex') throw new Error(`a ${p.dialect} policy is not Codex rules`);
      return codexToClaude(p.policy);
    },
  },
  {
    from: 'codex',
    to: 'gemini',
    translate: (p) => {
      if (p.dialect !== 'codex') throw new Error(`a ${p.dialect} policy is not Codex rules`);
      return codexToGemini(p.policy);
    },
  },
  {
    from: 'gemini',
    to: 'claude',
    translate: (p) => {
      if (p.dialect !== 'gemini') throw new Error(`a ${p.dialect} policy is not Gemini CLI policies`);
      return geminiToClaude(p.rules);
    },
  },
];

/** The directions from `from` in `list` (a direct one before one through another dialect, one per target). */
export function translationsFrom(from: Dialect, list: readonly TranslationDirection[] = TRANSLATIONS): TranslationDirection[] {
  const out: TranslationDirection[] = [];
  for (const d of list.filter((x) => x.from === from).sort((a, b) => Number(a.via !== undefined) - Number(b.via !== undefined)))
    if (!out.some((x) => x.to === d.to)) out.push(d);
  return out;
}

/** A policy of any dialect from its files (`cwd`: the project folder Claude Code's paths resolve against). */
export function policyOfFiles(p: PolicyFiles, cwd?: string): AnyPolicy {
  if (p.dialect === 'claude') {
    const at = cwd ?? defaultCwd(p.files);
    return { dialect: 'claude', policy: mergeSettings(p.files, at), cwd: at, home: DEFAULT_HOME };
  }
  if (p.dialect === 'codex') return { dialect: 'codex', policy: loadCodexRules(p.files).policy };
  return { dialect: 'gemini', rules: loadGeminiPolicies(p.files).rules, workspace: cwd ?? '/workspace' };
}

/** The policy a translation's text is, in its target dialect, as the file `path`. */
export function policyOfTranslation(t: Translation, path: string, cwd = '/'): AnyPolicy {
  if (t.to === 'claude') return claudeTarget(t.text, cwd);
  if (t.to === 'codex') return { dialect: 'codex', policy: loadCodexRules([{ path, text: t.text }]).policy };
  // The tier the studio gives the file too (from its path: `translated.toml` is the user tier).
  return { dialect: 'gemini', rules: loadGeminiPolicies([{ path, text: t.text, tier: tierFromPath(path) }]).rules, workspace: cwd === '/' ? '/workspace' : cwd };
}

const SHELLS = new Set(['bash', 'sh', 'zsh', '/bin/bash', '/bin/sh', '/bin/zsh', '/usr/bin/bash']);
const quoted = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

/** A shell command made of one call's argv (`bash -lc SCRIPT` is its script). */
function commandOfArgv(argv: readonly string[]): string {
  if (argv.length === 3 && SHELLS.has(argv[0] as string) && /^-l?c$/.test(argv[1] as string)) return argv[2] as string;
  return argv.map(quoted).join(' ');
}

/**
 * The shell commands the sessions ran, in order: a Codex rollout log's exec calls, a Gemini
 * trace's `run_shell_command` calls, or a transcript's `Bash` calls (Claude Code), whichever the
 * session is.
 */
export function sessionShellCommands(sessions: readonly { name: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const s of sessions) {
    if (isCodexRollout(s.text)) {
      for (const c of readCodexRollout(s.name, s.text).calls) out.push(commandOfArgv(c.argv));
      continue;
    }
    const gemini = readGeminiTrace(s.text);
    if (gemini.calls.length > 0 && gemini.errors.length === 0) {
      for (const c of gemini.calls) if (c.tool === 'run_shell_command' && typeof c.args?.command === 'string') out.push(c.args.command);
      continue;
    }
    for (const item of readTrace(s.name, s.text).items) {
      if (item.kind !== 'event' || item.event.type !== 'tool_call' || item.event.tool !== 'Bash') continue;
      const command = (item.event.args as { command?: unknown }).command;
      if (typeof command === 'string') out.push(command);
    }
  }
  return out;
}
