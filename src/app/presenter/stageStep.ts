/**
 * What the presenter says about a step (pure, tested without a browser): the verdict a decision
 * gives the node on the graph, and, for a step that decided nothing, what the engine counted or
 * did with its event ("`cargo test` ran — repeated_command 3 of 5 in 2 m"). Names are marked with
 * backticks for `CodeText`.
 */
import { callText } from '../../core/traces/callText.ts';
import type { TraceEvent } from '../../core/traces/events.ts';
import type { WorkflowEngineSnapshot, RuleStateSnapshot } from '../../core/engine/workflow/snapshot.ts';
import type { ToolEngineSnapshot } from '../../core/engine/tools/types.ts';
import type { WorkflowRule } from '../../core/model/workflow.ts';
import { groupThousands } from '../../core/engine/workflow/texts.ts';

export { verdictOf, VERDICT_LABEL, type Verdict } from '../simulator/verdict.ts';

/** What the engine's state after a step holds that a slide can quote. */
export interface StepContext {
  workflow?: WorkflowEngineSnapshot | undefined;
  tools?: ToolEngineSnapshot | undefined;
  /** The rules of the workflow's current node as written (for the window lengths). */
  nodeRules?: readonly WorkflowRule[] | undefined;
}

/** `2 m`, `90 s`, `1 h`: a rule's window, as people say it. */
export function spokenSeconds(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} m`;
  return `${seconds} s`;
}

/** The rules of the current node whose window holds this event: `repeated_command 3 of 5 in 2 m`. */
function countedBy(event: { time: number; text: string }, ctx: StepContext): string[] {
  const rules = ctx.workflow?.rules ?? [];
  return rules
    .filter((r): r is RuleStateSnapshot & { window: NonNullable<RuleStateSnapshot['window']> } => r.window !== undefined && r.window.some((w) => w.time === event.time && w.text === event.text))
    .map((r) => {
      const written = ctx.nodeRules?.[r.rule];
      const span = written && 'window' in written ? ` in ${spokenSeconds(written.window)}` : '';
      return `${r.type} ${r.value} of ${r.limit}${span}`;
    });
}

/** A rule of the current node measured in `unit`, as `token_budget 1,200 of 8,000 tokens`. */
function measured(ctx: StepContext, unit: RuleStateSnapshot['unit']): string[] {
  return (ctx.workflow?.rules ?? []).filter((r) => r.unit === unit).map((r) => `${r.type} ${groupThousands(r.value)} of ${groupThousands(r.limit)} ${r.unit}`);
}

const at = (ctx: StepContext): string => (ctx.workflow?.node ? ` in \`${ctx.workflow.node}\`` : '');
const counted = (head: string, what: string[], none: string): string => (what.length > 0 ? `${head} — ${what.join('; ')}` : `${head} — ${none}`);

/**
 * What a step that made no decision did, for its slide: the event and what the engine counted
 * (its rules' measures after the step), or that nothing counts it.
 */
export function eventSlide(event: TraceEvent, ctx: StepContext): string {
  switch (event.type) {
    case 'command':
      return counted(`\`${event.command}\` ran${at(ctx)}`, countedBy({ time: event.time, text: event.command }, ctx), 'no rule of this phase counts it');
    case 'file_edit':
      return counted(`\`${event.path}\` edited${at(ctx)}`, countedBy({ time: event.time, text: event.path }, ctx), 'no rule of this phase counts it');
    case 'commit': {
      const commits = (ctx.workflow?.rules ?? []).filter((r) => r.type === 'require_commits');
      const head = `Commit \`${event.hash}\`${event.message ? ` (${event.message})` : ''}${at(ctx)}`;
      return commits.length > 0 ? `${head} — require_commits now finds a commit` : `${head} — recorded for the phases' require_commits rules`;
    }
    case 'tokens':
      return counted(`Tokens: ${groupThousands(event.input)} in, ${groupThousands(event.output)} out${at(ctx)}`, measured(ctx, 'tokens'), ctx.workflow ? 'no token budget in this phase' : 'no rule counts tokens');
    case 'model_end':
      return counted(`The model finished a turn${at(ctx)}`, measured(ctx, 'tokens'), 'nothing counts it here');
    case 'next':
      return `Claims ${event.claims.map((c) => `\`${c}\``).join(', ') || 'nothing'}: no transition moved the workflow${ctx.workflow?.node ? `; it stays in \`${ctx.workflow.node}\`` : ''}`;
    case 'continue':
      return `The agent goes on${at(ctx)}: the phase's prompt is shown again`;
    case 'repeat':
      return `The agent asks for the phase's prompt again${at(ctx)}`;
    case 'workflow_start':
      return `The workflow starts${event.node ? ` at \`${event.node}\`` : ''}`;
    case 'batch_start':
      return ctx.tools?.orderingScope === 'batch'
        ? 'A new user message: a new batch starts, and the order and per-batch limits count from zero again'
        : 'A new user message: a new batch starts (the order is kept for the whole process)';
    case 'process_start':
      return 'A new process starts: every count starts from zero';
    case 'tool_call':
      return `\`${event.tool}\` called: no rule decided anything about it`;
  }
}

/** The short label of a step's event on the strip of calls: `load`, `cargo test`, `next spec_complete`. */
export function eventChip(event: TraceEvent): string {
  switch (event.type) {
    case 'tool_call':
      // what the call did, not only its tool: three `Bash` chips in a row say nothing to a class
      return callText(event.tool, event.args, 28);
    case 'command':
      return event.command;
    case 'file_edit':
      return `edit ${event.path}`;
    case 'commit':
      return `commit ${event.hash.slice(0, 7)}`;
    case 'next':
      return `next ${event.claims.join(', ')}`.trim();
    case 'batch_start':
      return 'new batch';
    case 'process_start':
      return 'new process';
    case 'workflow_start':
      return 'start';
    case 'model_end':
      return 'turn end';
    default:
      return event.type;
  }
}

/** What {@link quietSteps} reads of a run: its trace's items, whether a workflow runs, and which steps decided something. */
export interface QuietInput {
  items: readonly { kind: string; event?: TraceEvent; line?: number }[];
  workflow: boolean;
  decided(step: number): boolean;
  /** The trace author's note for a trace line (a step with one is never quiet). */
  noted(line: number): boolean;
}

/**
 * The steps the presenter steps over: with no workflow, a token count or a turn's end that decided
 * nothing and carries no note is not a slide (a Claude Code session's usage lines were a third of
 * its walk-through, in hegel's words). Simulate still shows every step.
 */
export function quietSteps(input: QuietInput): Set<number> {
  const quiet = new Set<number>();
  if (input.workflow) return quiet;
  input.items.forEach((item, step) => {
    const type = item.kind === 'event' ? item.event?.type : undefined;
    if ((type === 'tokens' || type === 'model_end') && !input.decided(step) && (item.line === undefined || !input.noted(item.line))) quiet.add(step);
  });
  return quiet;
}

/** How the presenter numbers its slides: the steps it shows, counted from 1 (0 before the first). */
export interface SlideNumbers {
  /** The number of the slide of `step` (0-based item index; -1, before the first, is 0). */
  of(step: number): number;
  /** How many slides the run has. */
  total: number;
}

/**
 * The slides of a run of `items` steps, the `quiet` ones left out: a Claude Code session's token
 * counts are no slides, so its calls are slides 1, 2, 3…, not steps 2, 4, 6… (review14: one key
 * went "0 → 2 → 4" and "Step 1" was never shown). A quiet step shown anyway (a teaching link's)
 * has the number of the slide before it.
 */
export function slideNumbers(items: number, quiet: ReadonlySet<number>): SlideNumbers {
  const upTo = new Int32Array(Math.max(0, items));
  let n = 0;
  for (let i = 0; i < items; i++) upTo[i] = quiet.has(i) ? n : ++n;
  return { of: (step) => (step < 0 ? 0 : (upTo[Math.min(step, items - 1)] ?? 0)), total: n };
}

/** The step the presenter goes to from `step` by `delta` (±1), over the quiet ones; `step` itself at either end. */
export function nextShownStep(step: number, delta: 1 | -1, last: number, quiet: ReadonlySet<number>): number {
  for (let s = step + delta; s >= -1 && s <= last; s += delta) if (s === -1 || !quiet.has(s)) return s;
  return step;
}

/** Where the presenter is: the step, and the decision of it shown (its index in the run's log). */
export interface StagePosition {
  step: number;
  decision: number | undefined;
}

/**
 * Where → (`delta` 1) or ← (-1) takes the presenter: through each decision of a step that made
 * several (step 6's exit, the tool it ran first, the exit again: 6.1, 6.2, 6.3, a slide each), then
 * to the next step shown, over the quiet ones ({@link nextShownStep}); entering a step forward
 * shows its first decision, backward its last. `undefined` at either end.
 */
export function stageMove(at: StagePosition, delta: 1 | -1, last: number, quiet: ReadonlySet<number>, rangeOf: (step: number) => { from: number; to: number }): StagePosition | undefined {
  if (at.step >= 0 && at.decision !== undefined) {
    const { from, to } = rangeOf(at.step);
    const within = at.decision + delta;
    if (at.decision >= from && at.decision < to && within >= from && within < to) return { step: at.step, decision: within };
  }
  const step = nextShownStep(at.step, delta, last, quiet);
  if (step === at.step) return undefined;
  if (step < 0) return { step, decision: undefined };
  const { from, to } = rangeOf(step);
  return { step, decision: to > from ? (delta === 1 ? from : to - 1) : undefined };
}
