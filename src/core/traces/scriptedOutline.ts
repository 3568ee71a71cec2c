/**
 * A scripted trace read for its author, without expanding anything (`repeat` counts cost nothing):
 * every problem with its line and column, and each step that compiled with the time its first
 * event happens at. The editor marks the problems and the calls the dedupe window will merge; Run
 * refuses a trace that has problems (see `docs/reference/traces.md`).
 */
import type { TraceEvent } from './events.ts';
import { MAX_SCRIPTED_EVENTS, budgetError, isPlanned, planScripted } from './scripted.ts';
import { checkEventObject } from './validateEvent.ts';

/** One problem of a scripted trace: 1-based line and column, and the message (`line N: …`, as the replay's error items say it). */
export interface ScriptedProblem {
  line: number;
  column: number;
  message: string;
}

/** A step that compiled: where it is, its 1-based number, its first event (with its time) and its repeats. */
export interface OutlinedStep {
  line: number;
  column: number;
  number: number;
  event: TraceEvent;
  /** The step's `after`, ms (0 without one). */
  after: number;
  /** How many identical events (1 unless `repeat`). */
  count: number;
  /** Clock advance between two of them, ms. */
  every: number;
}

export interface ScriptedOutline {
  /** In line order; empty when the trace reads whole. */
  problems: ScriptedProblem[];
  steps: OutlinedStep[];
}

/**
 * The problems and steps of a scripted trace: the same problems the replay would report as error
 * items (a trace past `budget` events has only that one), found in time and memory that do not
 * depend on the `repeat` counts.
 */
export function scriptedOutline(text: string, budget: number = MAX_SCRIPTED_EVENTS): ScriptedOutline {
  const { clock: start, plan } = planScripted(text, undefined);
  const over = budgetError(plan, budget, undefined);
  if (over?.kind === 'error') {
    const step = plan.find((e) => isPlanned(e) && e.line === over.line);
    return { problems: [{ line: over.line, column: step && isPlanned(step) ? step.column : 1, message: over.message }], steps: [] };
  }
  const problems: ScriptedProblem[] = [];
  const steps: OutlinedStep[] = [];
  let clock = start;
  for (const entry of plan) {
    if (!isPlanned(entry)) {
      if (entry.kind === 'error') problems.push({ line: entry.line, column: entry.column ?? 1, message: entry.message });
      continue;
    }
    const { line, column, number, step } = entry;
    const first = checkEventObject({ ...step.event, time: clock + step.after });
    if (!first.ok) {
      problems.push({ line, column, message: `line ${line}: step ${number}: ${first.problem}` });
      continue;
    }
    clock += step.after;
    steps.push({ line, column, number, event: first.event, after: step.after, count: step.count, every: step.every });
    clock += step.every * (step.count - 1);
  }
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  return { problems, steps };
}
