/** The dedupe generation's two-bit filter, and the flat-argument hash against the general one. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argsHash, hashJson } from '../../src/core/engine/tools/argsIdentity.ts';
import { Generation } from '../../src/core/engine/tools/dedupeGeneration.ts';
import type { Json } from '../../src/core/model/index.ts';

describe('dedupe generation filter', () => {
  it('never rules out a recorded call, indexed or waiting, across growth, and is cleared with the generation', () => {
    const g = new Generation();
    const hashes: number[] = [];
    for (let p = 0; p < 5_000; p++) {
      const hash = Math.imul(p + 1, 0x9e3779b1) ^ (p << 7);
      g.append(hash, p % 5, { p }, p);
      hashes.push(hash);
      // Calls wait unindexed between flushes; the filter knows them from the append.
      if (p % 37 === 0) g.flush();
      if (p % 500 === 3) for (const h of hashes) expect(g.absent(h)).toBe(false);
    }
    for (const h of hashes) expect(g.absent(h)).toBe(false);
    g.flush();
    for (const h of hashes) expect(g.absent(h)).toBe(false);
    // Every call is in the index once flushed, at a slot its hash probes to.
    expect(g.keys).toBe(5_000);
    for (let p = 0; p < 5_000; p++) {
      let i = (hashes[p] as number) & g.mask;
      while (g.slots[i] !== 0 && g.slots[i] !== p + 1) i = (i + 1) & g.mask;
      expect(g.slots[i]).toBe(p + 1);
    }
    // Two bits a hash at 16 bits a call: few of the hashes never recorded get through.
    let through = 0;
    for (let i = 0; i < 10_000; i++) if (!g.absent(Math.imul(i + 77_777, 0x85ebca6b) ^ 0x5bd1e995)) through++;
    expect(through).toBeLessThan(600);
    g.clear();
    for (const h of hashes.slice(0, 100)) expect(g.absent(h)).toBe(true);
  });
});

describe('flat-argument hash', () => {
  const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 })) as fc.Arbitrary<Json>;
  const key = fc.oneof(fc.string(), fc.constantFrom('operation', 'n', 'request_heartbeat', '__proto__'));
  it('gives the number of the general hash without request_heartbeat, called after other shapes (its caches)', () => {
    fc.assert(
      fc.property(fc.array(fc.dictionary(key, value, { maxKeys: 5 }), { minLength: 1, maxLength: 8 }), (list) => {
        for (const a of list) expect(argsHash(a)).toBe(hashJson(a, 'request_heartbeat'));
      }),
      { numRuns: 300 },
    );
    expect(argsHash({ operation: 'read', n: 5, request_heartbeat: true })).toBe(argsHash({ n: 5, operation: 'read' }));
    expect(argsHash({ operation: 'read', n: 5 })).not.toBe(argsHash({ operation: 'read', n: 6 }));
    expect(argsHash({ operation: 'x'.repeat(100) })).toBe(argsHash({ operation: 'x'.repeat(100) }));
  });
});
