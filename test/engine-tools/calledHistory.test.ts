/**
 * The ordering history (`calledHistory.ts`) against a plain array: pushes across chunk boundaries
 * and id widths, scopes, save/restore, and views that must keep showing the history as it was.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CalledHistory, joinView, viewIds, type CalledView } from '../../src/core/engine/tools/calledHistory.ts';

type Op = { op: 'push'; id: number } | { op: 'pushMany'; id: number; n: number } | { op: 'clear' } | { op: 'view' } | { op: 'saveRestore' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('push' as const), id: fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 70_000 })) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('pushMany' as const), id: fc.integer({ min: 0, max: 255 }), n: fc.integer({ min: 1, max: 5000 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'clear' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'view' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'saveRestore' as const }) },
);

describe('CalledHistory', () => {
  it('agrees with a plain array model, and every view keeps the history it saw', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const h = new CalledHistory();
        let model: number[] = [];
        const views: { view: CalledView; ids: number[] }[] = [];
        for (const o of ops) {
          if (o.op === 'push') {
            h.push(o.id);
            model.push(o.id);
          } else if (o.op === 'pushMany') {
            for (let i = 0; i < o.n; i++) h.push((o.id + i) % 256);
            for (let i = 0; i < o.n; i++) model.push((o.id + i) % 256);
          } else if (o.op === 'clear') {
            h.clear();
            model = [];
          } else if (o.op === 'view') views.push({ view: h.view(), ids: [...model] });
          else {
            const saved = h.save();
            expect(Array.from(saved)).toEqual(model);
            h.restore(saved);
          }
          expect(h.length).toBe(model.length);
        }
        expect(h.toArray()).toEqual(model);
        if (model.length > 0) expect(h.at(model.length - 1)).toBe(model[model.length - 1]);
        for (const v of views) expect(viewIds(v.view)).toEqual(v.ids);
        // Messages read in stream order (the kept text extends), then out of order (built afresh).
        const fmt = (id: number) => `t${id}`;
        for (const v of views) expect(joinView(v.view, fmt)).toBe(v.ids.map(fmt).join(', '));
        for (const v of [...views].reverse()) expect(joinView(v.view, fmt)).toBe(v.ids.map(fmt).join(', '));
      }),
      { numRuns: 200 },
    );
  });

  it('widens a chunk for a large id without changing what an earlier view shows', () => {
    const h = new CalledHistory();
    for (let i = 0; i < 5000; i++) h.push(i % 200);
    const before = h.view();
    h.push(100_000);
    h.push(7);
    expect(viewIds(before)).toEqual(Array.from({ length: 5000 }, (_, i) => i % 200));
    expect(h.toArray().slice(-3)).toEqual([4999 % 200, 100_000, 7]);
    expect(joinView(h.view(), (id) => `t${id}`).split(', ').slice(-2)).toEqual(['t100000', 't7']);
    // Saved as wide as the widest id.
    expect(h.save()).toBeInstanceOf(Uint32Array);
  });
});

describe('failure messages that print the history', () => {
  it('are built when read, showing the history at the failure, not after later calls', async () => {
    const { createToolEngine } = await import('../../src/core/engine/tools/engine.ts');
    const { resolveSettings } = await import('../../src/core/engine/settings.ts');
    const engine = createToolEngine(
      { name: 'a', tools: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], rules: [{ tool_name: 'c', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['b'], priority: 5 }] },
      resolveSettings({ dedupeWindowMs: 0 }),
    );
    const call = (tool: string, time: number) => engine.step({ type: 'tool_call', time, tool, args: {}, outcome: 'ok', duration_ms: 0 }).decisions;
    call('a', 1);
    const [blocked] = call('c', 2);
    for (let t = 3; t < 10_000; t++) call('a', t);
    expect(blocked).toMatchObject({ kind: 'blocked', code: 'PrerequisitesNotMet' });
    expect((blocked as { message: string }).message).toBe('Tool c cannot be executed: prerequisites ["b"] not met. Executed tools: ["a"]');
    expect(JSON.parse(JSON.stringify(blocked)).message).toBe((blocked as { message: string }).message);
    expect(Object.keys(blocked as object)).toEqual(['kind', 'tool', 'code', 'rule', 'message']);
  });

  it('stay unbuilt until read, then are plain values; copies carry the message and nothing else', async () => {
    const { replayItems } = await import('../../src/core/engine/replay.ts');
    const agent = { name: 'a', tools: [{ name: 'a' }, { name: 'c' }], rules: [{ tool_name: 'c', rule_type: { type: 'RequiresPrecedingTools' as const }, conditions: ['b'], priority: 5 }] };
    const ev = (tool: string, time: number) => ({ kind: 'event' as const, event: { type: 'tool_call' as const, time, tool, args: { n: time }, outcome: 'ok' as const, duration_ms: 0 } });
    const ds = replayItems([ev('a', 1), ev('c', 2), ev('c', 3), ev('c', 4)], { agent, settings: { dedupeWindowMs: 0 } });
    const [, first, second, third] = ds as unknown as Record<string, unknown>[];
    const expected = 'Tool c cannot be executed: prerequisites ["b"] not met. Executed tools: ["a"]';
    for (const d of [first, second, third]) expect(Object.getOwnPropertyDescriptor(d, 'message')?.get).toBeTypeOf('function');
    // A spread and a structured clone read it, and copy no hidden builder.
    const spread = { ...first };
    expect(spread.message).toBe(expected);
    expect(Object.getOwnPropertySymbols(spread)).toEqual([]);
    expect(structuredClone(second)).toEqual({ seq: 2, event: 2, time: '1970-01-01T00:00:00.003Z', kind: 'blocked', tool: 'c', code: 'PrerequisitesNotMet', rule: 0, message: expected });
    for (const d of [first, second]) expect(Object.getOwnPropertyDescriptor(d, 'message')).toEqual({ value: expected, writable: true, enumerable: true, configurable: true });
    // Written before being read: the written text is kept.
    (third as { message: string }).message = 'replaced';
    expect(third?.message).toBe('replaced');
    expect(Object.keys(third as object)).toEqual(['seq', 'event', 'time', 'kind', 'tool', 'code', 'rule', 'message']);
  });
});
