/** `report`: a corpus of sessions replayed one run each, summed up (see `report.ts`). */
import { buildReport, shardOf, type CorpusReport } from '../../core/corpus/summary.ts';
import { reportHtml, reportText } from '../../core/corpus/render.ts';
import { EXIT, type CliContext } from '../context.ts';
import { jsonTermSafe, termSafe } from '../escape.ts';
import { formatDiagnostic } from '../format.ts';
import { UnreadableError } from '../io.ts';
import type { ParsedArgs } from '../registry.ts';
import { replayCorpus } from '../corpus/pool.ts';
import { prepareJob, type CorpusJob } from '../../core/corpus/replaySession.ts';
import { settingsFromArgs } from './simulateOptions.ts';
import { reportWorkers } from './report.ts';

const TRACE_FILE = /\.(jsonl|json|ya?ml)$/i;

/** The sessions named by `--corpus`: files as given, folders' traces; sorted by name, no repeats. */
export function corpusSessions(paths: readonly string[], ctx: CliContext): { path: string; name: string }[] {
  const seen = new Set<string>();
  const out: { path: string; name: string }[] = [];
  for (const p of paths) {
    const listed = ctx.listFiles ? ctx.listFiles(p) : [p];
    const folder = listed.length !== 1 || listed[0] !== p;
    for (const f of listed)
      if ((!folder || TRACE_FILE.test(f)) && !seen.has(f)) {
        seen.add(f);
        out.push({ path: f, name: f });
      }
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Writes a report in the chosen format (shared with `merge`). */
export function writeReport(report: CorpusReport, format: string, ctx: CliContext): void {
  if (format === 'json') ctx.out(jsonTermSafe(JSON.stringify(report)));
  else if (format === 'html') ctx.out(reportHtml(report));
  else ctx.out(reportText(report, { escape: termSafe }));
}

export async function runReport(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const job: CorpusJob = { rules: args.positionals.map((path) => ({ path, text: ctx.readText(path) })), settings: settingsFromArgs(args) };
  const { config, diagnostics, rules } = prepareJob(job);
  for (const d of diagnostics.filter((x) => x.severity === 'error')) ctx.err(formatDiagnostic(d));
  if (!config) {
    ctx.err('rule-studio report: the rule files hold no agent and no workflow to replay the sessions against');
    return EXIT.errors;
  }
  const all = corpusSessions(args.list('corpus'), ctx);
  if (all.length === 0) throw new UnreadableError(`no session logs (.jsonl, .json, .yaml) in ${args.list('corpus').join(', ')}`);
  const [index, count] = (args.value('shard') ?? '1/1').split('/').map(Number) as [number, number];
  const sessions = shardOf(all, index, count);
  const tty = process.stderr.isTTY === true;
  let shown = 0;
  const progress = (done: number, total: number) => {
    const now = Date.now();
    if (!tty || (now - shown < 100 && done < total)) return;
    shown = now;
    process.stderr.write(`\rReplaying sessions: ${done.toLocaleString('en')} of ${total.toLocaleString('en')}${done === total ? '\n' : ''}`);
  };
  const results = await replayCorpus(job, sessions, reportWorkers(args), progress);
  const report = buildReport(rules, results.map((r) => ({ session: r.session, rules: new Map(r.rules) })), { index, count });
  writeReport(report, args.value('format') ?? 'text', ctx);
  return EXIT.ok;
}
