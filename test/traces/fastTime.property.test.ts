/**
 * Issue 28: the canonical reader's time fast path takes every RFC 3339 form the readers accept
 * (any fraction length, `T`/`t`/space, `Z`/`z`, `±HH:MM`, `±HHMM`) and agrees with the slow path
 * (`parseTraceTime`, the regex) on random times, valid or not, alone on a line and read in place
 * with more of the line after it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CanonicalFastLine } from '../../src/core/traces/canonicalFastLine.ts';
import { parseTraceTime } from '../../src/core/traces/validateEvent.ts';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const bytes = (s: string) => new TextEncoder().encode(s);

/** The reader's (private) time fast path on all of `b`: the epoch ms it leaves, or undefined when it leaves the text to the slow path. */
function fastTimeOf(reader: CanonicalFastLine, b: Uint8Array): number | undefined {
  reader.use(b);
  const ok = (reader as unknown as { fastTime(b: Uint8Array, s: number, e: number): boolean }).fastTime(b, 0, b.length);
  return ok ? reader.timeMs[0] : undefined;
}

/** A time in one of the accepted forms, its parts in range or, now and then, just outside. */
const timeArb = fc
  .record({
    y: fc.integer({ min: 1, max: 9999 }),
    mo: fc.integer({ min: 0, max: 13 }),
    d: fc.integer({ min: 0, max: 32 }),
    h: fc.integer({ min: 0, max: 24 }),
    mi: fc.integer({ min: 0, max: 60 }),
    s: fc.integer({ min: 0, max: 61 }),
    sep: fc.constantFrom('T', 't', ' '),
    frac: fc.option(fc.stringMatching(/^[0-9]{1,12}$/), { nil: undefined }),
    zone: fc.oneof(
      fc.constantFrom('Z', 'z', ''),
      fc.record({ sign: fc.constantFrom('+', '-'), oh: fc.integer({ min: 0, max: 25 }), om: fc.integer({ min: 0, max: 61 }), colon: fc.boolean() }),
    ),
  })
  .map(({ y, mo, d, h, mi, s, sep, frac, zone }) => {
    const z = typeof zone === 'string' ? zone : `${zone.sign}${pad(zone.oh)}${zone.colon ? ':' : ''}${pad(zone.om)}`;
    return `${pad(y, 4)}-${pad(mo)}-${pad(d)}${sep}${pad(h)}:${pad(mi)}:${pad(s)}${frac === undefined ? '' : `.${frac}`}${z}`;
  });

/** A valid time with one character replaced (most such texts are no time at all). */
const mangledArb = fc.tuple(timeArb, fc.nat(40), fc.constantFrom('x', '.', ':', '-', '+', '9', ' ', 'Z', '"', '\\')).map(([t, at, c]) => {
  const k = at % t.length;
  return t.slice(0, k) + c + t.slice(k + 1);
});

describe('canonical time fast path (issue 28)', () => {
  it('reads every accepted form as the slow path does, on random times', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(timeArb, mangledArb), { minLength: 1, maxLength: 8 }), (times) => {
        // One reader for several lines, so the remembered date is exercised across them.
        const reader = new CanonicalFastLine();
        for (const t of times) {
          const slow = parseTraceTime(t);
          const b = bytes(t);
          const fast = fastTimeOf(reader, b);
          if (slow.ok) expect({ t, ms: fast }).toEqual({ t, ms: slow.ms });
          else expect({ t, ms: fast }).toEqual({ t, ms: undefined });
          const line = bytes(`{"type":"batch_start","time":"${t}"}`);
          const event = slow.ok ? { type: 'batch_start', time: slow.ms, ...(slow.offset === 0 ? {} : { utcOffset: slow.offset }) } : undefined;
          expect({ t, event: reader.parse(line, 0, line.length) }).toStrictEqual({ t, event });
          // read in place, its end found by its shape, with more of the line after it
          const call = bytes(`{"time":"${t}","type":"tool_call","tool":"a"}\n`);
          const callEvent = slow.ok ? { type: 'tool_call', time: slow.ms, tool: 'a', args: {}, outcome: 'ok', duration_ms: 0, ...(slow.offset === 0 ? {} : { utcOffset: slow.offset }) } : undefined;
          expect({ t, event: reader.parse(call, 0, call.length) }).toStrictEqual({ t, event: callEvent });
          // the usual line, whose time is read in one pass (any other form goes the general way)
          const usual = bytes(`{"type":"tool_call","time":"${t}","tool":"a"}\n`);
          expect({ t, event: reader.parse(usual, 0, usual.length) }).toStrictEqual({ t, event: callEvent });
          // and cut short anywhere: never an event the full reader would not give
          const cut = usual.subarray(0, 28 + (t.length % 31));
          expect({ t, event: reader.parse(cut, 0, cut.length) }).toStrictEqual({ t, event: cut.length >= usual.length - 1 ? callEvent : undefined });
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('takes microsecond and offset times without the slow path', () => {
    const reader = new CanonicalFastLine();
    const fast = (t: string) => fastTimeOf(reader, bytes(t));
    fast('2025-01-01T00:00:00Z');
    expect(fast('2025-01-01T10:00:00.010000Z')).toBe(Date.UTC(2025, 0, 1, 10, 0, 0, 10));
    expect(fast('2025-01-01T12:00:00.5+02:00')).toBe(Date.UTC(2025, 0, 1, 10, 0, 0, 500));
    expect(fast('2025-01-01T05:30:00.123456789-0430')).toBe(Date.UTC(2025, 0, 1, 10, 0, 0, 123));
    expect(fast('2025-01-01 10:00:60z')).toBe(Date.UTC(2025, 0, 1, 10, 0, 59));
  });
});
