import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatClock, formatIso, parseTime } from '../src/core/time.ts';

describe('trace time', () => {
  it('parses RFC 3339 with Z or an offset (kept, in minutes east of UTC), truncating finer digits to milliseconds', () => {
    expect(parseTime('2025-01-01T10:00:00Z')).toEqual({ ok: true, ms: Date.UTC(2025, 0, 1, 10), offset: 0 });
    expect(parseTime('2025-01-01T12:00:00+02:00')).toEqual({ ok: true, ms: Date.UTC(2025, 0, 1, 10), offset: 120 });
    expect(parseTime('2025-01-01T05:30:00-04:30')).toEqual({ ok: true, ms: Date.UTC(2025, 0, 1, 10), offset: -270 });
    expect(parseTime('2025-01-01T10:00:04.5009Z')).toEqual({ ok: true, ms: Date.UTC(2025, 0, 1, 10, 0, 4, 500), offset: 0 });
  });

  it('rejects a time without an offset instead of reading it as local time', () => {
    const r = parseTime('2025-01-01T10:00:00');
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toContain('no offset');
  });

  it('rejects impossible dates and non-strings', () => {
    expect(parseTime('2025-02-30T10:00:00Z').ok).toBe(false);
    expect(parseTime('2025-13-01T10:00:00Z').ok).toBe(false);
    expect(parseTime(12).ok).toBe(false);
  });

  it('rejects offsets out of range (RFC 3339: hours 00–23, minutes 00–59), keeping the extremes', () => {
    for (const bad of ['2025-01-01T10:00:00+24:00', '2025-01-01T10:00:00-24:00', '2025-01-01T10:00:00+99:00', '2025-01-01T10:00:00+05:60']) {
      const r = parseTime(bad);
      expect(r, bad).toEqual({ ok: false, message: `'${bad}' has an offset out of range (hours 00–23, minutes 00–59)` });
    }
    expect(parseTime('2025-01-01T23:59:00+23:59')).toEqual({ ok: true, ms: Date.UTC(2025, 0, 1, 0, 0), offset: 1439 });
    expect(parseTime('2025-01-01T00:00:00-23:59')).toEqual({ ok: true, ms: Date.UTC(2025, 0, 1, 23, 59), offset: -1439 });
  });

  it('knows leap years: 29 February only in them', () => {
    expect(parseTime('2025-02-29T10:00:00Z').ok).toBe(false);
    expect(parseTime('1900-02-29T10:00:00Z').ok).toBe(false);
    expect(parseTime('2024-02-29T10:00:00Z')).toEqual({ ok: true, ms: Date.UTC(2024, 1, 29, 10), offset: 0 });
    expect(parseTime('2000-02-29T10:00:00Z')).toEqual({ ok: true, ms: Date.UTC(2000, 1, 29, 10), offset: 0 });
  });

  it('formats like Date.prototype.toISOString for any time, also across day changes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -62_000_000_000_000, max: 250_000_000_000_000 }), { minLength: 1, maxLength: 20 }), (times) => {
        for (const t of times) expect(formatIso(t)).toBe(new Date(t).toISOString());
      }),
    );
  });

  it('round-trips through parseTime and formats clock times in UTC', () => {
    const ms = Date.UTC(2025, 0, 1, 9, 5, 7, 123);
    expect(parseTime(formatIso(ms))).toEqual({ ok: true, ms, offset: 0 });
    expect(formatClock(ms)).toBe('09:05:07');
  });
});
