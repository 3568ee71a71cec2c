import { checkFiles, hasErrors } from '../../core/check.ts';
import { oneOf, parseArgs, UsageError } from '../args.ts';
import { EXIT, type CliContext } from '../context.ts';
import { formatDiagnostic, summarize } from '../format.ts';
import { loadFiles } from './loadFiles.ts';

/** `check <files…> [--json] [--profile spec|hegel]` */
export function runCheck(argv: readonly string[], ctx: CliContext): number {
  const args = parseArgs(argv, { values: ['profile'], booleans: ['json'] });
  if (args.positionals.length === 0) throw new UsageError('check needs at least one file');
  const profile = oneOf(args, 'profile', ['spec', 'hegel'] as const) ?? 'spec';
  const diagnostics = checkFiles(loadFiles(ctx, args.positionals), profile);
  if (args.flags.has('json')) ctx.out(JSON.stringify(diagnostics, null, 2));
  else {
    for (const d of diagnostics) ctx.out(formatDiagnostic(d));
    ctx.err(summarize(diagnostics));
  }
  return hasErrors(diagnostics) ? EXIT.errors : EXIT.ok;
}
