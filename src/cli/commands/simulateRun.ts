/** `simulate`'s run: replays traces through the rules and prints the decisions (see `simulate.ts`). */
import { loadRuleFile } from '../../core/codecs/load.ts';
import { createReplay } from '../../core/engine/replay.ts';
import { serializeDecision, type Decision } from '../../core/engine/decisions.ts';
import { prepareSimulation } from '../../core/simulate.ts';
import type { Profile } from '../../core/engine/settings.ts';
import { createProfileComparison, serializeProfileDiffEntry, serializeProfileDiffSummary } from '../../core/simulator/compareProfiles.ts';
import type { TraceItem } from '../../core/traces/events.ts';
import { detectTraceFormat, mergeTraces, readTrace, createStreamingReader, type LineReader } from '../../core/traces/index.ts';
import { EXIT, type CliContext } from '../context.ts';
import { jsonTermSafe } from '../escape.ts';
import { formatDiagnostic } from '../format.ts';
import type { ParsedArgs } from '../registry.ts';
import { settingsFromArgs } from './simulateOptions.ts';

/** Decisions are written in batches of this many lines, or sooner once they hold this many characters. */
const OUTPUT_BATCH = 2000;
const OUTPUT_BATCH_CHARS = 1 << 20;

/**
 * Replays the traces (merged by time) and prints the decision stream as JSONL. A single
 * line-based trace is streamed, so memory stays bounded by the rules and windows, not the trace
 * length.
 */
export async function runSimulate(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const traces = args.list('trace');
  const settings = settingsFromArgs(args);

  const files = args.positionals.map((p) => loadRuleFile(p, ctx.readText(p)));
  const prepared = prepareSimulation(files, {
    ...(settings.agent !== undefined ? { agentName: settings.agent } : {}),
    profile: settings.profile ?? 'spec',
  });
  const errors = prepared.diagnostics.filter((d) => d.severity === 'error');
  if (!prepared.runnable) {
    for (const d of errors) ctx.err(formatDiagnostic(d));
    ctx.err('rule-studio simulate: the rule files have errors, so the traces were not replayed');
    return EXIT.errors;
  }

  const config = {
    ...(prepared.agent ? { agent: prepared.agent } : {}),
    ...(prepared.workflow ? { workflow: prepared.workflow } : {}),
    settings,
  };
  let batch: string[] = [];
  let batchChars = 0;
  // Small batches: a few long failure messages (Pattern's PrerequisitesNotMet lists every call of the
  // scope) would otherwise make strings of tens of megabytes to join, scan and encode.
  const write = (line: string) => {
    batch.push(line);
    batchChars += line.length;
    if (batch.length >= OUTPUT_BATCH || batchChars >= OUTPUT_BATCH_CHARS) {
      ctx.out(jsonTermSafe(batch.join('\n')));
      batch = [];
      batchChars = 0;
    }
  };
  const other = args.value('compare-profile') as Profile | undefined;
  const comparison = other === undefined ? undefined : createProfileComparison(config, other);
  const replay = comparison ? undefined : createReplay(config);
  const decisions: Decision[] = [];
  const emit = (items: readonly TraceItem[]) => {
    for (const item of items) {
      if (comparison) for (const e of comparison.push(item)) write(serializeProfileDiffEntry(e, comparison.profiles));
      else if (replay) {
        replay.pushInto(item, decisions);
        for (let i = 0; i < decisions.length; i++) write(serializeDecision(decisions[i] as Decision));
        decisions.length = 0;
      }
    }
  };

  const only = traces.length === 1 ? traces[0] : undefined;
  if (only !== undefined && ctx.readChunks) await streamOne(only, ctx, emit);
  else emit(mergeTraces(traces.map((t) => readTrace(t, ctx.readText(t)).items)));
  if (comparison) write(serializeProfileDiffSummary(comparison.summary()));
  if (batch.length > 0) ctx.out(jsonTermSafe(batch.join('\n')));
  return EXIT.ok;
}

/** Streams one trace file through its line reader, or reads it whole when its format needs that. */
async function streamOne(path: string, ctx: CliContext, emit: (items: readonly TraceItem[]) => void): Promise<void> {
  const chunks = ctx.readChunks?.(path);
  if (!chunks) return;
  const head: string[] = [];
  let headLength = 0;
  /** undefined while sniffing the format; null for a whole-document format. */
  let reader: LineReader | null | undefined;
  const decide = (): LineReader | null => {
    const text = head.join('');
    const r = createStreamingReader(detectTraceFormat(path, text.slice(0, 65536)), path) ?? null;
    if (r) {
      emit(r.push(text));
      head.length = 0;
    }
    return r;
  };
  for await (const chunk of chunks) {
    if (reader) {
      emit(reader.push(chunk));
      continue;
    }
    head.push(chunk);
    headLength += chunk.length;
    if (reader === undefined && (headLength >= 4096 || chunk.includes('\n'))) reader = decide();
  }
  if (reader === undefined) reader = decide();
  if (reader) emit(reader.end());
  else emit(readTrace(path, head.join('')).items);
}
