/** Dedupe key (§8) and the lazily evicted dedupe cache. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DedupeTable } from '../../src/core/engine/tools/dedupeTable.ts';
import { canonicalJson, dedupeKey } from '../../src/core/engine/tools/dedupeKey.ts';
import { callHash, hashJson, sameArgs } from '../../src/core/engine/tools/argsIdentity.ts';
import type { Json } from '../../src/core/model/index.ts';
import { agent, call, kinds, replay } from './helpers.ts';

describe('dedupe key', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}');
    expect(dedupeKey('t', { b: 1, a: 2 })).toBe(dedupeKey('t', { a: 2, b: 1 }));
  });
  it('removes request_heartbeat at the top level only', () => {
    expect(dedupeKey('t', { a: 1, request_heartbeat: true })).toBe(dedupeKey('t', { a: 1 }));
    expect(dedupeKey('t', { a: { request_heartbeat: true } })).not.toBe(dedupeKey('t', { a: {} }));
  });
  it('the engine identity (hash + structural check) agrees with the canonical text', () => {
    const json = fc.jsonValue() as fc.Arbitrary<Json>;
    const key = fc.oneof(fc.string(), fc.constantFrom('1', '10', '9', '__proto__', 'request_heartbeat', 'a'));
    const args = fc.dictionary(key, json);
    const similar = args.chain((a) =>
      fc.tuple(
        fc.constant(a),
        fc.oneof(
          fc.constant(Object.fromEntries(Object.entries(a).reverse())),
          fc.constant({ ...a, request_heartbeat: true }),
          args,
        ),
      ),
    );
    fc.assert(
      fc.property(similar, ([a, b]) => {
        const same = dedupeKey('t', a) === dedupeKey('t', b);
        expect(sameArgs(a, b)).toBe(same);
        if (same) expect(callHash('t', a)).toBe(callHash('t', b));
      }),
      { numRuns: 1000 },
    );
    expect(sameArgs({ '10': 1, b: { z: 1, y: 2 } }, { b: { y: 2, z: 1 }, '10': 1 })).toBe(true);
    expect(sameArgs({ a: -0 }, { a: 0 })).toBe(true);
    expect(sameArgs({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameArgs({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
  it('hashes numbers by their JSON text on both sides of the small-integer path, as signed 32-bit integers', () => {
    // Integers of the fast path and the general path (|n| ≥ 2³¹ − 1), and values JSON writes alike.
    const edges = [0, 1, -1, 2 ** 31 - 2, -(2 ** 31) + 2, 2 ** 31 - 1, -(2 ** 31) + 1, -(2 ** 31), 2 ** 31, 2 ** 40, 0.5];
    for (const n of edges) {
      expect(hashJson({ n })).toBe(hashJson(JSON.parse(JSON.stringify({ n })) as Json));
      expect(hashJson(n) | 0).toBe(hashJson(n));
    }
    expect(hashJson(-0)).toBe(hashJson(0));
    expect(hashJson(Number.NaN)).toBe(hashJson(null));
    expect(hashJson(Number.POSITIVE_INFINITY)).toBe(hashJson(null));
    expect(new Set(edges.map((n) => hashJson(n))).size).toBe(edges.length);
    fc.assert(fc.property(fc.jsonValue() as fc.Arbitrary<Json>, (v) => (hashJson(v) | 0) === hashJson(v)));
  });
  it('separates tools and argument values', () => {
    expect(dedupeKey('a', { x: 1 })).not.toBe(dedupeKey('b', { x: 1 }));
    expect(dedupeKey('a', { x: 1 })).not.toBe(dedupeKey('a', { x: '1' }));
  });
});

describe('dedupe table', () => {
  /** A random call stream: tool ids, a few argument shapes (equal ones built afresh), time gaps, executions. */
  const op = fc.record({
    tool: fc.integer({ min: 0, max: 3 }),
    key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
    order: fc.boolean(),
    gap: fc.nat(60),
    write: fc.boolean(),
    save: fc.nat(30),
  });
  const argsOf = (k: string, reversed: boolean) => (reversed ? { z: k.length, k } : { k, z: k.length });

  it('answers like a plain Map model on random call streams, and holds only what the window can still use', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 150 }), fc.array(op, { maxLength: 400 }), (windowMs, ops) => {
        let table = new DedupeTable(windowMs);
        const model = new Map<string, number>();
        let now = 0;
        for (const o of ops) {
          now += o.gap;
          const id = `${o.tool}/${o.key}`;
          const last = model.get(id);
          const args = argsOf(o.key, o.order);
          expect(table.isDuplicate(o.tool, args, now)).toBe(last !== undefined && now - last < windowMs);
          if (o.write) {
            table.record(o.tool, args, now);
            model.set(id, now);
          }
          for (const [k, t] of model) if (now - t >= windowMs) model.delete(k);
          expect(table.size).toBe(model.size);
          // Now and then continue from a restored copy: it must answer exactly as the original.
          if (o.save === 0) {
            const copy = new DedupeTable(windowMs);
            copy.restore(structuredClone(table.save()));
            table = copy;
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('answers like a plain Map model when thousands of distinct calls wait to be indexed', () => {
    // Calls recorded without a probe wait in the log (up to a batch of 1,024) before they are
    // indexed; checks in between, duplicates among them, epoch turns and step-backs must not miss one.
    const stream = fc.array(
      fc.record({ tool: fc.integer({ min: 0, max: 2 }), key: fc.integer({ min: 0, max: 4000 }), gap: fc.nat(3), check: fc.nat(9), save: fc.nat(400) }),
      { minLength: 1000, maxLength: 4000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 6000 }), stream, (windowMs, ops) => {
        let table = new DedupeTable(windowMs);
        const model = new Map<string, number>();
        let now = 0;
        for (const o of ops) {
          now += o.gap;
          const id = `${o.tool}/${o.key}`;
          const last = model.get(id);
          // Most calls are recorded without a check first (as a replay records a call it ran).
          if (o.check === 0) expect(table.isDuplicate(o.tool, { key: o.key }, now)).toBe(last !== undefined && now - last < windowMs);
          table.record(o.tool, { key: o.key }, now);
          model.set(id, now);
          if (o.save === 0) {
            const copy = new DedupeTable(windowMs);
            copy.restore(structuredClone(table.save()));
            table = copy;
          }
        }
        for (const [id, t] of model) {
          const [tool, key] = id.split('/').map(Number) as [number, number];
          expect(table.isDuplicate(tool, { key }, now)).toBe(now - t < windowMs);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('keeps the calls that waited unindexed when their epoch ends', () => {
    // 1,500 calls recorded without a check, one a ms: the epoch ends at 1,000 with calls still
    // waiting to be indexed; every call of the last window must still be found.
    const table = new DedupeTable(1000);
    for (let i = 0; i < 1500; i++) table.record(0, { key: i }, i);
    for (let i = 500; i < 1500; i++) expect(table.isDuplicate(0, { key: i }, 1499)).toBe(true);
    expect(table.isDuplicate(0, { key: 499 }, 1499)).toBe(false);
  });

  it('grows past its first capacity and shrinks back by expiry, with colliding slots kept findable', () => {
    const table = new DedupeTable(1000);
    for (let i = 0; i < 5000; i++) table.record(i % 7, { n: i }, i);
    expect(table.size).toBe(1000);
    for (let i = 4000; i < 5000; i++) expect(table.isDuplicate(i % 7, { n: i }, 4999)).toBe(true);
    expect(table.isDuplicate(3999 % 7, { n: 3999 }, 4999)).toBe(false);
    expect(table.isDuplicate(0, { n: 1 }, 10_000)).toBe(false);
    expect(table.size).toBe(0);
  });

  it('restored in place after growing (a step back), answers as a fresh table restored from the same state', () => {
    const table = new DedupeTable(50);
    for (let i = 0; i < 20; i++) table.record(i % 3, { n: i % 25 }, i);
    const saved = structuredClone(table.save());
    // Grow the ring and the index well past the saved state, with re-recorded (stale) items.
    for (let i = 20; i < 3000; i++) table.record(i % 3, { n: i % 25, big: i % 400 }, 20 + (i >> 2));
    table.restore(saved);
    const fresh = new DedupeTable(50);
    fresh.restore(structuredClone(saved));
    expect(table.size).toBe(fresh.size);
    for (let i = 0; i < 400; i++) {
      const tool = i % 3;
      const args: Record<string, Json> = i % 2 === 0 ? { n: i % 25 } : { n: i % 25, big: i % 7 };
      const now = 20 + (i >> 3);
      expect(table.isDuplicate(tool, args, now)).toBe(fresh.isDuplicate(tool, args, now));
      if (i % 5 !== 0) {
        table.record(tool, args, now);
        fresh.record(tool, args, now);
      }
      expect(table.size).toBe(fresh.size);
    }
  });

  it('counts a call recorded twice at the same time once, and evicts it once', () => {
    const table = new DedupeTable(10);
    table.record(0, { a: 1 }, 5);
    table.record(0, { a: 1 }, 5);
    table.record(0, { a: 2 }, 5);
    expect(table.size).toBe(2);
    expect(table.isDuplicate(0, { a: 1 }, 20)).toBe(false);
    expect(table.size).toBe(0);
    table.record(0, { a: 1 }, 21);
    expect(table.size).toBe(1);
  });

  it('expires a call exactly one window after it, across epoch rollovers at that very time', () => {
    // Window 10; the first epoch starts with the first call at 0 and rolls over at 10, 20, …
    const table = new DedupeTable(10);
    table.record(0, { a: 1 }, 0);
    table.record(0, { b: 1 }, 5);
    expect(table.isDuplicate(0, { a: 1 }, 9)).toBe(true);
    // 10: the epoch rolls over and { a: 1 } expires at the same time; { b: 1 } is found in the older generation.
    expect(table.isDuplicate(0, { a: 1 }, 10)).toBe(false);
    expect(table.isDuplicate(0, { b: 1 }, 10)).toBe(true);
    expect(table.size).toBe(1);
    // Recorded again from the older generation: it moves to the current one, counted once.
    table.record(0, { b: 1 }, 14);
    expect(table.size).toBe(1);
    expect(table.isDuplicate(0, { b: 1 }, 23)).toBe(true);
    expect(table.isDuplicate(0, { b: 1 }, 24)).toBe(false);
    expect(table.size).toBe(0);
    // Two windows with no call: both generations are dropped and the next call starts afresh.
    table.record(0, { c: 1 }, 25);
    expect(table.isDuplicate(0, { c: 1 }, 34)).toBe(true);
    expect(table.isDuplicate(0, { c: 1 }, 60)).toBe(false);
    table.record(0, { c: 1 }, 60);
    expect(table.isDuplicate(0, { c: 1 }, 69)).toBe(true);
    expect(table.size).toBe(1);
  });

  it('a state saved in the older generation is restored as one epoch and expires on time', () => {
    const table = new DedupeTable(10);
    for (let t = 0; t < 18; t++) table.record(t % 2, { t }, t);
    // Saved after the call at 17: the calls at 8 … 17, oldest first.
    const saved = table.save();
    expect([...saved.time]).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    const copy = new DedupeTable(10);
    copy.restore(structuredClone(saved));
    expect(copy.size).toBe(10);
    for (const t of [8, 9, 12, 17]) expect(copy.isDuplicate(t % 2, { t }, 18)).toBe(t > 8);
    expect(copy.size).toBe(9);
  });

  it('separates tools with equal arguments', () => {
    const table = new DedupeTable(10);
    table.record(0, { a: 1 }, 0);
    expect(table.isDuplicate(1, { a: 1 }, 1)).toBe(false);
    expect(table.isDuplicate(0, { a: 1 }, 1)).toBe(true);
  });

  it('window 0 keeps nothing', () => {
    const table = new DedupeTable(0);
    table.record(0, { a: 1 }, 0);
    expect(table.isDuplicate(0, { a: 1 }, 0)).toBe(false);
    expect(table.size).toBe(0);
  });
});

describe('dedupe in the engine', () => {
  const a = agent([]);
  it('deduplicates the same call within the window, ignoring key order and request_heartbeat', () => {
    const ds = replay(a, [
      call('t', 0, { args: { a: 1, b: 2 } }),
      call('t', 1, { args: { b: 2, a: 1, request_heartbeat: true } }),
      call('t', 300, { args: { a: 1, b: 2 } }),
    ]);
    expect(kinds(ds)).toEqual(['allowed', 'deduplicated', 'allowed']);
  });
  it('window 0 turns dedupe off', () => {
    const ds = replay(a, [call('t', 0), call('t', 0), call('t', 0)], { dedupeWindowMs: 0 });
    expect(kinds(ds)).toEqual(['allowed', 'allowed', 'allowed']);
  });
  it('a deduplicated call does not refresh the window; a blocked call writes no key', () => {
    const limited = agent([{ tool_name: 't', rule_type: { type: 'MaxCalls', value: 1 } }]);
    const ds = replay(limited, [call('t', 0, { args: { n: 1 } }), call('t', 1, { args: { n: 2 } }), call('t', 2, { args: { n: 2 } })], {
      dedupeWindowMs: 10_000,
    });
    expect(ds.map((d) => ('code' in d ? d.code : d.kind))).toEqual(['allowed', 'MaxCallsExceeded', 'MaxCallsExceeded']);
    const ds2 = replay(a, [call('t', 0), call('t', 5), call('t', 10)], { dedupeWindowMs: 10_000 });
    expect(kinds(ds2)).toEqual(['allowed', 'deduplicated', 'allowed']);
  });
});
