/**
 * Replay save/restore on the fuzz cases (agent and/or workflow, both profiles, random settings and
 * traces): a replay restored from a state saved after any event — into a fresh replay, after a
 * structured clone as across the Worker boundary, uncloned into another replay, or into the replay
 * that saved it after it went on, again and again — continues with exactly the decisions and state
 * the original gave from there.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReplay, type ReplayConfig } from '../../src/core/engine/replay.ts';
import type { TraceItem } from '../../src/core/traces/events.ts';
import { caseArb } from './arbitraries.ts';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20261123);

describe('replay save/restore', () => {
  it('a restored replay continues exactly as the original', () => {
    fc.assert(
      fc.property(caseArb, fc.nat(200), (c, cut) => {
        const items: TraceItem[] = c.trace.map((event) => ({ kind: 'event', event }));
        const config: ReplayConfig = { ...(c.agent ? { agent: c.agent } : {}), ...(c.workflow ? { workflow: c.workflow } : {}), settings: c.settings };
        const at = Math.min(cut, items.length);
        const original = createReplay(config);
        for (const item of items.slice(0, at)) original.push(item);
        const saved = original.save();
        const before = original.snapshot();
        const rest = items.slice(at).map((item) => original.push(item));
        const after = original.snapshot();

        const fresh = createReplay(config);
        fresh.restore(structuredClone(saved));
        expect(fresh.snapshot()).toEqual(before);
        expect(items.slice(at).map((item) => fresh.push(item))).toEqual(rest);
        expect(fresh.snapshot()).toEqual(after);

        // The saved state itself (no clone) restored into another replay that goes on: saved
        // states share data with the engines (copy on write), so neither may change the other.
        const branch = createReplay(config);
        branch.restore(saved);
        expect(items.slice(at).map((item) => branch.push(item))).toEqual(rest);
        expect(branch.snapshot()).toEqual(after);

        original.restore(saved);
        expect(original.snapshot()).toEqual(before);
        expect(items.slice(at).map((item) => original.push(item))).toEqual(rest);
        original.restore(saved);
        expect(original.snapshot()).toEqual(before);
      }),
      { seed: SEED, numRuns: 300 },
    );
  }, 120_000);
});
