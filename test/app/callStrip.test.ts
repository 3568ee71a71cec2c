import { describe, expect, it } from 'vitest';
import type { Decision, DecisionBody } from '../../src/core/engine/decisions.ts';
import type { TraceItem } from '../../src/core/traces/events.ts';
import { stripSteps } from '../../src/app/presenter/callStrip.ts';

// ETL's step 6 (index 5): send_message ran, disconnect_db ran automatically, the loop exited.
const bodies: [number, DecisionBody][] = [
  [0, { kind: 'auto', tool: 'connect_db', reason: 'start_constraint', outcome: 'ok', flow: 'continue' }],
  [0, { kind: 'blocked', tool: 'transform', code: 'PrerequisitesNotMet', message: '' }],
  [5, { kind: 'allowed', tool: 'send_message', outcome: 'ok', flow: 'exit' }],
  [5, { kind: 'auto', tool: 'disconnect_db', reason: 'exit_requirement', outcome: 'ok', flow: 'end' }],
  [5, { kind: 'exit' }],
];
const decisions = bodies.map(([event, b], seq) => ({ seq, event, time: '', ...b }) as Decision);
const log = {
  at: (i: number) => decisions[i],
  stepOf: (i: number) => decisions[i]?.event ?? -1,
  rangeOfStep: (step: number) => {
    const idx = decisions.flatMap((d, i) => (d.event === step ? [i] : []));
    const from = idx[0] ?? decisions.findIndex((d) => d.event > step);
    return idx.length ? { from, to: (idx.at(-1) as number) + 1 } : { from: from < 0 ? decisions.length : from, to: from < 0 ? decisions.length : from };
  },
};
const call = (tool: string, line: number): TraceItem => ({ kind: 'event', line, event: { type: 'tool_call', time: 0, tool } }) as TraceItem;
const items = [call('transform', 1), call('extract', 2), call('transform', 3), call('load', 4), call('load', 5), call('send_message', 6)];

describe('the call strip follows the slides', () => {
  it('gives a step of several decisions its own chip and a sub-chip per other decision, the slide’s one current', () => {
    const steps = stripSteps(log, items, 0, 5, 3);
    const six = steps.at(-1)?.chips ?? [];
    expect(six.map((c) => [c.number, c.label, c.sub, c.current])).toEqual([
      ['6', 'send_message', false, false],
      ['6.2', 'disconnect_db', true, true],
      ['6.3', 'exit', true, false],
    ]);
    expect(six.map((c) => c.name)).toEqual(['Step 6: send_message, allowed', 'Step 6.2: disconnect_db, automatic, allowed', 'Step 6.3: exit, the loop ends']);
    expect(steps.flatMap((s) => s.chips).filter((c) => c.current)).toHaveLength(1);
  });

  it('marks the step’s own call on its own decision; an automatic call before it comes first', () => {
    const one = stripSteps(log, items, 0, 0, 1)[0]?.chips ?? [];
    expect(one.map((c) => [c.number, c.label, c.verdict, c.current])).toEqual([
      ['1.1', 'connect_db', 'allowed', false],
      ['1', 'transform', 'blocked', true],
    ]);
    // a step that decided nothing has one chip, current when it is the step
    const two = stripSteps(log, items, 1, 1, undefined);
    expect(two).toEqual([{ step: 1, chips: [expect.objectContaining({ number: '2', decision: undefined, current: true, name: 'Step 2: extract' })] }]);
  });

  it('leaves out the steps that are no slides (token counts), unless one is the step shown', () => {
    const quiet = new Set([1, 2]);
    expect(stripSteps(log, items, 0, 5, undefined, quiet).map((s) => s.step)).toEqual([0, 3, 4, 5]);
    expect(stripSteps(log, items, 0, 2, undefined, quiet).map((s) => s.step)).toEqual([0, 2]);
  });
});
