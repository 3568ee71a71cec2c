import { describe, expect, it } from 'vitest';
import { DecisionLog } from '../../src/app/simulator/decisionLog.ts';
import { decisionNumber, stepCounter, stepLabel, stepNumber } from '../../src/app/simulator/stepNumbering.ts';

/** A log whose decisions were made by these steps (0-based item indices). */
function logOf(steps: number[]): DecisionLog {
  const log = new DecisionLog();
  log.appendSteps(steps);
  return log;
}

describe('step numbering', () => {
  it('counts steps from 1, with 0 before the first step', () => {
    expect(stepNumber(-1)).toBe(0);
    expect(stepNumber(4)).toBe(5);
    expect(stepCounter(-1, 9)).toBe('Step 0 of 9');
    expect(stepCounter(4, 9)).toBe('Step 5 of 9');
    expect(stepLabel(4)).toBe('Step 5');
    expect(stepLabel(-1)).toBe('Before the first step');
  });

  it('numbers a row by the step of the counter, several decisions of one step as 5.1, 5.2', () => {
    // step 0 made the automatic start call and the call itself; step 2 made nothing
    const log = logOf([0, 0, 1, 3, 4, 4, 4]);
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => decisionNumber(log, i))).toEqual(['1.1', '1.2', '2', '4', '5.1', '5.2', '5.3']);
    // the last decision a step selects carries the counter's number
    const selected = log.selectedByStep(4);
    expect(selected).toBe(6);
    expect(decisionNumber(log, selected as number).split('.')[0]).toBe(stepCounter(4, 5).split(' ')[1]);
  });

  it('has no number for a decision the log does not hold', () => {
    expect(decisionNumber(logOf([0]), 5)).toBe('');
  });
});

describe('a deduplicated call in the timeline', () => {
  it('says it was merged, with the window, and that it was not run or counted', async () => {
    const { decisionLabel, windowText } = await import('../../src/app/simulator/decisionText.ts');
    const d = { seq: 3, event: 2, time: '2025-01-01T10:00:00.000Z', kind: 'deduplicated' as const, tool: 'search', code: 'Deduplicated' as const, message: 'Duplicate call to search within dedupe window' };
    expect(decisionLabel(d, 300_000)).toBe('merged search: same call as one within the 5 min dedupe window, not run or counted');
    expect(decisionLabel(d)).toBe('merged search: same call as one within the dedupe window, not run or counted');
    expect([windowText(300_000), windowText(30_000), windowText(1500), windowText(0)]).toEqual(['5 min', '30 s', '1500 ms', '0 ms']);
  });
});
