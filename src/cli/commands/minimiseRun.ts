/** `minimise`'s run: replays to the chosen decision and shrinks the trace towards it (see `minimise.ts`). */
import { createReplay } from '../../core/engine/replay.ts';
import type { Decision } from '../../core/engine/decisions.ts';
import { groupThousands } from '../../core/engine/workflow/texts.ts';
import { prepareSimulation, refusalsOf } from '../../core/simulate.ts';
import type { TraceEvent, TraceItem } from '../../core/traces/events.ts';
import { mergeTraces, readTrace } from '../../core/traces/index.ts';
import { canonicalTraceText } from '../../core/traces/toCanonical.ts';
import { scriptedTraceText } from '../../core/traces/toScripted.ts';
import { minimise } from '../../core/verify/minimise.ts';
import { minimiseNote } from '../../core/verify/minimiseNote.ts';
import { chooseDecision, describeTarget, targetOf } from '../../core/verify/minimiseTarget.ts';
import { EXIT, type CliContext } from '../context.ts';
import { jsonTermSafe, termSafe } from '../escape.ts';
import { formatDiagnostic } from '../format.ts';
import { UsageError, type ParsedArgs } from '../registry.ts';
import { settingsFromArgs } from './simulateOptions.ts';
import { loadFiles } from './loadFiles.ts';

/** The step's decisions and the usable events, replaying the items once up to that step. */
function replayTo(items: readonly TraceItem[], upTo: number, config: Parameters<typeof createReplay>[0]): { decisions: Decision[]; events: TraceEvent[] } {
  const replay = createReplay(config);
  const events: TraceEvent[] = [];
  let decisions: Decision[] = [];
  for (let i = 0; i <= upTo; i++) {
    const item = items[i] as TraceItem;
    if (item.kind === 'event') events.push(item.event);
    decisions = replay.push(item);
  }
  return { decisions, events };
}

export async function runMinimise(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const stepArg = args.value('step');
  const eventArg = args.value('event');
  if ((stepArg === undefined) === (eventArg === undefined)) throw new UsageError('give the decision’s place with exactly one of --step K or --event E');
  const settings = settingsFromArgs(args);
  const files = loadFiles(ctx, args.positionals);
  const prepared = prepareSimulation(files, { ...(settings.agent !== undefined ? { agentName: settings.agent } : {}), profile: settings.profile, errorOnEmpty: settings.errorOnEmpty === true, errorsOnly: true });
  if (!prepared.runnable) {
    for (const d of refusalsOf(prepared.diagnostics)) ctx.err(formatDiagnostic(d));
    ctx.err('rule-studio minimise: the rule files cannot be read, so the trace was not replayed');
    return EXIT.errors;
  }
  const config = { ...(prepared.agent ? { agent: prepared.agent } : {}), ...(prepared.workflow ? { workflow: prepared.workflow } : {}), settings };
  const traces = args.list('trace');
  const items = mergeTraces(traces.map((t) => readTrace(t, ctx.readText(t)).items));

  let index: number;
  if (stepArg !== undefined) index = Number(stepArg) - 1;
  else {
    const wanted = Number(eventArg);
    index = -1;
    for (let i = 0, e = 0; i < items.length; i++) if ((items[i] as TraceItem).kind === 'event' && e++ === wanted) index = i;
    if (index < 0) throw new UsageError(`--event ${wanted}: the trace has ${groupThousands(items.filter((i) => i.kind === 'event').length)} usable events, numbered from 0`);
  }
  const where = stepArg !== undefined ? `step ${groupThousands(index + 1)}` : `event ${eventArg ?? ''}`;
  if (index >= items.length) throw new UsageError(`${where}: the trace has ${groupThousands(items.length)} steps`);

  const { decisions, events } = replayTo(items, index, config);
  const chosen = chooseDecision(decisions, args.value('kind'));
  if (!chosen.ok) throw new UsageError(`${where}: ${chosen.problem}`);
  const target = targetOf(chosen.decision);
  if (!target) throw new UsageError(`${where}: nothing to minimise towards`);

  const maxTests = args.value('max-tests');
  const started = performance.now();
  const out = minimise({ config, events, step: events.length - 1, target, ...(maxTests !== undefined ? { maxTests: Number(maxTests) } : {}) });
  const ms = performance.now() - started;
  if (!out.ok) throw new UsageError(`${where}: ${out.problem}`);
  const { result } = out;
  const kept = result.origin.map((e) => groupThousands(e)).join(', ');
  const note = minimiseNote(result, ms);
  if (args.value('format') === 'jsonl') ctx.out(jsonTermSafe(canonicalTraceText(result.events).trimEnd()));
  else {
    const source = traces.join(', ');
    const comment = [`Minimised by rule-studio from ${source} (${where}): ${describeTarget(target)}.`, `Kept events ${kept} of the original (numbered from 0, as simulate prints them).`].join('\n');
    ctx.out(scriptedTraceText(result.events, comment).trimEnd().split('\n').map(termSafe).join('\n'));
  }
  ctx.err(termSafe(note));
  return EXIT.ok;
}
