/**
 * The strip of calls as the presenter's slides go (pure, tested without a browser): one chip per
 * step so far, and, for a step that made several decisions (ETL step 6: send_message, the
 * automatic disconnect_db, the exit), a small sub-chip for each decision besides the step's own
 * call, so the chip marked current is always the slide's decision (`Step 6.2`).
 */
import type { Decision } from '../../core/engine/decisions.ts';
import type { TraceItem } from '../../core/traces/events.ts';
import { stepNumber, type StepRanges } from '../simulator/stepNumbering.ts';
import { eventChip, verdictOf, VERDICT_LABEL, type Verdict } from './stageStep.ts';

export interface StripChip {
  /** The decision it shows (its index in the run's log); undefined for a step that decided nothing. */
  decision: number | undefined;
  /** `6` on a step's own chip, `6.2` on a sub-chip. */
  number: string;
  label: string;
  verdict: Verdict;
  /** The symbol before the label (undefined: none, a step that decided nothing). */
  icon: string | undefined;
  /** A decision of the step other than its own call (an automatic call, the exit): drawn small. */
  sub: boolean;
  /** What a screen reader says: `Step 6.2: disconnect_db, automatic, allowed`. */
  name: string;
  current: boolean;
}

export interface StripStep {
  step: number;
  chips: StripChip[];
}

/** What the strip reads of a run: its log (decisions and their steps). */
export interface StripLog extends StepRanges {
  at(index: number): Decision | undefined;
}

const ICON: Record<Verdict, string> = { allowed: '✓', blocked: '⊘', denied: '⊘', interrupt: '⚠', quiet: '≡', current: '·' };
/** Sub-chips drawn at most for one step (its own call and the current decision always are). */
const SUBS = 6;

/** A decision's words on a sub-chip: the tool, `exit`, the phase entered. */
function decisionLabel(d: Decision | undefined): string {
  if (!d) return '…';
  switch (d.kind) {
    case 'exit':
      return 'exit';
    case 'exit_blocked':
      return 'exit refused';
    case 'transition':
      return `→ ${d.to}`;
    case 'interrupt':
      return d.ruleType;
    case 'error':
      return 'error';
    default:
      return d.tool;
  }
}

function decisionIcon(d: Decision | undefined, verdict: Verdict): string | undefined {
  if (!d) return undefined;
  return d.kind === 'auto' ? '⚙' : d.kind === 'exit' ? '⏏' : ICON[verdict];
}

/** The step's own decision: the one about the call the trace made (not an automatic one), else its last. */
function ownDecision(log: StripLog, from: number, to: number, item: TraceItem): number {
  const tool = item.kind === 'event' && item.event.type === 'tool_call' ? item.event.tool : undefined;
  for (let j = from; j < to && tool !== undefined; j++) {
    const d = log.at(j);
    if (d && d.kind !== 'auto' && 'tool' in d && d.tool === tool) return j;
  }
  return to - 1;
}

/**
 * The strip's steps [`first`, `step`] of `items`: each step's chip (its call, numbered by the step,
 * with its own decision's verdict) and its other decisions' sub-chips in decision order; `current`
 * on the chip of `selected` (on a step that decided nothing, its chip). The `quiet` steps, which
 * are no slides (a token count), have no chip either, unless one is the step shown.
 */
export function stripSteps(
  log: StripLog,
  items: readonly TraceItem[],
  first: number,
  step: number,
  selected: number | undefined,
  quiet: ReadonlySet<number> = new Set(),
  /** The number a step's chip shows: its slide's (see `slideNumbers`), by default its step's. */
  numberOf: (step: number) => number = stepNumber,
): StripStep[] {
  const out: StripStep[] = [];
  for (let i = Math.max(0, first); i <= step && i < items.length; i++) {
    if (i !== step && quiet.has(i)) continue;
    const item = items[i] as TraceItem;
    const { from, to } = log.rangeOfStep(i);
    const label = item.kind === 'event' ? eventChip(item.event) : `line ${item.line}`;
    const here = i === step;
    const n = numberOf(i);
    if (to <= from) {
      out.push({ step: i, chips: [{ decision: undefined, number: String(n), label, verdict: 'current', icon: undefined, sub: false, name: `Step ${n}: ${label}`, current: here }] });
      continue;
    }
    const own = ownDecision(log, from, to, item);
    const mark = here ? (selected !== undefined && selected >= from && selected < to ? selected : own) : -1;
    const chips: StripChip[] = [];
    for (let j = from; j < to; j++) {
      const d = log.at(j);
      const verdict = d ? verdictOf(d.kind) : 'current';
      const word = d ? VERDICT_LABEL[verdict].toLowerCase() : 'reading';
      if (j === own) {
        chips.push({ decision: j, number: String(n), label, verdict, icon: d ? ICON[verdict] : undefined, sub: false, name: `Step ${n}: ${label}, ${word}`, current: j === mark });
        continue;
      }
      // a step of very many decisions: the first few, and the current one
      if (chips.filter((c) => c.sub).length >= SUBS && j !== mark) continue;
      const text = decisionLabel(d);
      const number = to - from > 1 ? `${n}.${j - from + 1}` : String(n);
      const name = d?.kind === 'exit' ? `Step ${number}: exit, the loop ends` : `Step ${number}: ${text}${d?.kind === 'auto' ? ', automatic' : ''}, ${word}`;
      chips.push({ decision: j, number, label: text, verdict, icon: decisionIcon(d, verdict), sub: true, name, current: j === mark });
    }
    out.push({ step: i, chips });
  }
  return out;
}
