/** The dedupe table against a naive table of the same identity (sameArgs), on random arguments in random key orders. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameArgs } from '../../src/core/engine/tools/argsIdentity.ts';
import { canonicalJson } from '../../src/core/engine/tools/dedupeKey.ts';
import { DedupeTable } from '../../src/core/engine/tools/dedupeTable.ts';
import { TinyHashTable } from './dedupeTinyHash.ts';
import type { Json } from '../../src/core/model/index.ts';

type Args = Record<string, Json>;

const key = fc.oneof(fc.string(), fc.constantFrom('a', 'b', '1', '10', '__proto__', 'request_heartbeat'));
const json = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;
const edgeValue = fc.constantFrom<Json>(0, -0, 1, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 0.5, 1e300, '', 'x', true, false, null);
const args = fc.dictionary(key, fc.oneof(json, edgeValue), { maxKeys: 6 }) as fc.Arbitrary<Args>;

/** The same value with object keys at every depth in an order drawn from `seed`. */
function reordered(v: Json, seed: number): Json {
  if (Array.isArray(v)) return v.map((x, i) => reordered(x, seed + i));
  if (v === null || typeof v !== 'object') return v;
  const keys = Object.keys(v);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = (seed * 31 + i * 17) % (i + 1);
    [keys[i], keys[j]] = [keys[j] as string, keys[i] as string];
  }
  const out: Args = {};
  for (const k of keys) Object.defineProperty(out, k, { value: reordered(v[k] as Json, seed + 1), enumerable: true, writable: true, configurable: true });
  return out;
}

/** The table stated naively: every recorded call kept, compared by sameArgs. */
class ObjectTable {
  private entries: { tool: number; args: Args; time: number }[] = [];
  constructor(private readonly windowMs: number) {}
  isDuplicate(tool: number, a: Args, now: number): boolean {
    return this.entries.some((e) => e.tool === tool && sameArgs(e.args, a) && now - e.time < this.windowMs);
  }
  live(now: number): number {
    return this.entries.filter((e) => now - e.time < this.windowMs).length;
  }
  record(tool: number, a: Args, now: number): void {
    this.entries = this.entries.filter((e) => !(e.tool === tool && sameArgs(e.args, a)));
    this.entries.push({ tool, args: a, time: now });
  }
}

describe('dedupe table, random arguments', () => {
  const op = fc.record({
    tool: fc.integer({ min: 0, max: 2 }),
    pick: fc.nat(7),
    seed: fc.nat(1000),
    gap: fc.nat(40),
    write: fc.boolean(),
    save: fc.nat(25),
  });

  // The tiny hash files every call under one of 16 hashes and 4 filter bits: each probe walks
  // collisions, in both generations, past stale and expired calls.
  it.each([
    ['its own hash', (w: number) => new DedupeTable(w)],
    ['a tiny hash (collisions forced)', (w: number) => new TinyHashTable(w)],
  ])('makes the naive table\'s decisions on random args in random key orders, across saves and restores, with %s', (_, make) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 120 }), fc.array(args, { minLength: 1, maxLength: 8 }), fc.array(op, { maxLength: 300 }), (windowMs, pool, ops) => {
        let table = make(windowMs);
        const reference = new ObjectTable(windowMs);
        let now = 0;
        for (const o of ops) {
          now += o.gap;
          const a = reordered(pool[o.pick % pool.length] as Args, o.seed) as Args;
          const duplicate = reference.isDuplicate(o.tool, a, now);
          table.clock[0] = now;
          expect(table.isDuplicateNow(o.tool, a)).toBe(duplicate);
          if (o.write) {
            // As the engine does: the call checked last is recorded (the table reuses its probe).
            table.recordNow(o.tool, a);
            reference.record(o.tool, a, now);
          }
          expect(table.size).toBe(reference.live(now));
          if (o.save === 0) {
            const copy = make(windowMs);
            copy.restore(structuredClone(table.save()));
            table = copy;
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps long nested arguments across the ring wrapping and growing', () => {
    const table = new DedupeTable(100);
    const long = (i: number): Args => ({ text: 'x'.repeat(i % 500), n: i, list: [i, { deep: String(i) }] });
    for (let i = 0; i < 3000; i++) {
      expect(table.isDuplicate(i % 3, long(i), i)).toBe(false);
      table.record(i % 3, long(i), i);
      if (i >= 99) expect(table.isDuplicate((i - 99) % 3, long(i - 99), i)).toBe(true);
      if (i >= 100) expect(table.isDuplicate((i - 100) % 3, long(i - 100), i)).toBe(false);
    }
    expect(table.size).toBe(100);
    const lives: string[] = [];
    table.forEachLive(2999, (tool, a, time) => lives.push(`${tool}:${canonicalJson(a)}@${time}`));
    expect(lives).toHaveLength(100);
    expect(lives[0]).toBe(`${2900 % 3}:${canonicalJson(long(2900))}@2900`);
  });
});
