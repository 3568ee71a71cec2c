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

export function runLearn(args: ParsedArgs, ctx: CliContext): number {
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
