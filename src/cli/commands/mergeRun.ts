/** `merge`: the JSON reports of the shards of one `report` run, as one report (see `merge.ts`). */
import { mergeReports, type CorpusReport } from '../../core/corpus/summary.ts';
import { EXIT, type CliContext } from '../context.ts';
import { UnreadableError } from '../io.ts';
import type { ParsedArgs } from '../registry.ts';
import { writeReport } from './reportRun.ts';

export function runMerge(args: ParsedArgs, ctx: CliContext): number {
  const parts = args.positionals.map((p) => {
    try {
      return JSON.parse(ctx.readText(p)) as CorpusReport;
    } catch (e) {
      if (e instanceof UnreadableError) throw e;
      throw new UnreadableError(`${p}: not a JSON report (${e instanceof Error ? e.message : String(e)})`);
    }
  });
  const merged = mergeReports(parts);
  if (typeof merged === 'string') throw new UnreadableError(`cannot merge: ${merged}`);
  writeReport(merged, args.value('format') ?? 'text', ctx);
  return EXIT.ok;
}
