/** `convert`'s run: normalises a rule file and prints the written form (see `convert.ts`). */
import { hasErrors } from '../../core/check.ts';
import { writeRuleFile } from '../../core/codecs/write.ts';
import { mergeSettings, mergedSettingsText } from '../../core/permissions/claude/index.ts';
import { defaultCwd } from '../../core/permissions/claude/replayContext.ts';
import { EXIT, type CliContext } from '../context.ts';
import { jsonTermSafe } from '../escape.ts';
import { formatDiagnostic } from '../format.ts';
import type { ParsedArgs } from '../registry.ts';
import { loadFiles } from './loadFiles.ts';

export function runConvert(args: ParsedArgs, ctx: CliContext): number {
  const to = args.value('to') as 'toml' | 'yaml' | 'json';
  const [file] = loadFiles(ctx, args.positionals, { moveAgentRules: args.flag('move-agent-rules') });
  if (!file) return EXIT.errors;
  for (const d of file.diagnostics) ctx.err(formatDiagnostic(d));
  if (hasErrors(file.diagnostics)) return EXIT.errors;
  const claude = file.agents.find((a) => a.family === 'claude');
  if (claude) {
    // Claude Code settings have one form, Claude Code's: written back as settings.json, never as a Pattern agent.
    if (to !== 'json') {
      ctx.err(`${file.file}: Claude Code settings are written as JSON only: use --to json`);
      return EXIT.unreadable;
    }
    ctx.out(jsonTermSafe(mergedSettingsText(mergeSettings(claude.claudeSettings ?? [], defaultCwd(claude.claudeSettings ?? [])))));
    return EXIT.ok;
  }
  const written = writeRuleFile({ agents: file.agents, workflows: file.workflows }, to);
  for (const d of written.diagnostics) ctx.err(formatDiagnostic({ ...d, file: file.file }));
  // JSON: DEL, C1 and bidi controls as \u escapes (same data); the TOML and YAML writers escape them themselves.
  ctx.out(to === 'json' ? jsonTermSafe(written.text) : written.text);
  return hasErrors(written.diagnostics) ? EXIT.errors : EXIT.ok;

}
