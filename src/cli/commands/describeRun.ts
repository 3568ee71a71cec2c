/** `describe`'s run: the usage-description block of each agent (see `describe.ts`). */
import { describeAgent } from '../../core/describe/usage.ts';
import { EXIT, type CliContext } from '../context.ts';
import { termSafe, termSafeData } from '../escape.ts';
import { formatDiagnostic } from '../format.ts';
import type { ParsedArgs } from '../registry.ts';
import { loadFiles } from './loadFiles.ts';

export function runDescribe(args: ParsedArgs, ctx: CliContext): number {
  const [file] = loadFiles(ctx, args.positionals);
  if (!file) return EXIT.ok;
  const errors = file.diagnostics.filter((d) => d.severity === 'error');
  for (const d of errors) ctx.err(formatDiagnostic(d));
  // Names are escaped before the block is built, so none breaks a line or starts one.
  const blocks = file.agents.map(termSafeData).map((a) =>
    file.agents.length > 1 ? `<!-- agent: ${a.name} -->\n${describeAgent(a)}` : describeAgent(a),
  );
  if (blocks.length === 0) ctx.err(`${termSafe(file.file)}: no agents with tool rules in this file`);
  else ctx.out(blocks.join('\n'));
  // A refused file (over the size limit, binary, broken syntax) or one with nothing to describe
  // fails, so a CI job sees it.
  return blocks.length === 0 || errors.length > 0 ? EXIT.errors : EXIT.ok;

}
