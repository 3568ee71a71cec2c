import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReplay, replayItems } from '../../src/core/engine/replay.ts';
import { isViolation, overviewBins } from '../../src/core/simulator/index.ts';
import { busyAgent, busyWorkflow, traceArb } from './arbitraries.ts';
import { ev } from './helpers.ts';

describe('overviewBins', () => {
  it('bins tile the events and their counts agree with a brute-force count', () => {
    fc.assert(
      fc.property(traceArb, fc.integer({ min: 1, max: 20 }), (items, bins) => {
        const r = createReplay({ agent: busyAgent, workflow: busyWorkflow });
        const ds = items.flatMap((i) => r.push(i));
        const events = r.snapshot().events;
        const out = overviewBins(ds, events, bins);
        expect(out.length).toBe(Math.min(bins, Math.max(1, events)));
        expect(out[0]?.fromEvent).toBe(0);
        expect(out.at(-1)?.toEvent).toBe(Math.max(1, events));
        out.forEach((b, i) => {
          if (i > 0) expect(b.fromEvent).toBe(out[i - 1]?.toEvent);
          const last = i === out.length - 1;
          const mine = ds.filter((d) => d.event >= b.fromEvent && (d.event < b.toEvent || last));
          expect(b.decisions).toBe(mine.length);
          expect(b.violations).toBe(mine.filter(isViolation).length);
          expect(b.interrupts).toBe(mine.filter((d) => d.kind === 'interrupt').length);
          expect(b.firstViolationSeq).toBe(mine.find(isViolation)?.seq);
        });
      }),
      { numRuns: 100 },
    );
  });

  it('puts an error after the last event in the last bin', () => {
    const ds = replayItems([ev(0, 'workflow_start'), ev(1, 'next', { claims: [] }), { kind: 'error', line: 3, message: 'line 3: bad' }], {});
    const bins = overviewBins(ds, 2, 2);
    expect(bins.map((b) => [b.fromEvent, b.toEvent, b.violations])).toEqual([
      [0, 1, 0],
      [1, 2, 1],
    ]);
  });
});
