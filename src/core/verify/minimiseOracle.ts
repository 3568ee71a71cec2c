/**
 * The minimiser's test: does a candidate trace still produce the target at its last event? A
 * candidate is replayed with the simulator's own replay ({@link createReplay}, one step function),
 * starting from a saved state of the current trace (the *base*) at or before the first event the
 * candidate changes, so removing a chunk near the end of a 100,000-event trace replays only the
 * events after it. Replay stops at the candidate's last event (the target's), which is as far as
 * any decision about the target can depend on.
 */
import type { Decision } from '../engine/decisions.ts';
import { createReplay, type ReplayConfig, type ReplayState } from '../engine/replay.ts';
import type { TraceItem } from '../traces/events.ts';
import { matchesTarget, type MinimiseTarget } from './minimiseTarget.ts';
import { probeAnswer, probeItem } from './minimiseProbes.ts';
import type { PropertyCheck } from './minimiseProperty.ts';

/** Counters of the work done, for progress and the closing note. */
export interface OracleStats {
  /** Candidates judged (cache hits included). */
  tests: number;
  /** Candidates answered from the cache of tested event sets. */
  cacheHits: number;
  /** Events pushed through the engine. */
  pushes: number;
}

export interface Oracle {
  readonly stats: OracleStats;
  /** The trace the checkpoints belong to. */
  readonly base: readonly TraceItem[];
  /**
   * Whether `candidate` (its last item is the target's event) produces the target there.
   * `firstChanged` is the first position where it differs from the base (items before it are the
   * base's). On success the decision that matched is returned.
   */
  test(candidate: readonly TraceItem[], firstChanged: number): Decision | undefined;
  /** Makes the candidate last tested the base (call right after a successful {@link test}). */
  accept(): void;
  /** Makes `items` the base, keeping the checkpoints before `firstChanged`. */
  rebase(items: readonly TraceItem[], firstChanged: number): void;
}

/**
 * Creates the test for a config and target, with a checkpoint every `every` items of the base
 * (default 1,024): a candidate replays at most `every − 1` unchanged items before its first change.
 * `probes`: tools called (one at a time, then undone) right after the target; a candidate must
 * answer them as the first trace tested (the original) did (`minimiseProbes.ts`). `property`: a
 * counterexample's claim about the state after the target, which a candidate must keep
 * (`minimiseProperty.ts`).
 */
export function createOracle(config: ReplayConfig, target: MinimiseTarget, base: readonly TraceItem[], every = 1024, probes: readonly string[] = [], property?: PropertyCheck): Oracle {
  const replay = createReplay(config);
  const stats: OracleStats = { tests: 0, cacheHits: 0, pushes: 0 };
  /**
   * States of the base by position (items pushed), at multiples of `every`. Filled lazily: a
   * candidate replays the base's items up to its first change, and saves the base's states it
   * passes that are missing. Candidates save nothing of their own (most are rejected).
   */
  const cps = new Map<number, ReplayState>([[0, replay.save()]]);
  let current = base;
  let last: { candidate: readonly TraceItem[]; firstChanged: number } | undefined;
  const scratch: Decision[] = [];
  /** The original's answers to the probes (set by the first test that matched). */
  let expected: string | undefined;
  /** The probes' answers after the last item pushed (its time given). */
  const answers = (time: number): string => {
    const at = replay.save();
    const out: string[] = [];
    for (const tool of probes) {
      const got: Decision[] = [];
      replay.restore(at);
      replay.pushInto(probeItem(tool, time), got);
      stats.pushes++;
      out.push(`${tool}: ${probeAnswer(got, tool)}`);
    }
    replay.restore(at);
    return out.join('; ');
  };

  const keepBefore = (firstChanged: number) => {
    for (const pos of cps.keys()) if (pos > firstChanged) cps.delete(pos);
  };

  return {
    stats,
    get base() {
      return current;
    },
    test(candidate, firstChanged) {
      stats.tests++;
      last = undefined;
      const end = candidate.length - 1;
      if (end < 0) return undefined;
      const limit = Math.min(firstChanged, end);
      let from = 0;
      for (let p = Math.floor(limit / every) * every; p > 0; p -= every)
        if (cps.has(p)) {
          from = p;
          break;
        }
      replay.restore(cps.get(from) as ReplayState);
      for (let pos = from; pos < end; pos++) {
        replay.pushInto(candidate[pos] as TraceItem, scratch);
        scratch.length = 0;
        const next = pos + 1;
        if (next % every === 0 && next <= firstChanged && !cps.has(next)) cps.set(next, replay.save());
      }
      stats.pushes += end - from + 1;
      const out: Decision[] = [];
      replay.pushInto(candidate[end] as TraceItem, out);
      const hit = out.find((d) => matchesTarget(d, target));
      const lastItem = candidate[end] as TraceItem;
      const time = lastItem.kind === 'event' ? lastItem.event.time : 0;
      if (hit && probes.length > 0) {
        const got = answers(time);
        expected ??= got;
        if (got !== expected) return undefined;
      }
      if (hit && property) {
        const tools = replay.save().tools;
        if (!tools || !property.holds(tools, time)) return undefined;
      }
      if (hit) last = { candidate, firstChanged };
      return hit;
    },
    accept() {
      if (!last) throw new Error('accept() needs a successful test() just before');
      keepBefore(last.firstChanged);
      current = last.candidate;
      last = undefined;
    },
    rebase(items, firstChanged) {
      keepBefore(firstChanged);
      current = items;
      last = undefined;
    },
  };
}
