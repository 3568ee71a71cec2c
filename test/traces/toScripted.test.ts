/**
 * Events → scripted trace text (used to open a minimised trace in the simulator): reading the text
 * back gives the same events, for random traces of every event type.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import { readScripted } from '../../src/core/traces/scripted.ts';
import { scriptedDuration, scriptedTraceText } from '../../src/core/traces/toScripted.ts';
import { parseDuration } from '../../src/core/traces/scriptedDuration.ts';
import { traceArb } from '../fuzz/traceArbitrary.ts';

/** What a scripted trace cannot say: a recorded call's `activity_recorded` mark. */
const expressible = (e: TraceEvent): TraceEvent => {
  if (e.type !== 'tool_call' || e.activity_recorded === undefined) return e;
  const { activity_recorded: _dropped, ...rest } = e;
  return rest;
};

describe('scriptedTraceText', () => {
  it('reads back as the same events', () => {
    fc.assert(
      fc.property(traceArb(['alpha', 'beta', 'Bash'], ['start', 'code', 'done']), (events) => {
        const text = scriptedTraceText(events, 'minimised');
        const items = readScripted(text, 'm.yaml');
        expect(items.filter((i) => i.kind === 'error')).toEqual([]);
        expect(items.map((i) => (i.kind === 'event' ? i.event : i))).toEqual(events.map(expressible));
      }),
      { seed: 20261124, numRuns: 60 },
    );
  });

  it('writes one flow mapping per step, the action first, and the comment on top', () => {
    const t = Date.UTC(2025, 0, 1, 10, 0, 0);
    const text = scriptedTraceText(
      [
        { type: 'tool_call', time: t, tool: 'build', args: {}, outcome: 'ok', duration_ms: 0 },
        { type: 'tool_call', time: t + 90_500, tool: 'deploy', args: { version: '1.2' }, outcome: 'error', duration_ms: 0 },
        { type: 'next', time: t + 90_500, claims: ['done'] },
      ],
      'Minimised from 9 events',
    );
    expect(text).toBe(
      ['# Minimised from 9 events', '', 'start: 2025-01-01T10:00:00.000Z', 'steps:', '  - { call: build }', '  - { call: deploy, after: 1m30s500ms, args: { version: "1.2" }, outcome: error }', '  - { next: [ done ] }', ''].join('\n'),
    );
  });

  it('writes gaps as exact durations', () => {
    for (const ms of [0, 1, 999, 1000, 61_000, 3_600_000, 3_723_004]) expect(parseDuration(scriptedDuration(ms))).toEqual({ ok: true, ms });
    expect(scriptedDuration(3_723_004)).toBe('1h2m3s4ms');
  });
});
