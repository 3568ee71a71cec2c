/**
 * The one numbering of a run every surface uses (the step counter, the timeline's rows, the
 * explanation, the State panel, the presenter): steps are the trace's items, counted from 1;
 * step 0 is "before the first step". A step that made several decisions numbers them `5.1`,
 * `5.2`… so a timeline row always says which step of the counter it belongs to. Internally a
 * step is the 0-based item index (-1 = before the first), as the store and the worker keep it.
 */

/** Where a step's decisions lie in the run's decision list (a `DecisionLog` answers this). */
export interface StepRanges {
  /** The step (0-based item index) of the decision at `index`, or -1 when there is none. */
  stepOf(index: number): number;
  /** Decision indices [from, to) made by `step`. */
  rangeOfStep(step: number): { from: number; to: number };
}

/** The number people see for a step: `5` for the item at index 4; `0` before the first step. */
export const stepNumber = (step: number): number => Math.max(-1, step) + 1;

/** `Step 5`, or `Before the first step` for step 0 (index -1). */
export function stepLabel(step: number): string {
  return step < 0 ? 'Before the first step' : `Step ${stepNumber(step)}`;
}

/** The step counter: `Step 5 of 9` (`Step 0 of 9` before the first step). */
export function stepCounter(step: number, items: number): string {
  return `Step ${stepNumber(step)} of ${items}`;
}

/**
 * The number of the decision at `index` in the step numbering: `5` when step 5 made only this
 * decision, `5.2` for the second of the decisions step 5 made.
 */
export function decisionNumber(log: StepRanges, index: number): string {
  const step = log.stepOf(index);
  if (step < 0) return '';
  const { from, to } = log.rangeOfStep(step);
  return to - from > 1 ? `${stepNumber(step)}.${index - from + 1}` : String(stepNumber(step));
}
