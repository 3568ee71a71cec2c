/**
 * What the worker answers about a finished run: the state at a step with a decision explained,
 * the next violation, what-if diffs, summaries and JSONL. Pure functions over {@link RunSession}s
 * (no worker globals), so Vitest can call them directly.
 */
import { profileFor } from '../core/engine/settings.ts';
import { profileReason } from '../core/simulator/profileReasons.ts';
import type { Decision } from '../core/engine/decisions.ts';
import type { TraceEvent } from '../core/traces/events.ts';
import { explainDecision } from '../core/simulator/explain.ts';
import { recordedCallOf } from '../core/permissions/claude/agreement.ts';
import { diffDecisions } from '../core/simulator/diff.ts';
import { summarize, type Summary } from '../core/simulator/summary.ts';
import { decisionsJsonl } from '../core/simulator/jsonl.ts';
import { isViolation } from '../core/simulator/violations.ts';
import type { Stepper } from '../core/simulator/stepper.ts';
import type { RunSession } from './sessions.ts';
import { firstDecisionOfEvent, overviewBins } from '../core/simulator/overview.ts';
import { decisionMatcher, toolsOf, type DecisionFilter } from '../core/simulator/decisionFilter.ts';
import { decisionCallText } from '../core/simulator/decisionCall.ts';
import { CALLED_SHOWN, MAX_WINDOW, type DecisionWindow, type FilteredRows, type Inspection, type RunDiff, type RunOverview, type StepState } from './protocol.ts';

/** The state after `step` (clamped), read from the session's stepper. */
export function stateAt(session: RunSession, stepper: Stepper, step: number): StepState {
  const view = stepper.at(step);
  const item = view.step >= 0 ? session.items[view.step] : undefined;
  return {
    step: view.step,
    items: session.items.length,
    decisionCount: view.decisionCount,
    stepDecisions: [...view.stepDecisions],
    snapshot: view.snapshot,
    ...(item?.kind === 'event' ? { event: item.event } : {}),
    ...(item?.kind === 'error' ? { lineError: { line: item.line, message: item.message } } : {}),
  };
}

/**
 * The state at `step` and, when `seq` is given, decision `seq` explained with the state after its
 * own step (which is `step` when the page keeps them in step; otherwise the decision's step wins).
 */
export function inspectRun(session: RunSession, stepper: Stepper, step: number, seq?: number): Inspection {
  const decision = seq === undefined ? undefined : session.decisions[seq];
  const decisionStep = decision ? session.steps[decision.seq] : undefined;
  const state = stateAt(session, stepper, decisionStep ?? step);
  if (!decision) return { state: shown(state) };
  const { agent, workflow, settings } = session.config;
  const explanation = explainDecision(decision, {
    ...(agent ? { agent } : {}),
    ...(workflow ? { workflow } : {}),
    ...(settings ? { settings } : {}),
    ...(session.locateRule ? { locateRule: session.locateRule } : {}),
    ...(state.event ? { event: state.event } : {}),
    ...(recordedOf(session, state.event) ? { recorded: recordedOf(session, state.event) } : {}),
    state: state.snapshot,
  });
  const recorded = recordedCallOf(decision, state.event, session.recorded);
  return { state: shown(state), explanation, seq: decision.seq, ...(recorded ? { recorded } : {}) };
}

/** What the session's transcript recorded of the event's call, if it is one it recorded. */
const recordedOf = (session: RunSession, event: TraceEvent | undefined) =>
  event?.type === 'tool_call' && event.id !== undefined ? session.recorded?.get(event.id) : undefined;

/**
 * The state as the page shows it (explanations are made from the whole state first): the last
 * {@link CALLED_SHOWN} calls of the ordering scope and their number, not every one of them.
 */
function shown(state: StepState): StepState {
  const tools = state.snapshot.tools;
  if (!tools || tools.called.length <= CALLED_SHOWN) return state;
  return { ...state, snapshot: { ...state.snapshot, tools: { ...tools, called: tools.called.slice(-CALLED_SHOWN) } }, calledCount: tools.called.length };
}

/** The first violation after `fromSeq` (-1: from the start) and its step. */
export function nextViolationOf(session: RunSession, fromSeq: number): { seq: number; step: number } | undefined {
  const all = session.decisions;
  for (let i = Math.max(0, fromSeq + 1); i < all.length; i++) {
    const d = all[i] as Decision;
    if (isViolation(d)) return { seq: d.seq, step: session.steps[i] ?? -1 };
  }
  return undefined;
}

/** The diff of two runs with at most `limit` entries listed. */
export function diffRuns(before: RunSession, after: RunSession, limit = 2_000): RunDiff {
  const d = diffDecisions(before.decisions, after.decisions);
  const truncated = Math.max(0, d.entries.length - limit);
  let entries = truncated > 0 ? d.entries.slice(0, limit) : d.entries;
  const from = profileFor(before.config.settings?.profile, before.config.agent);
  const to = profileFor(after.config.settings?.profile, after.config.agent);
  // Two runs under different profiles: each entry says which documented difference explains it.
  if (from !== to) entries = entries.map((e) => ({ ...e, reason: profileReason(e, from, to, after.config.agent).text }));
  const jumps = entries.map((e) => e.after?.seq ?? firstDecisionOfEvent(after.decisions, e.event));
  return { ...d, entries, truncated, jumps };
}

/** Summary of several runs, against the rules of the last one. */
export function summaryOfRuns(sessions: readonly RunSession[]): Summary {
  const last = sessions.at(-1);
  const agent = last?.config.agent;
  const workflow = last?.config.workflow;
  return summarize(
    sessions.map((s) => s.decisions),
    { ...(agent ? { agent } : {}), ...(workflow ? { workflow } : {}) },
  );
}

/** A run's decisions as JSONL. */
export const jsonlOf = (session: RunSession): string => decisionsJsonl(session.decisions);

/**
 * Decisions [from, to) of a run (clamped; at most {@link MAX_WINDOW}), each with the call it is
 * about as its row names it (`Bash(npm run build)`): made here for the window only, so the calls'
 * arguments stay in the worker. `named` false: the decisions alone (`calls` empty), for a reader
 * that draws no rows.
 */
export function windowOf(session: RunSession, from: number, to: number, named = true): DecisionWindow {
  const start = Math.max(0, Math.floor(from));
  const decisions = session.decisions.slice(start, Math.max(start, Math.min(Math.floor(to), start + MAX_WINDOW)));
  const calls = named ? decisions.map((d, k) => decisionCallText(d, session.items[session.steps[start + k] ?? -1])) : [];
  return { decisions, calls };
}

/** The indices of the decisions ≥ `from` that `filter` shows, among those the run has so far. */
export function filterRowsOf(session: RunSession, filter: DecisionFilter, from: number): FilteredRows {
  const match = decisionMatcher(filter);
  const all = session.decisions;
  const rows: number[] = [];
  for (let i = Math.max(0, from); i < all.length; i++) if (match(all[i] as Decision)) rows.push(i);
  return { rows: Int32Array.from(rows), scanned: all.length };
}

/** The overview strip's bins (each with the decision a click on it jumps to) and the run's tools. */
export function overviewOf(session: RunSession, bins: number): RunOverview {
  const all = session.decisions;
  let events = 0;
  for (const item of session.items) if (item.kind === 'event') events++;
  return {
    bins: overviewBins(all, events, bins).map((b) => {
      const firstSeq = firstDecisionOfEvent(all, b.fromEvent);
      return firstSeq !== undefined ? { ...b, firstSeq } : b;
    }),
    tools: toolsOf(all),
  };
}
