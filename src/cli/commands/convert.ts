import { hasErrors } from '../../core/check.ts';
import { writeRuleFile } from '../../core/codecs/write.ts';
import { oneOf, parseArgs, UsageError } from '../args.ts';
import { EXIT, type CliContext } from '../context.ts';
import { formatDiagnostic } from '../format.ts';
import { loadFiles } from './loadFiles.ts';

/** `convert <file> --to toml|yaml|json`: normalises and prints the written form. */
export function runConvert(argv: readonly string[], ctx: CliContext): number {
  const args = parseArgs(argv, { values: ['to'] });
  if (args.positionals.length !== 1) throw new UsageError('convert takes exactly one file');
  const to = oneOf(args, 'to', ['toml', 'yaml', 'json'] as const);
  if (!to) throw new UsageError('convert needs --to toml|yaml|json');
  const [file] = loadFiles(ctx, args.positionals);
  if (!file) return EXIT.errors;
  for (const d of file.diagnostics) ctx.err(formatDiagnostic(d));
  if (hasErrors(file.diagnostics)) return EXIT.errors;
  const written = writeRuleFile({ agents: file.agents, workflows: file.workflows }, to);
  for (const d of written.diagnostics) ctx.err(formatDiagnostic({ ...d, file: file.file }));
  ctx.out(written.text);
  return hasErrors(written.diagnostics) ? EXIT.errors : EXIT.ok;
}
