/**
 * Messages that print the scope's history (PrerequisitesNotMet, the `pattern` profile's
 * OrderingViolation) reach the decision writer as parts (`HistoryListMessage`): the writer formats
 * them straight into its bytes. These tests hold those bytes to the oracle (`serializeDecision`,
 * which reads the built text) on random histories, scopes, names and write orders, and check that
 * writing built no message text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTermSafe } from '../../src/cli/escape.ts';
import { createDecisionWriter } from '../../src/core/engine/decisionWriter.ts';
import { serializeDecision, type Decision } from '../../src/core/engine/decisions.ts';
import { defineLazyMessage, unbuiltMessage } from '../../src/core/engine/lazyMessage.ts';
import { createReplay } from '../../src/core/engine/replay.ts';
import { CalledHistory } from '../../src/core/engine/tools/calledHistory.ts';
import { HistoryListMessage } from '../../src/core/engine/tools/historyMessage.ts';
import { orderingViolationHead, prerequisitesNotMetHead, rustDebugString } from '../../src/core/engine/tools/messages.ts';
import { agent, call, ev } from '../engine-tools/helpers.ts';

function written(ds: readonly Decision[], opts: { batchBytes?: number; escape?: (json: string) => string } = {}): string {
  const chunks: Uint8Array[] = [];
  const w = createDecisionWriter({ ...opts, sink: (b) => chunks.push(b.slice()) });
  for (const d of ds) w.write(d);
  w.flush();
  const decoder = new TextDecoder();
  return chunks.map((c) => decoder.decode(c, { stream: true })).join('') + decoder.decode();
}

const reference = (ds: readonly Decision[], escape?: (json: string) => string): string =>
  ds.map((d) => `${escape ? escape(serializeDecision(d)) : serializeDecision(d)}\n`).join('');

/** Any UTF-16 code unit, with the ones escaping is about drawn often. */
const unit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('"', '\\', '\n', '\u001b', '\u007f', '\u009b', '\u202e', '\u2028', '\ud83d', '\ude00', 'é', '😀'),
  fc.constantFrom('t', 'tool_', '_', '1'),
);
const name = fc.string({ unit, minLength: 1, maxLength: 8 });

type Op = { kind: 'push'; tool: number } | { kind: 'fail'; tool: number; missing: number[]; ordering: boolean } | { kind: 'scope' };
const opArb = (tools: number): fc.Arbitrary<Op> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('push' as const), tool: fc.nat(tools - 1) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('fail' as const), tool: fc.nat(tools - 1), missing: fc.array(fc.nat(tools - 1), { maxLength: 3 }), ordering: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('scope' as const) }) },
  );

/** Failure decisions over one history as the engine makes them: each keeps the history as it was. */
function failures(names: readonly string[], ops: readonly Op[]): { decisions: Decision[]; expected: string[] } {
  const history = new CalledHistory();
  const debug = names.map(rustDebugString);
  const debugNameOf = (id: number) => debug[id] as string;
  const decisions: Decision[] = [];
  const expected: string[] = [];
  for (const op of ops) {
    if (op.kind === 'push') history.push(op.tool);
    else if (op.kind === 'scope') history.clear();
    else {
      const tool = names[op.tool] as string;
      const missing = op.missing.map((i) => names[i] as string);
      const head = op.ordering ? orderingViolationHead(tool, missing) : prerequisitesNotMetHead(tool, missing);
      const seq = decisions.length;
      const d = { seq, event: seq, time: '2025-01-01T10:00:00.000Z', kind: 'blocked', tool, code: op.ordering ? 'OrderingViolation' : 'PrerequisitesNotMet', rule: 2 } as Decision;
      defineLazyMessage(d, new HistoryListMessage(head, history.view(), debugNameOf, ']'));
      decisions.push(d);
      expected.push(`${head}${history.toArray().map(debugNameOf).join(', ')}]`);
    }
  }
  return { decisions, expected };
}

describe('decision writer: history messages from their parts', () => {
  it('writes the bytes of serializeDecision without building any message text, in any write order, batch size and escaping', () => {
    fc.assert(
      fc.property(
        fc.array(name, { minLength: 1, maxLength: 6 }).chain((names) =>
          fc.record({
            names: fc.constant(names),
            ops: fc.array(opArb(names.length), { maxLength: 60 }),
            order: fc.constantFrom('made' as const, 'reversed' as const, 'shuffled' as const),
            seed: fc.nat(),
            batchBytes: fc.constantFrom(1, 16, 4096),
            escaped: fc.boolean(),
          }),
        ),
        ({ names, ops, order, seed, batchBytes, escaped }) => {
          const { decisions, expected } = failures(names, ops);
          let ds = decisions;
          if (order === 'reversed') ds = [...decisions].reverse();
          if (order === 'shuffled') ds = [...decisions].sort((a, b) => ((a.seq * 7919 + seed) % 101) - ((b.seq * 7919 + seed) % 101));
          // twice through one writer: the second pass finds the history's list already formatted
          const escape = escaped ? jsonTermSafe : undefined;
          const w1 = written([...ds, ...ds], { batchBytes, ...(escape ? { escape } : {}) });
          for (const d of ds) expect(unbuiltMessage(d), 'writing builds no message text').toBeDefined();
          expect(w1).toBe(reference([...ds, ...ds], escape));
          decisions.forEach((d, i) => expect((d as { message: string }).message).toBe(expected[i]));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes a replay with prerequisites failing all along a long batch as serializeDecision does, building no text', () => {
    const tools = ['read', 'plan', 'edit', 'test']; // plan is never called
    const a = agent([{ tool_name: 'edit', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['plan'] }], tools);
    const replay = createReplay({ agent: a, settings: {} });
    const ds: Decision[] = [];
    for (let i = 0; i < 1200; i++) {
      if (i === 600) replay.pushInto({ kind: 'event', event: ev('batch_start', i) }, ds);
      replay.pushInto({ kind: 'event', event: call(i % 4 === 1 ? 'edit' : (['read', 'test', 'read'][i % 3] as string), i, { args: { n: i } }) }, ds);
    }
    const failed = ds.filter((d) => d.kind === 'blocked');
    expect(failed.length).toBeGreaterThan(250);
    expect(failed.every((d) => unbuiltMessage(d) instanceof HistoryListMessage)).toBe(true);
    const out = written(ds, { escape: jsonTermSafe });
    expect(failed.every((d) => unbuiltMessage(d) !== undefined)).toBe(true);
    expect(out).toBe(reference(ds, jsonTermSafe));
    // the last failure lists every tool executed in its batch (events after the batch_start, event 600)
    const last = failed.at(-1) as Decision & { message: string };
    const executed = ds.filter((d) => d.kind === 'allowed' && d.event > 600 && d.seq < last.seq).map((d) => `"${(d as { tool: string }).tool}"`);
    expect(executed.length).toBeGreaterThan(400);
    expect(last.message).toBe(`Tool edit cannot be executed: prerequisites ["plan"] not met. Executed tools: [${executed.join(', ')}]`);
  });

  it("writes the pattern profile's OrderingViolation (the executed tools listed) from its parts", () => {
    const a = agent([{ tool_name: 'a', rule_type: { type: 'RequiresFollowingTools' }, conditions: ['b'] }], ['a', 'b', 'c\u202e"']);
    const replay = createReplay({ agent: a, settings: { profile: 'pattern' } });
    const ds: Decision[] = [];
    ['c\u202e"', 'b', 'c\u202e"', 'a', 'b', 'a'].forEach((t, i) => replay.pushInto({ kind: 'event', event: call(t, i, { args: { n: i } }) }, ds));
    const violations = ds.filter((d) => d.kind === 'blocked' && d.code === 'OrderingViolation');
    expect(violations).toHaveLength(2);
    expect(violations.every((d) => unbuiltMessage(d) instanceof HistoryListMessage)).toBe(true);
    expect(written(ds, { escape: jsonTermSafe })).toBe(reference(ds, jsonTermSafe));
    expect((violations[0] as { message: string }).message).toBe(
      'Tool a violates ordering constraint: must be called before ["b"], but these were already executed: ["c\u202e\\"", "b", "c\u202e\\""]',
    );
  });
});
