/**
 * The decision writer (`serializeDecision`, built as one string without an intermediate object)
 * writes exactly what `JSON.stringify` writes for the spec's key order (`traces.md` §4): checked on
 * every decision of the fuzz cases and on decisions with extra, undefined and unusual values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayItems } from '../../src/core/engine/replay.ts';
import { serializeDecision, type Decision } from '../../src/core/engine/decisions.ts';
import { caseArb } from './arbitraries.ts';

const ORDER: Record<string, string[]> = {
  allowed: ['tool', 'outcome', 'flow', 'consent'],
  auto: ['tool', 'reason', 'outcome', 'flow'],
  blocked: ['tool', 'code', 'rule', 'message', 'reason'],
  deduplicated: ['tool', 'code', 'rule', 'message', 'reason'],
  denied: ['tool', 'code', 'rule', 'message', 'reason'],
  timeout: ['tool', 'code', 'rule', 'message', 'reason'],
  not_found: ['tool', 'code', 'rule', 'message', 'reason'],
  ignored: ['tool'],
  exit: [],
  exit_blocked: ['pending', 'code', 'message'],
  periodic_due: ['tool', 'rule'],
  transition: ['from', 'to'],
  interrupt: ['node', 'ruleType', 'rule', 'text'],
  error: ['line', 'message'],
};

/** The spec's key order through an object and JSON.stringify: the reference. */
function reference(d: Decision): string {
  const rec = d as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { seq: d.seq, event: d.event, time: d.time, kind: d.kind };
  for (const k of ORDER[d.kind] ?? []) if (rec[k] !== undefined) out[k] = rec[k];
  for (const k of Object.keys(rec)) if (!(k in out) && rec[k] !== undefined) out[k] = rec[k];
  return JSON.stringify(out);
}

describe('serializeDecision', () => {
  it('writes every decision of random replays as JSON.stringify would, keys in the spec order', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const ds = replayItems(
          c.trace.map((event) => ({ kind: 'event' as const, event })),
          { ...(c.agent ? { agent: c.agent } : {}), ...(c.workflow ? { workflow: c.workflow } : {}), settings: c.settings },
        );
        for (const d of ds) expect(serializeDecision(d)).toBe(reference(d));
      }),
      { numRuns: 200 },
    );
  });

  it('escapes strings, drops undefined fields and keeps extra fields after the spec ones', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ maxLength: 100 }), fc.jsonValue(), fc.integer(), (tool, message, extra, rule) => {
        const d = { message, seq: 1, event: 0, time: '2025-01-01T00:00:00.000Z', kind: 'blocked', tool, code: 'MaxCallsExceeded', rule, reason: undefined, extra } as unknown as Decision;
        expect(serializeDecision(d)).toBe(reference(d));
        expect(JSON.parse(serializeDecision(d))).toEqual(JSON.parse(reference(d)));
      }),
    );
    const nan = { seq: 0, event: 0, time: 't', kind: 'periodic_due', tool: 'x', rule: Number.NaN } as unknown as Decision;
    expect(serializeDecision(nan)).toBe(reference(nan));
  });
});
