/** The window structures against naive models (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnchoredWindow } from '../../src/core/engine/workflow/anchoredWindow.ts';
import { SlidingWindow } from '../../src/core/engine/workflow/slidingWindow.ts';
import type { WindowEntry } from '../../src/core/engine/workflow/windowEntry.ts';

/** A stream of events: each step advances the clock and may add an event with one of few texts. */
const stream = fc.array(fc.record({ dt: fc.nat({ max: 40 }), text: fc.option(fc.constantFrom('a', 'b', 'c', 'd'), { nil: undefined }) }), {
  maxLength: 300,
});

describe('SlidingWindow', () => {
  it('matches a naive recount at every step (size, leader with ties to the latest, recent events), ranked or not', () => {
    fc.assert(
      fc.property(stream, fc.integer({ min: 1, max: 120 }), fc.boolean(), (steps, windowMs, ranked) => {
        const w = new SlidingWindow(windowMs, ranked);
        const all: WindowEntry[] = [];
        let now = 0;
        steps.forEach((s, seq) => {
          now += s.dt;
          if (s.text !== undefined) {
            const e = { time: now, text: s.text, tool: 'Bash', seq };
            all.push(e);
            w.push(e);
          }
          w.advance(now);
          const live = all.filter((e) => e.time >= now - windowMs);
          expect(w.size).toBe(live.length);
          expect(w.contents()).toEqual(live);
          expect(w.recent()).toEqual(live.slice(-5));
          const counts = new Map<string, { n: number; last: number }>();
          for (const e of live) counts.set(e.text, { n: (counts.get(e.text)?.n ?? 0) + 1, last: e.seq });
          expect(w.distinctCount).toBe(counts.size);
          let best: { text: string; n: number; last: number } | undefined;
          for (const [text, c] of counts) if (!best || c.n > best.n || (c.n === best.n && c.last > best.last)) best = { text, ...c };
          expect(w.leader()).toEqual(best && { text: best.text, count: best.n });
          for (const text of counts.keys()) expect(w.recent(text)).toEqual(live.filter((e) => e.text === text).slice(-5));
        });
      }),
      { numRuns: 200 },
    );
  });

  it('keeps memory bounded by the window: a long run with a short window holds only the live entries', () => {
    const w = new SlidingWindow(10);
    for (let i = 0; i < 100_000; i++) {
      w.push({ time: i, text: `cmd ${i % 1000}`, tool: 'Bash', seq: i });
      w.advance(i);
      if (i % 97 === 0) w.leader();
    }
    expect(w.size).toBe(11);
    expect(w.distinctCount).toBe(11);
    expect(w.leader()).toEqual({ text: 'cmd 999', count: 1 });
  });
});

describe('AnchoredWindow', () => {
  it('keeps exactly the events with start ≤ time ≤ start + window', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 200 })), fc.nat({ max: 100 }), (times, windowMs) => {
        const w = new AnchoredWindow(windowMs);
        w.reset(0);
        const sorted = [...times].sort((a, b) => a - b);
        sorted.forEach((time, seq) => w.offer({ time, text: 'x', tool: 'Bash', seq }));
        const inside = sorted.filter((t) => t >= 0 && t <= windowMs);
        expect(w.size).toBe(inside.length);
        expect(w.recent().map((e) => e.time)).toEqual(inside.slice(-5));
      }),
    );
  });
});
