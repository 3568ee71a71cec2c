/** `check`'s run: every diagnostic of the rule files in the chosen format (see `check.ts`). */
import { checkFiles, hasErrors, type Profile } from '../../core/check.ts';
import { EXIT, type CliContext } from '../context.ts';
import { formatDiagnostic, summarize } from '../format.ts';
import { jsonTermSafe } from '../escape.ts';
import { githubAnnotations } from '../formats/github.ts';
import { toSarif } from '../formats/sarif.ts';
import { UsageError, type ParsedArgs } from '../registry.ts';
import type { Format } from './check.ts';
import { loadFiles } from './loadFiles.ts';

export function runCheck(args: ParsedArgs, ctx: CliContext): number {
  const given = args.value('format') as Format | undefined;
  if (args.flag('json') && given !== undefined && given !== 'json')
    throw new UsageError(`--json and --format ${given} ask for two different formats`);
  const format: Format = args.flag('json') ? 'json' : (given ?? 'text');
  const profile = (args.value('profile') ?? 'spec') as Profile;
  const diagnostics = checkFiles(loadFiles(ctx, args.positionals), profile);
  if (format === 'json') ctx.out(jsonTermSafe(JSON.stringify(diagnostics, null, 2)));
  else if (format === 'sarif') ctx.out(jsonTermSafe(JSON.stringify(toSarif(diagnostics, ctx.version ?? '0.0.0'), null, 2)));
  else if (format === 'github') {
    const lines = githubAnnotations(diagnostics);
    if (lines.length > 0) ctx.out(lines.join('\n'));
    ctx.err(summarize(diagnostics));
  } else {
    for (const d of diagnostics) ctx.out(formatDiagnostic(d));
    ctx.err(summarize(diagnostics));
  }
  return hasErrors(diagnostics) ? EXIT.errors : EXIT.ok;
}
