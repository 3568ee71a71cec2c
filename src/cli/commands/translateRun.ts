/** `translate`'s run (see `translate.ts` and `core/permissions/translate/`). */
import { scopeOfPath } from '../../core/codecs/read/claudeSettings.ts';
import { mergeSettings } from '../../core/permissions/claude/index.ts';
import { DEFAULT_HOME, defaultCwd, recordedCwd } from '../../core/permissions/claude/replayContext.ts';
import type { SettingsInput } from '../../core/permissions/claude/types.ts';
import { loadCodexRules } from '../../core/permissions/codex/index.ts';
import { loadGeminiPolicies } from '../../core/permissions/gemini/index.ts';
import { claudeToCodex, claudeToGemini, codexToClaude, codexToGemini, geminiToClaude, compareOnCommands, type AnyPolicy, type Comparison, type Translation, type TranslationNote } from '../../core/permissions/translate/index.ts';
import { readTrace } from '../../core/traces/index.ts';
import { EXIT, type CliContext } from '../context.ts';
import { jsonTermSafe, termSafe } from '../escape.ts';
import { UnreadableError } from '../io.ts';
import { UsageError, type ParsedArgs } from '../registry.ts';
import { corpusSessions } from './reportRun.ts';
import { splitGeminiInputs } from './geminiInputs.ts';

/** The version of `translate --format json` (a consumer checks it). */
export const TRANSLATE_JSON_VERSION = 1;

const where = (n: TranslationNote) => (n.rule.file === '' ? '' : `${n.rule.file}:${n.rule.line}:${n.rule.col}: `);

/** The report for a terminal: counts, then each approximate and untranslated rule with why. */
export function translationReport(t: Translation, c: Comparison | undefined): string {
  const lines = [`${t.translated} rule${t.translated === 1 ? '' : 's'} translated from ${t.from} to ${t.to}; ${t.approximate.length} said more broadly; ${t.untranslated.length} not translated.`];
  for (const [title, notes] of [['said more broadly', t.approximate], ['not translated', t.untranslated]] as const) {
    if (notes.length === 0) continue;
    lines.push('', `${title}:`);
    for (const n of notes) lines.push(`  ${where(n)}${n.rule.text}: ${n.why}`);
  }
  if (c) {
    lines.push('', `${c.same} of ${c.commands} shell command${c.commands === 1 ? '' : 's'} in the sessions decided the same by both policies' rules.`);
    // Each distinct difference once, with how often the sessions ran it.
    const grouped = new Map<string, number>();
    for (const d of c.differences) {
      const line = `${d.command.replace(/\s+/g, ' ').slice(0, 100)}: ${t.from} ${d.a.verdict}${d.a.rule ? ` (${d.a.rule})` : ''}, ${t.to} ${d.b.verdict}${d.b.rule ? ` (${d.b.rule})` : ''}`;
      grouped.set(line, (grouped.get(line) ?? 0) + 1);
    }
    const shown = [...grouped].slice(0, 50);
    for (const [line, n] of shown) lines.push(`  ${line}${n > 1 ? ` (×${n})` : ''}`);
    if (grouped.size > shown.length) lines.push(`  … and ${grouped.size - shown.length} more distinct commands`);
  }
  return lines.map(termSafe).join('\n');
}

/** The shell commands (Bash calls) the sessions made, in order, and the first working directory one records. */
function sessionCommands(paths: readonly string[], ctx: CliContext): { commands: string[]; cwd?: string } {
  const sessions = corpusSessions(paths, ctx);
  if (sessions.length === 0) throw new UnreadableError(`no session logs (.jsonl, .json, .yaml) in ${paths.join(', ')}`);
  const commands: string[] = [];
  let cwd: string | undefined;
  for (const s of sessions) {
    const text = ctx.readText(s.path);
    cwd ??= recordedCwd(text);
    for (const item of readTrace(s.path, text).items) {
      if (item.kind !== 'event' || item.event.type !== 'tool_call' || item.event.tool !== 'Bash') continue;
      const command = (item.event.args as { command?: unknown }).command;
      if (typeof command === 'string') commands.push(command);
    }
  }
  return { commands, ...(cwd ? { cwd } : {}) };
}

/** The names of the dialects, for messages. */
const NAME = { claude: 'Claude Code settings', codex: 'Codex rules', gemini: 'Gemini CLI policies' } as const;

/** The translation directions `translate` has (others go through Claude Code). */
const DIRECTIONS: Record<'claude' | 'codex' | 'gemini', readonly ('claude' | 'codex' | 'gemini')[]> = { claude: ['codex', 'gemini'], codex: ['claude', 'gemini'], gemini: ['claude'] };

export function runTranslate(args: ParsedArgs, ctx: CliContext): number {
  const to = args.value('to') as 'codex' | 'gemini' | 'claude';
  const files = args.positionals;
  const codexFiles = files.filter((f) => f.endsWith('.rules'));
  const claudeFiles = files.filter((f) => f.endsWith('.json'));
  const others = files.filter((f) => !f.endsWith('.rules') && !f.endsWith('.json'));
  const gemini = others.length > 0 ? splitGeminiInputs(ctx, others) : undefined;
  const kinds = [codexFiles.length > 0, claudeFiles.length > 0, others.length > 0].filter(Boolean).length;
  if (kinds !== 1 || (gemini && gemini.others.length > 0))
    throw new UsageError('translate takes Claude Code settings (.json), Codex rules (.rules) or Gemini CLI policies (.toml files or folders of [[rule]] tables): one kind, nothing else');
  const from = codexFiles.length > 0 ? 'codex' : claudeFiles.length > 0 ? 'claude' : 'gemini';
  if (from === to) throw new UsageError(`the files are ${NAME[from]} already: --to ${DIRECTIONS[from].join(' or --to ')}`);
  if (!DIRECTIONS[from].includes(to)) throw new UsageError(`${NAME[from]} translate to ${DIRECTIONS[from].map((d) => NAME[d]).join(' or ')} (--to ${DIRECTIONS[from].join(' or --to ')}); translate those to ${NAME[to]} next`);
  const sessions = args.list('sessions');
  const recorded = sessions.length > 0 ? sessionCommands(sessions, ctx) : undefined;

  let source: AnyPolicy;
  let translation: Translation;
  let target: AnyPolicy;
  const claudeTarget = (text: string): AnyPolicy => {
    const cwd = recorded?.cwd ?? '/';
    return { dialect: 'claude', policy: mergeSettings([{ scope: 'project', path: `${cwd}/.claude/settings.json`, text }], cwd), cwd, home: DEFAULT_HOME };
  };
  const geminiTarget = (text: string, workspace: string): AnyPolicy => ({ dialect: 'gemini', rules: loadGeminiPolicies([{ path: args.value('out') ?? 'translated.toml', text, tier: 'workspace' }]).rules, workspace });
  if (from === 'claude') {
    const inputs: SettingsInput[] = claudeFiles.map((path) => ({ scope: scopeOfPath(path), path, text: ctx.readText(path) }));
    const cwd = defaultCwd(inputs) !== '/' ? defaultCwd(inputs) : (recorded?.cwd ?? '/');
    const policy = mergeSettings(inputs, cwd);
    const errors = policy.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) throw new UnreadableError(errors.map((d) => `${d.file}:${d.range.start.line}:${d.range.start.column}: ${d.message}`).join('\n'));
    source = { dialect: 'claude', policy, cwd, home: DEFAULT_HOME };
    if (to === 'gemini') {
      translation = claudeToGemini(policy);
      target = geminiTarget(translation.text, cwd);
    } else {
      translation = claudeToCodex(policy);
      target = { dialect: 'codex', policy: loadCodexRules([{ path: args.value('out') ?? 'translated.rules', text: translation.text }]).policy };
    }
  } else if (from === 'codex') {
    const load = loadCodexRules(codexFiles.map((path) => ({ path, text: ctx.readText(path) })));
    if (load.refused) throw new UnreadableError(load.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.range.start.line}:${d.range.start.column}: ${d.code} ${d.message}`).join('\n'));
    source = { dialect: 'codex', policy: load.policy };
    if (to === 'gemini') {
      translation = codexToGemini(load.policy);
      target = geminiTarget(translation.text, recorded?.cwd ?? '/');
    } else {
      translation = codexToClaude(load.policy);
      target = claudeTarget(translation.text);
    }
  } else {
    const load = loadGeminiPolicies(gemini?.gemini ?? []);
    const errors = load.diagnostics.filter((d) => d.severity === 'error' && load.refusedFiles.includes(d.file));
    if (load.engineError !== undefined || errors.length > 0)
      throw new UnreadableError([...errors.map((d) => `${d.file}:${d.range.start.line}:${d.range.start.column}: ${d.code} ${d.message}`), ...(load.engineError ? [`Gemini's policy engine refuses to start: ${load.engineError}`] : [])].join('\n'));
    source = { dialect: 'gemini', rules: load.rules, workspace: recorded?.cwd ?? '/' };
    translation = geminiToClaude(load.rules);
    target = claudeTarget(translation.text);
  }
  const comparison = recorded ? compareOnCommands(source, target, recorded.commands) : undefined;

  const out = args.value('out');
  if (args.value('format') === 'json') {
    ctx.out(jsonTermSafe(JSON.stringify({ version: TRANSLATE_JSON_VERSION, ...translation, ...(comparison ? { comparison } : {}) })));
  } else {
    if (out !== undefined) {
      if (!ctx.writeText) throw new UsageError('--out cannot be written here');
      ctx.writeText(out, translation.text);
    } else ctx.out(translation.text.replace(/\n$/, ''));
    ctx.err(translationReport(translation, comparison));
  }
  return comparison && comparison.differences.length > 0 ? EXIT.errors : EXIT.ok;
}
