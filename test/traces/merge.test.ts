import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mergeTraces } from '../../src/core/traces/merge.ts';
import { readHegelHooks } from '../../src/core/traces/hegelHooks.ts';
import { readHegelStates } from '../../src/core/traces/hegelStates.ts';
import { readClaudeTranscript } from '../../src/core/traces/claudeCode.ts';
import type { TraceItem } from '../../src/core/traces/events.ts';
import { at, fixture } from './helpers.ts';

const ev = (time: number, tag: string): TraceItem => ({ kind: 'event', event: { type: 'commit', time, hash: tag } });
const err = (line: number, tag: string): TraceItem => ({ kind: 'error', line, message: tag });
const tag = (i: TraceItem) => (i.kind === 'event' ? (i.event.type === 'commit' ? i.event.hash : i.event.type) : i.message);

describe('mergeTraces', () => {
  it('orders by time and breaks ties by file order', () => {
    const merged = mergeTraces([
      [ev(0, 'a0'), ev(20, 'a20'), ev(30, 'a30')],
      [ev(10, 'b10'), ev(20, 'b20'), ev(40, 'b40')],
      [ev(20, 'c20')],
    ]);
    expect(merged.map(tag)).toEqual(['a0', 'b10', 'a20', 'b20', 'c20', 'a30', 'b40']);
  });

  it("keeps error items between their file's neighbouring events", () => {
    const merged = mergeTraces([
      [err(1, 'a-lead'), ev(10, 'a10'), err(3, 'a-mid'), ev(30, 'a30'), err(5, 'a-tail')],
      [ev(5, 'b5'), ev(20, 'b20'), ev(40, 'b40'), err(4, 'b-tail')],
      [err(1, 'c-only')],
    ]);
    expect(merged.map(tag)).toEqual(['c-only', 'b5', 'a-lead', 'a10', 'b20', 'a-mid', 'a30', 'a-tail', 'b40', 'b-tail']);
  });

  it('merges hegel hooks, states and a transcript into one time-ordered stream', () => {
    const merged = mergeTraces([
      readHegelStates(fixture('states.jsonl')),
      readHegelHooks(fixture('hooks.jsonl')),
      readClaudeTranscript(fixture('transcript.jsonl')),
    ]);
    const summary = merged.map((i) => (i.kind === 'error' ? `error@${i.line}` : `${i.event.type}@${i.event.time - at('2025-01-01T10:00:00Z')}`));
    expect(summary).toEqual([
      'workflow_start@0',
      'tokens@5000',
      'tool_call@5000',
      'tool_call@9500',
      'command@9500',
      'tokens@12000',
      'tokens@13000',
      'tool_call@20000',
      'file_edit@20000',
      'next@25000',
      'tool_call@30000',
      'tool_call@40000',
      'file_edit@40000',
      'error@5',
      'next@50000',
    ]);
  });

  it('is an interleaving that keeps every file in order and sorts time-ordered files by time', () => {
    const file = fc
      .array(fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constant(-1)), { maxLength: 12 })
      .map((xs) => {
        let t = 0;
        return xs.map((x, i): TraceItem => (x < 0 ? err(i + 1, `e${i}`) : ev((t += x), `t${i}`)));
      });
    fc.assert(
      fc.property(fc.array(file, { maxLength: 5 }), (files) => {
        const merged = mergeTraces(files);
        expect(merged).toHaveLength(files.reduce((n, f) => n + f.length, 0));
        files.forEach((f) => expect(merged.filter((i) => f.includes(i))).toEqual(f));
        const times = merged.flatMap((i) => (i.kind === 'event' ? [i.event.time] : []));
        expect(times).toEqual([...times].sort((a, b) => a - b));
        // Stable: among equal times, the earlier file comes first.
        for (let k = 1; k < merged.length; k++) {
          const a = merged[k - 1] as TraceItem;
          const b = merged[k] as TraceItem;
          if (a.kind === 'event' && b.kind === 'event' && a.event.time === b.event.time) {
            expect(files.findIndex((f) => f.includes(a))).toBeLessThanOrEqual(files.findIndex((f) => f.includes(b)));
          }
        }
      }),
    );
  });
});
