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

/** Counters of the work done, for progress and the closing note. */
export interface OracleStats {
  /** Candidates judged (cache hits included). */
  tests: number;
  /** Candidates answered from the cache of tested event sets. */
  cacheHits: number;
  /** Events pushed through the engine. */
  pushes: number;
}

interface Checkpoint {
  pos: number;
  state: ReplayState;
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
 */
export function createOracle(config: ReplayConfig, target: MinimiseTarget, base: readonly TraceItem[], every = 1024): Oracle {
  const replay = createReplay(config);
  const stats: OracleStats = { tests: 0, cacheHits: 0, pushes: 0 };
  let cps: Checkpoint[] = [{ pos: 0, state: replay.save() }];
  let current = base;
  let last: { candidate: readonly TraceItem[]; firstChanged: number; saved: Checkpoint[] } | undefined;
  const scratch: Decision[] = [];

  const keepBefore = (firstChanged: number) => {
    let n = cps.length;
    while (n > 1 && (cps[n - 1] as Checkpoint).pos > firstChanged) n--;
    cps = cps.slice(0, n);
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
      let cp = cps[0] as Checkpoint;
      for (let i = cps.length - 1; i >= 0; i--)
        if ((cps[i] as Checkpoint).pos <= limit) {
          cp = cps[i] as Checkpoint;
          break;
        }
      replay.restore(cp.state);
      const saved: Checkpoint[] = [];
      for (let pos = cp.pos; pos < end; pos++) {
        replay.pushInto(candidate[pos] as TraceItem, scratch);
        scratch.length = 0;
        const next = pos + 1;
        if (next % every === 0 && next > firstChanged) saved.push({ pos: next, state: replay.save() });
      }
      stats.pushes += end - cp.pos + 1;
      const out: Decision[] = [];
      replay.pushInto(candidate[end] as TraceItem, out);
      const hit = out.find((d) => matchesTarget(d, target));
      if (hit) last = { candidate, firstChanged, saved };
      return hit;
    },
    accept() {
      if (!last) throw new Error('accept() needs a successful test() just before');
      keepBefore(last.firstChanged);
      cps.push(...last.saved);
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
