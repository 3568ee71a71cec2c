/** How a decision looks in the timeline: an icon, a style class, its text and its marks (outcome, flow, rule). */
import { ruleNumber } from '../../core/model/ruleNumber.ts';
import type { AutoReason, ConsentUsed, Decision, DecisionKind, Flow } from '../../core/engine/decisions.ts';
import { isViolation } from '../../core/simulator/violations.ts';
import type { RecordedOutcome } from '../../core/permissions/claude/agreement.ts';

/**
 * Text symbols that common fonts have (DejaVu, Liberation, Segoe UI Symbol, Apple Symbols): no
 * emoji-only code points such as ⛔ ✋ ⏱, which headless Chromium on Linux draws as empty boxes.
 */
const ICONS: Record<DecisionKind, string> = {
  allowed: '✓',
  auto: '⚙',
  blocked: '⊘',
  deduplicated: '≡',
  denied: '⊖',
  timeout: '◔',
  not_found: '?',
  ignored: '·',
  exit: '⏏',
  exit_blocked: '⊘',
  periodic_due: '↻',
  transition: '→',
  interrupt: '⚠',
  error: '✗',
};

/** The icon of a decision kind. */
export const kindIcon = (kind: DecisionKind): string => ICONS[kind];

/** The row class: `sim-k-<kind>` plus `sim-violation` for violations (they stand out). */
export const kindClass = (d: Pick<Decision, 'kind'>): string => `sim-k-${d.kind}${isViolation(d) ? ' sim-violation' : ''}`;

/** A dedupe window as people say it: `5 min`, `30 s`, `1500 ms`. */
export function windowText(ms: number): string {
  if (ms > 0 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms > 0 && ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/**
 * A small mark at the end of a timeline row: the outcome, the flow, the deciding rule, the consent
 * or the automatic call's reason. `glyph` is what the row shows (a symbol, or a short word such as
 * `#4`); `words` is what a screen reader and the tooltip say (`rule #4`, `the turn ends`).
 */
export interface DecisionMark {
  /** The column it sits in: the same column on every row, so marks line up. */
  slot: 'note' | 'main' | 'flow';
  glyph: string;
  words: string;
  tone?: 'ok' | 'error' | 'muted';
}

/** A row's text: the verb and subject (`blocked load`) and a quieter detail (`PrerequisitesNotMet`). */
export interface DecisionHead {
  text: string;
  detail?: string;
  /** What joins text and detail: `': '` for a sentence (`exit blocked: pending save`), else a space. */
  join?: ': ';
}

const FLOW: Record<Flow, { glyph: string; words: string }> = {
  continue: { glyph: '↻', words: 'the agent continues' },
  heartbeat: { glyph: '♥', words: 'heartbeat: the agent continues' },
  exit: { glyph: '⏏', words: 'the agent exits' },
  end: { glyph: '∎', words: 'the turn ends' },
};

/** A call's outcome as a transcript recorded it, where that is not "it ran". */
const RECORDED_WORDS: Readonly<Record<Exclude<RecordedOutcome, 'ran'>, string>> = {
  rejected: 'rejected by the user in the session, not run',
  error: 'returned an error in the session',
};

const CONSENT: Record<ConsentUsed, string> = { approve_once: 'once', approve_scope: 'scope', approve_for: 'for', grant: 'grant' };

const outcomeMark = (outcome: 'ok' | 'error'): DecisionMark =>
  outcome === 'ok' ? { slot: 'main', glyph: '✓', words: 'ran: ok', tone: 'ok' } : { slot: 'main', glyph: '✗', words: 'ran: returned an error', tone: 'error' };
const flowMark = (flow: Flow): DecisionMark => ({ slot: 'flow', ...FLOW[flow] });
const ruleMark = (rule: number): DecisionMark => ({ slot: 'main', glyph: ruleNumber(rule), words: `rule ${ruleNumber(rule)}` });
const reasonMark = (reason: AutoReason): DecisionMark =>
  reason === 'start_constraint' ? { slot: 'note', glyph: 'start', words: 'automatic: a start tool', tone: 'muted' } : { slot: 'note', glyph: 'exit', words: 'automatic: required before exit', tone: 'muted' };

/** The marks of a decision, in column order (note, main, flow); none for kinds that have nothing to add. */
export function decisionMarks(d: Decision): DecisionMark[] {
  switch (d.kind) {
    case 'allowed':
      return [...(d.consent ? [{ slot: 'note' as const, glyph: CONSENT[d.consent], words: `consent: ${d.consent.replace('_', ' ')}`, tone: 'muted' as const }] : []), outcomeMark(d.outcome), flowMark(d.flow)];
    case 'auto':
      return [reasonMark(d.reason), outcomeMark(d.outcome), flowMark(d.flow)];
    case 'blocked':
    case 'denied':
    case 'timeout':
    case 'not_found':
    case 'deduplicated':
      return [...(d.reason ? [reasonMark(d.reason)] : []), ...(d.rule !== undefined && d.rule >= 0 ? [ruleMark(d.rule)] : [])];
    case 'periodic_due':
    case 'interrupt':
      return [ruleMark(d.rule)];
    default:
      return [];
  }
}

/**
 * The text of a decision's row, e.g. `blocked load` with detail `MaxCallsExceeded`. A
 * deduplicated call says it was merged into the identical call before it, and within which window
 * (`dedupeWindowMs`, the run's setting, when known): it did not run and was not counted. `call`:
 * the call the decision is about as the worker named it (`Bash(npm run build)`), said in place of
 * the tool alone.
 */
export function decisionHead(d: Decision, dedupeWindowMs?: number, call?: string): DecisionHead {
  switch (d.kind) {
    case 'deduplicated':
      return { text: `merged ${call ?? d.tool}`, join: ': ', detail: `same call as one within the ${dedupeWindowMs !== undefined ? `${windowText(dedupeWindowMs)} ` : ''}dedupe window, not run or counted` };
    case 'auto':
      return { text: `auto ${d.tool}` };
    case 'allowed':
    case 'ignored':
      return { text: `${d.kind} ${call ?? d.tool}` };
    case 'blocked':
    case 'denied':
    case 'timeout':
    case 'not_found':
      return { text: `${d.kind.replace('_', ' ')} ${call ?? d.tool}`, detail: d.code };
    case 'exit':
      return { text: 'exit' };
    case 'exit_blocked':
      return { text: 'exit blocked', join: ': ', detail: `pending ${d.pending.join(', ')}` };
    case 'periodic_due':
      return { text: `periodic due ${d.tool}` };
    case 'transition':
      return { text: `transition ${d.from} → ${d.to}` };
    case 'interrupt':
      return { text: `interrupt ${d.node} ${d.ruleType}` };
    case 'error': {
      // the reader's message already starts `line N:`: said once, in the row's text
      const prefix = `line ${d.line}: `;
      return { text: d.line > 0 ? `error line ${d.line}` : 'error', join: ': ', detail: d.message.startsWith(prefix) ? d.message.slice(prefix.length) : d.message };
    }
  }
}

/**
 * One line describing a decision in words, for tooltips, the Changes list and the presenter, e.g.
 * `blocked load MaxCallsExceeded — rule #4` or `allowed extract — ran: ok, the turn ends`. `recorded`:
 * what a Claude Code transcript recorded of the call, said in place of the trace's outcome.
 */
export function decisionLabel(d: Decision, dedupeWindowMs?: number, recorded?: RecordedOutcome): string {
  const { head, marks } = decisionLabelParts(d, dedupeWindowMs, recorded);
  return marks.length > 0 ? `${head} — ${marks.join(', ')}` : head;
}

/**
 * {@link decisionLabel} in its two parts: the head (`auto search_docs`, `blocked load
 * MaxCallsExceeded`) and the marks' words (`automatic: a start tool`, `ran: ok`, `the turn ends`),
 * for the stage, which sets them apart.
 */
export function decisionLabelParts(d: Decision, dedupeWindowMs?: number, recorded?: RecordedOutcome): { head: string; marks: string[] } {
  const head = decisionHead(d, dedupeWindowMs);
  // What the session's transcript recorded of the call says what happened to it, not the trace's default outcome.
  const marks = decisionMarks(d).map((m) => (m.slot === 'main' && (d.kind === 'allowed' || d.kind === 'auto') && recorded !== undefined && recorded !== 'ran' ? { ...m, words: RECORDED_WORDS[recorded] } : m));
  return { head: head.detail !== undefined ? `${head.text}${head.join ?? ' '}${head.detail}` : head.text, marks: marks.map((m) => m.words) };
}
