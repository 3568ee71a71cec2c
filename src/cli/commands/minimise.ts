import { loadRuleFile } from '../../core/codecs/load.ts';
import { createReplay } from '../../core/engine/replay.ts';
import type { Decision, DecisionKind } from '../../core/engine/decisions.ts';
import { groupThousands } from '../../core/engine/workflow/texts.ts';
import { prepareSimulation } from '../../core/simulate.ts';
import type { TraceEvent, TraceItem } from '../../core/traces/events.ts';
import { mergeTraces, readTrace } from '../../core/traces/index.ts';
import { canonicalTraceText } from '../../core/traces/toCanonical.ts';
import { scriptedTraceText } from '../../core/traces/toScripted.ts';
import { minimise } from '../../core/verify/minimise.ts';
import { minimiseNote } from '../../core/verify/minimiseNote.ts';
import { chooseDecision, describeTarget, targetOf } from '../../core/verify/minimiseTarget.ts';
import { wholeNumberProblem } from '../args.ts';
import { EXIT, type CliContext } from '../context.ts';
import { jsonTermSafe, termSafe } from '../escape.ts';
import { formatDiagnostic } from '../format.ts';
import { defineCommand, UsageError, type ParsedArgs } from '../registry.ts';
import { SIMULATE_SETTING_OPTIONS, settingsFromArgs } from './simulateOptions.ts';
import { TRACE_OPTION } from './sharedOptions.ts';

const KINDS: readonly DecisionKind[] = ['allowed', 'auto', 'blocked', 'deduplicated', 'denied', 'timeout', 'not_found', 'ignored', 'exit', 'exit_blocked', 'periodic_due', 'transition', 'interrupt'];
const positive = (raw: string) => (raw === '0' ? 'must be 1 or more' : wholeNumberProblem(raw, 'steps', 2 ** 31 - 1));

/** `minimise <rule files…> --trace <files…> --step K [options]` */
export const minimiseCommand = defineCommand({
  name: 'minimise',
  summary: 'shrink a trace to the fewest, simplest events that still give one decision (scripted YAML)',
  positionals: { name: '<rule files…>', noun: 'rule file', description: 'agent and/or workflow rule files', min: 1 },
  options: [
    TRACE_OPTION,
    {
      kind: 'value',
      name: 'step',
      placeholder: '<K>',
      check: positive,
      description: "the decision's step, as the studio and rule-set tests count them: one per trace item, from 1",
      example: '--step 81234',
    },
    {
      kind: 'value',
      name: 'event',
      placeholder: '<E>',
      check: (raw) => wholeNumberProblem(raw, 'events', 2 ** 31 - 1),
      description: "instead of --step: the decision's `event` as `simulate` prints it (usable events, from 0)",
      example: '--event 81233',
    },
    {
      kind: 'value',
      name: 'kind',
      choices: KINDS,
      default: 'the first violation at the step, else its only decision',
      description: 'which of the step’s decisions to keep (a step can decide several things)',
      example: '--kind blocked',
    },
    {
      kind: 'value',
      name: 'format',
      choices: ['yaml', 'jsonl'],
      default: 'yaml',
      description: 'the minimised trace as a scripted trace (yaml) or canonical events (jsonl)',
      example: '--format jsonl',
    },
    {
      kind: 'value',
      name: 'max-tests',
      placeholder: '<n>',
      check: (raw) => wholeNumberProblem(raw, 'tests', 2 ** 31 - 1),
      default: 'no limit',
      description: 'stop after testing this many candidates (the result is then shorter, not yet minimal)',
      example: '--max-tests 5000',
    },
    ...SIMULATE_SETTING_OPTIONS,
  ],
  examples: [
    'rule-studio minimise agent.toml --trace session.jsonl --step 81234 > minimal.yaml',
    'rule-studio minimise agent.toml workflow.yaml --trace hooks.jsonl states.jsonl --event 5120 --kind interrupt',
    'rule-studio minimise agent.toml --trace session.jsonl --step 12 --format jsonl --dedupe-window 0',
  ],
  exitCodes:
    'exit codes: 0 minimised (the trace on stdout, the closing note on stderr), 1 the rule files have errors, 2 unreadable input, bad usage, or no such decision at that step',
  run: runMinimise,
});

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

async function runMinimise(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const stepArg = args.value('step');
  const eventArg = args.value('event');
  if ((stepArg === undefined) === (eventArg === undefined)) throw new UsageError('give the decision’s place with exactly one of --step K or --event E');
  const settings = settingsFromArgs(args);
  const files = args.positionals.map((p) => loadRuleFile(p, ctx.readText(p)));
  const prepared = prepareSimulation(files, { ...(settings.agent !== undefined ? { agentName: settings.agent } : {}), profile: settings.profile ?? 'spec' });
  if (!prepared.runnable) {
    for (const d of prepared.diagnostics.filter((x) => x.severity === 'error')) ctx.err(formatDiagnostic(d));
    ctx.err('rule-studio minimise: the rule files have errors, so the trace was not replayed');
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
