/** `learn`: a least-privilege allow list from sessions (see `learn.ts` and `permissions/claude/learn.ts`). */
import { learnAllowList, type Learned } from '../../core/permissions/claude/learn.ts';
import { DEFAULT_HOME, defaultCwd, recordedCwd } from '../../core/permissions/claude/replayContext.ts';
import { scopeOfPath } from '../../core/codecs/read/claudeSettings.ts';
import type { SettingsInput, ToolCallInput } from '../../core/permissions/claude/types.ts';
import { readTrace } from '../../core/traces/index.ts';
import { EXIT, type CliContext } from '../context.ts';
import { jsonTermSafe, termSafe } from '../escape.ts';
import { UnreadableError } from '../io.ts';
import type { ParsedArgs } from '../registry.ts';
import { corpusSessions } from './reportRun.ts';
import { UsageError } from '../registry.ts';
import { isCodexRollout, readCodexRollout, readCodexScript, type CodexExecCall } from '../../core/permissions/codex/index.ts';
import { learnPrefixRules, type CodexLearned } from '../../core/permissions/codex/learn.ts';
import { append } from '../../core/model/append.ts';
import { formatDiagnostic } from '../format.ts';
import { isGeminiSession, learnGeminiRules, readGeminiScript, readGeminiSession, type GeminiFileInput, type GeminiLearnCall, type GeminiLearned } from '../../core/permissions/gemini/index.ts';
import { splitGeminiInputs } from './geminiInputs.ts';

/** The version of `learn --format json` (a consumer checks it). */
export const LEARN_JSON_VERSION = 1;

/** The working directory a Claude Code transcript records (its first `cwd`), if any. */
export { recordedCwd };

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));

/** An example call on one short line. */
const short = (s: string) => {
  const line = s.replace(/\s+/g, ' ');
  return line.length > 72 ? `${line.slice(0, 71)}…` : line;
};

/** The proposals for a terminal: by group, then the settings' allow list with the additions marked. */
export function learnedText(l: Learned, settings: readonly SettingsInput[]): string {
  const kept = [l.denied > 0 ? `${l.denied} denied` : '', l.askedByRule > 0 ? `${l.askedByRule} asked for by your ask rules` : ''].filter(Boolean).join(', ');
  const aside = kept === '' ? '' : ` (${kept}: never learned from)`;
  if (l.prompted === 0) return `No call prompted without a rule under these settings${aside}: nothing to add.`;
  const lines = [`${l.prompted} call${l.prompted === 1 ? '' : 's'} prompted; the proposed rules allow ${l.covered}${aside}.`, ''];
  const width = Math.min(60, Math.max(...l.proposals.map((p) => p.rule.length)));
  let group = '';
  for (const p of l.proposals) {
    if (p.group !== group) {
      group = p.group;
      lines.push(`  ${termSafe(group)}`);
    }
    lines.push(`    + ${pad(termSafe(p.rule), width)}  ${pad(`${p.calls} call${p.calls === 1 ? '' : 's'}`, 10)} ${p.risk}   e.g. ${termSafe(short(p.examples[0] ?? ''))}`);
  }
  const target = settings.find((s) => s.scope === 'local') ?? settings.find((s) => s.scope === 'project');
  const existing = target ? allowOf(target.text) : [];
  lines.push('', `permissions.allow of ${target ? termSafe(target.path) : '.claude/settings.json (new)'}:`, '  "allow": [');
  const all = [...existing.map((r) => `    ${JSON.stringify(r)}`), ...l.proposals.map((p) => `+   ${JSON.stringify(p.rule)}`)];
  all.forEach((line, i) => lines.push(termSafe(i < all.length - 1 ? `${line},` : line)));
  lines.push('  ]');
  return lines.join('\n');
}

/** The allow list a settings text holds (none when it does not read). */
function allowOf(text: string): string[] {
  try {
    const v = JSON.parse(text) as { permissions?: { allow?: unknown } };
    const a = v.permissions?.allow;
    return Array.isArray(a) ? a.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The proposals for Codex on a terminal: by program, as lines to add to a `.rules` file. */
export function codexLearnedText(l: CodexLearned): string {
  const kept = [l.denied > 0 ? `${l.denied} forbidden` : '', l.askedByRule > 0 ? `${l.askedByRule} asked for by your prompt rules` : '', l.declined > 0 ? `${l.declined} declined by the user` : ''].filter(Boolean).join(', ');
  const aside = kept === '' ? '' : ` (${kept}: never learned from)`;
  if (l.prompted === 0) return `No command went without a rule under these rules${aside}: nothing to add.`;
  const lines = [`${l.prompted} command${l.prompted === 1 ? '' : 's'} matched no rule; the proposed rules allow ${l.covered}${aside}.`, ''];
  let group = '';
  for (const p of l.proposals) {
    if (p.group !== group) {
      group = p.group;
      lines.push(`# ${termSafe(group)}`);
    }
    lines.push(`${termSafe(p.rule)}  # ${p.calls} call${p.calls === 1 ? '' : 's'}, ${p.risk}, e.g. ${termSafe(short(p.examples[0] ?? ''))}`);
  }
  return lines.join('\n');
}

/** `learn` for Codex: `--settings` names `.rules` files, or the sessions are Codex rollout logs. */
function runCodexLearn(args: ParsedArgs, ctx: CliContext, sessions: readonly { path: string }[]): number {
  const files = args.list('settings').map((path) => ({ path, text: ctx.readText(path) }));
  const calls: CodexExecCall[] = [];
  for (const s of sessions) {
    const text = ctx.readText(s.path);
    if (isCodexRollout(text)) {
      const r = readCodexRollout(s.path, text);
      for (const d of r.diagnostics) ctx.err(formatDiagnostic(d));
      append(calls, r.calls);
    } else {
      const script = readCodexScript(text);
      for (const e of script.errors) ctx.err(`${termSafe(s.path)}:${e.line}: ${e.message}`);
      for (const c of script.commands) calls.push({ line: c.line, tool: 'script', argv: c.argv, commands: [c.argv], recorded: 'unknown' });
    }
  }
  const learned = learnPrefixRules(files, calls);
  if (args.value('format') === 'json') ctx.out(jsonTermSafe(JSON.stringify({ version: LEARN_JSON_VERSION, dialect: 'codex', calls: calls.length, ...learned })));
  else ctx.out(codexLearnedText(learned));
  return EXIT.ok;
}

/** The proposals for Gemini on a terminal: by program or tool, as `[[rule]]` tables for a user policy file. */
export function geminiLearnedText(l: GeminiLearned): string {
  const kept = [l.denied > 0 ? `${l.denied} denied` : '', l.askedByRule > 0 ? `${l.askedByRule} asked for by your ask_user rules` : '', l.declined > 0 ? `${l.declined} cancelled by the user` : ''].filter(Boolean).join(', ');
  const aside = kept === '' ? '' : ` (${kept}: never learned from)`;
  if (l.prompted === 0) return `No call went to Gemini's default decision under these policies${aside}: nothing to add.`;
  const lines = [`${l.prompted} call${l.prompted === 1 ? '' : 's'} decided by no rule (Gemini asks); the proposed rules allow ${l.covered}${aside}.`, `# for ~/.gemini/policies/learned.toml (the user tier)`];
  let group = '';
  for (const p of l.proposals) {
    if (p.group !== group) {
      group = p.group;
      lines.push('', `# ${termSafe(group)}`);
    }
    lines.push(`# ${p.calls} call${p.calls === 1 ? '' : 's'}, ${p.risk}, e.g. ${termSafe(short(p.examples[0] ?? ''))}`);
    append(lines, p.rule.split('\n').map(termSafe));
  }
  return lines.join('\n');
}

/** `learn` for Gemini CLI: `--settings` names policy `.toml` files or folders, or the sessions are Gemini session logs. */
function runGeminiLearn(args: ParsedArgs, ctx: CliContext, policies: readonly GeminiFileInput[], sessions: readonly { path: string }[]): number {
  const calls: GeminiLearnCall[] = [];
  for (const s of sessions) {
    const text = ctx.readText(s.path);
    if (isGeminiSession(text)) {
      const t = readGeminiSession(s.path, text);
      for (const d of t.diagnostics) ctx.err(formatDiagnostic(d));
      for (const c of t.calls) calls.push({ call: { name: c.name, args: c.args }, recorded: c.recorded === 'cancelled' ? 'cancelled' : c.recorded === 'pending' ? 'unknown' : 'success' });
    } else {
      const script = readGeminiScript(text);
      for (const e of script.errors) ctx.err(`${termSafe(s.path)}:${e.line}: ${e.message}`);
      for (const c of script.calls) calls.push({ call: c.args === undefined ? { name: c.tool } : { name: c.tool, args: c.args }, ...(c.mode ? { mode: c.mode } : {}) });
    }
  }
  const learned = learnGeminiRules(policies, calls);
  if (args.value('format') === 'json') ctx.out(jsonTermSafe(JSON.stringify({ version: LEARN_JSON_VERSION, dialect: 'gemini', calls: calls.length, ...learned })));
  else ctx.out(geminiLearnedText(learned));
  return EXIT.ok;
}

export function runLearn(args: ParsedArgs, ctx: CliContext): number {
  const settingsNames = args.list('settings');
  const gemini = settingsNames.length > 0 && settingsNames.every((p) => !p.endsWith('.rules') && !p.endsWith('.json')) ? splitGeminiInputs(ctx, settingsNames) : undefined;
  if (gemini && gemini.others.length > 0) throw new UsageError(`--settings: ${termSafe(gemini.others.join(', '))} ${gemini.others.length === 1 ? 'is' : 'are'} not Gemini CLI policies (only [[rule]] tables)`);
  const sessionsFound = corpusSessions(args.positionals, ctx);
  if (gemini || (sessionsFound.length > 0 && settingsNames.length === 0 && sessionsFound.every((s) => isGeminiSession(ctx.readText(s.path).slice(0, 4096))))) {
    if (sessionsFound.length === 0) throw new UnreadableError(`no session logs (.jsonl, .json) in ${args.positionals.join(', ')}`);
    return runGeminiLearn(args, ctx, gemini?.gemini ?? [], sessionsFound);
  }
  const codexRules = args.list('settings').filter((p) => p.endsWith('.rules'));
  if (codexRules.length > 0 && codexRules.length < args.list('settings').length) throw new UsageError('--settings: give Claude Code settings or Codex .rules files, not both');
  const found = corpusSessions(args.positionals, ctx);
  if (codexRules.length > 0 || (found.length > 0 && found.every((s) => isCodexRollout(ctx.readText(s.path).slice(0, 4096))))) {
    if (found.length === 0) throw new UnreadableError(`no session logs (.jsonl, .txt) in ${args.positionals.join(', ')}`);
    return runCodexLearn(args, ctx, found);
  }
  const settings: SettingsInput[] = args.list('settings').map((path) => ({ scope: scopeOfPath(path), path, text: ctx.readText(path) }));
  const sessions = corpusSessions(args.positionals, ctx);
  if (sessions.length === 0) throw new UnreadableError(`no session logs (.jsonl, .json, .yaml) in ${args.positionals.join(', ')}`);
  const calls: ToolCallInput[] = [];
  let cwd = args.value('cwd');
  for (const s of sessions) {
    const text = ctx.readText(s.path);
    cwd ??= settings.length > 0 && defaultCwd(settings) !== '/' ? defaultCwd(settings) : recordedCwd(text);
    for (const item of readTrace(s.path, text).items) if (item.kind === 'event' && item.event.type === 'tool_call') calls.push({ name: item.event.tool, input: item.event.args });
  }
  const mode = args.value('permission-mode');
  const context = { cwd: cwd ?? '/', home: args.value('home') ?? DEFAULT_HOME, ...(mode ? { mode: mode as NonNullable<Parameters<typeof learnAllowList>[2]['mode']> } : {}) };
  const learned = learnAllowList(calls, settings, context);
  if (args.value('format') === 'json') ctx.out(jsonTermSafe(JSON.stringify({ version: LEARN_JSON_VERSION, cwd: context.cwd, calls: calls.length, ...learned })));
  else ctx.out(learnedText(learned, settings));
  return EXIT.ok;
}
