import { describeAgent } from '../../core/describe/usage.ts';
import { parseArgs, UsageError } from '../args.ts';
import { EXIT, type CliContext } from '../context.ts';
import { formatDiagnostic } from '../format.ts';
import { loadFiles } from './loadFiles.ts';

/** `describe <file>`: the usage-description block of each agent, separated by a blank line. */
export function runDescribe(argv: readonly string[], ctx: CliContext): number {
  const args = parseArgs(argv, { values: [] });
  if (args.positionals.length !== 1) throw new UsageError('describe takes exactly one file');
  const [file] = loadFiles(ctx, args.positionals);
  if (!file) return EXIT.ok;
  for (const d of file.diagnostics) if (d.severity === 'error') ctx.err(formatDiagnostic(d));
  const blocks = file.agents.map((a) =>
    file.agents.length > 1 ? `<!-- agent: ${a.name} -->\n${describeAgent(a)}` : describeAgent(a),
  );
  if (blocks.length === 0) ctx.err(`${file.file}: no agents with tool rules in this file`);
  else ctx.out(blocks.join('\n'));
  return EXIT.ok;
}
