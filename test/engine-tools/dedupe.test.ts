/** Dedupe key (§8) and the lazily evicted dedupe cache. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DedupeCache } from '../../src/core/engine/tools/dedupeCache.ts';
import { canonicalJson, dedupeKey } from '../../src/core/engine/tools/dedupeKey.ts';
import { callHash, sameArgs } from '../../src/core/engine/tools/argsIdentity.ts';
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
  it('separates tools and argument values', () => {
    expect(dedupeKey('a', { x: 1 })).not.toBe(dedupeKey('b', { x: 1 }));
    expect(dedupeKey('a', { x: 1 })).not.toBe(dedupeKey('a', { x: '1' }));
  });
});

describe('dedupe cache', () => {
  it('answers like a naive map and holds only what the window can still use', () => {
    const op = fc.record({ tool: fc.constantFrom('t', 'u'), key: fc.constantFrom('a', 'b', 'c', 'd'), gap: fc.nat(50), write: fc.boolean() });
    const argsOf = (k: string) => ({ k });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 120 }), fc.array(op, { maxLength: 200 }), (windowMs, ops) => {
        const cache = new DedupeCache(windowMs);
        const naive = new Map<string, number>();
        let now = 0;
        for (const o of ops) {
          now += o.gap;
          const id = `${o.tool}/${o.key}`;
          const last = naive.get(id);
          expect(cache.isDuplicate(o.tool, argsOf(o.key), now)).toBe(last !== undefined && now - last < windowMs);
          if (o.write) {
            cache.record(o.tool, argsOf(o.key), now);
            naive.set(id, now);
          }
          const live = [...naive.values()].filter((t) => now - t < windowMs).length;
          expect(cache.size).toBe(live);
        }
      }),
    );
  });
  it('counts a call recorded twice at the same time once, and evicts it once', () => {
    const cache = new DedupeCache(10);
    cache.record('t', { a: 1 }, 5);
    cache.record('t', { a: 1 }, 5);
    cache.record('t', { a: 2 }, 5);
    expect(cache.size).toBe(2);
    expect(cache.isDuplicate('t', { a: 1 }, 20)).toBe(false);
    expect(cache.size).toBe(0);
    cache.record('t', { a: 1 }, 21);
    expect(cache.size).toBe(1);
  });
  it('window 0 keeps nothing', () => {
    const cache = new DedupeCache(0);
    cache.record('t', { a: 1 }, 0);
    expect(cache.isDuplicate('t', { a: 1 }, 0)).toBe(false);
    expect(cache.size).toBe(0);
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
