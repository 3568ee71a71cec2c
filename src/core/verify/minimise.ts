/**
 * Trace minimisation (issue 12.2, `docs/minimise.md`): given a trace and a target decision at
 * event K, the shortest, simplest trace that still produces that decision at its last event.
 *
 * 1. Events after K are cut (replay is causal: they cannot change what K decided).
 * 2. ddmin (Zeller & Hildebrandt, "Simplifying and Isolating Failure-Inducing Input", 2002) over
 *    the events before K, K's own event always kept last. Tested event sets are cached.
 * 3. Each kept event is simplified one step at a time ({@link simplerEvents}): arguments dropped
 *    or zeroed, optional fields removed, while the target holds.
 * 4. The gaps between kept events are pulled together or rounded ({@link simplerGaps}).
 * 5. Steps 2–4 repeat until nothing changes, so the result is 1-minimal: removing any one event,
 *    argument or optional field loses the target.
 *
 * Every candidate is judged by replaying it through the simulator's replay
 * ({@link createOracle}), from a checkpoint at or before its first change. The work is a
 * generator: it yields progress after every test, and stops early (returning the best trace so
 * far, marked incomplete) when `shouldStop` says so, so the Web Worker can stream progress and
 * cancel between two tests. No wall clock is read here; callers time the run.
 */
import type { Decision } from '../engine/decisions.ts';
import type { ReplayConfig } from '../engine/replay.ts';
import type { TraceEvent, TraceItem } from '../traces/events.ts';
import { createOracle, type Oracle } from './minimiseOracle.ts';
import { simplerEvents, simplerGaps } from './minimiseSimplify.ts';
import { describeTarget, type MinimiseTarget } from './minimiseTarget.ts';
import { probeToolsOf } from './minimiseProbes.ts';
import type { PropertyCheck } from './minimiseProperty.ts';

export interface MinimiseInput {
  config: ReplayConfig;
  /** The trace's usable events, in order (unusable lines decide nothing and are left out). */
  events: readonly TraceEvent[];
  /** Index in `events` of the target's event (the decision's `event` field). */
  step: number;
  target: MinimiseTarget;
  /** Polled between two tests: true stops with the best trace found so far. */
  shouldStop?: () => boolean;
  /** Stops (incomplete) after this many tests (default: no limit). */
  maxTests?: number;
  /** Items between replay checkpoints (default 1,024). */
  checkpointEvery?: number;
  /**
   * A counterexample's claim about the state after the target (a deadlock, no way to exit): every
   * candidate must keep it too (`minimiseProperty.ts`); none = the decision alone.
   */
  property?: PropertyCheck;
}

export type MinimisePhase = 'check' | 'events' | 'arguments' | 'times';

export interface MinimiseProgress {
  phase: MinimisePhase;
  /** Candidates tested so far. */
  tests: number;
  /** Events in the best trace so far. */
  events: number;
  /** Events in the trace given (up to and including the target's). */
  original: number;
  /** Events pushed through the engine so far. */
  pushes: number;
}

export interface MinimiseResult {
  /** The minimised trace; its last event is the target's. */
  events: TraceEvent[];
  /** For each kept event, its index in the events given. */
  origin: number[];
  /** The target's decision as the minimised trace gives it (at its last event). */
  decision: Decision;
  target: MinimiseTarget;
  /** Events given up to and including the target's. */
  original: number;
  /** False when stopped (cancelled or out of tests) before the result was 1-minimal. */
  complete: boolean;
  /** The finding code whose claim every candidate kept (the input's property), if any. */
  property?: string;
  tests: number;
  cacheHits: number;
  pushes: number;
}

/** `lost: 'property'`: the trace gives the target but not the property (so it cannot be kept). */
export type MinimiseOutcome = { ok: true; result: MinimiseResult } | { ok: false; problem: string; lost?: 'property' };

const item = (event: TraceEvent): TraceItem => ({ kind: 'event', event });

/** 32-bit FNV-1a of an index list, with a seed (two seeds make a 64-bit key). */
function hashIndices(idx: readonly number[], seed: number): number {
  let h = seed >>> 0;
  for (const i of idx) {
    h = Math.imul(h ^ (i & 0xffff), 16777619);
    h = Math.imul(h ^ (i >>> 16), 16777619);
  }
  return h >>> 0;
}
const setKey = (idx: readonly number[]) => `${idx.length}:${hashIndices(idx, 2166136261)}:${hashIndices(idx, 0x9e3779b9)}`;

/** The state shared by the phases. */
interface Run {
  oracle: Oracle;
  /** The best trace so far (its last item is the target's event). */
  items: TraceItem[];
  origin: number[];
  decision: Decision;
  progress: MinimiseProgress;
  stopped: () => boolean;
}

/** Runs a candidate; on success it becomes the best trace. */
function attempt(run: Run, items: TraceItem[], origin: number[], firstChanged: number): boolean {
  const hit = run.oracle.test(items, firstChanged);
  run.progress.tests = run.oracle.stats.tests;
  run.progress.pushes = run.oracle.stats.pushes;
  if (!hit) return false;
  run.oracle.accept();
  run.items = items;
  run.origin = origin;
  run.decision = hit;
  run.progress.events = items.length;
  return true;
}

/**
 * ddmin over the events before the target's: positions in `run.items` (all but the last). Yields
 * after every test. Returns whether anything was removed.
 */
function* ddminEvents(run: Run): Generator<MinimiseProgress, boolean> {
  run.progress.phase = 'events';
  const pool = run.items;
  const poolOrigin = run.origin;
  const last = pool.length - 1;
  const target = pool[last] as TraceItem;
  const failed = new Set<string>();
  const build = (idx: readonly number[]) => {
    const items = idx.map((i) => pool[i] as TraceItem);
    items.push(target);
    const origin = idx.map((i) => poolOrigin[i] as number);
    origin.push(poolOrigin[last] as number);
    return { items, origin };
  };
  /** Tests the events `idx` (+ the target's); `firstChanged` as the oracle takes it. */
  const test = (idx: number[], firstChanged: number): boolean => {
    const key = setKey(idx);
    if (failed.has(key)) {
      run.oracle.stats.tests++;
      run.oracle.stats.cacheHits++;
      return false;
    }
    const { items, origin } = build(idx);
    if (attempt(run, items, origin, firstChanged)) return true;
    failed.add(key);
    return false;
  };

  let c = Array.from({ length: last }, (_, i) => i);
  const start = c.length;
  if (c.length === 0) return false;
  const none = test([], 0);
  yield run.progress;
  if (none) return true;
  let n = 2;
  while (c.length > 1 && !run.stopped()) {
    n = Math.min(n, c.length);
    const bound = (i: number) => Math.floor((i * c.length) / n);
    let reduced = false;
    // Subsets (with n = 2 they are the complements, tested below).
    for (let i = 0; n > 2 && i < n && !reduced && !run.stopped(); i++) {
      const a = bound(i);
      const b = bound(i + 1);
      const sub = c.slice(a, b);
      if (test(sub, a === 0 ? b : 0)) {
        c = sub;
        n = 2;
        reduced = true;
      }
      yield run.progress;
    }
    // Complements, last chunk first: its replay starts latest, so it is the cheapest.
    for (let i = n - 1; i >= 0 && !reduced && !run.stopped(); i--) {
      const a = bound(i);
      const b = bound(i + 1);
      const comp = c.slice(0, a).concat(c.slice(b));
      if (test(comp, a)) {
        c = comp;
        n = Math.max(n - 1, 2);
        reduced = true;
      }
      yield run.progress;
    }
    if (reduced) continue;
    if (n >= c.length) break;
    n = Math.min(c.length, 2 * n);
  }
  return c.length < start;
}

/** Simplifies each kept event one step at a time while the target holds. Returns whether any changed. */
function* simplifyEvents(run: Run): Generator<MinimiseProgress, boolean> {
  run.progress.phase = 'arguments';
  let changed = false;
  for (let p = 0; p < run.items.length && !run.stopped(); p++) {
    let again = true;
    while (again && !run.stopped()) {
      again = false;
      const current = run.items[p] as TraceItem & { kind: 'event' };
      for (const simpler of simplerEvents(current.event)) {
        const items = run.items.slice();
        items[p] = item(simpler);
        const ok = attempt(run, items, run.origin, p);
        yield run.progress;
        if (ok) {
          changed = again = true;
          break;
        }
        if (run.stopped()) break;
      }
    }
  }
  return changed;
}

/** Pulls each gap between kept events together or rounds it (the first simpler gap that holds). */
function* simplifyTimes(run: Run): Generator<MinimiseProgress, boolean> {
  run.progress.phase = 'times';
  let changed = false;
  for (let p = 1; p < run.items.length && !run.stopped(); p++) {
    const timeAt = (i: number) => (run.items[i] as TraceItem & { kind: 'event' }).event.time;
    const gap = timeAt(p) - timeAt(p - 1);
    for (const g of simplerGaps(gap)) {
      const shift = g - gap;
      const items = run.items.map((it, i) => (i < p ? it : item({ ...(it as TraceItem & { kind: 'event' }).event, time: timeAt(i) + shift })));
      const ok = attempt(run, items, run.origin, p);
      yield run.progress;
      if (ok) {
        changed = true;
        break;
      }
      if (run.stopped()) break;
    }
  }
  return changed;
}

/**
 * Minimises a trace towards a target decision (see the module comment). Yields progress after
 * every test; returns the outcome (a problem when the given trace does not produce the target at
 * `step`).
 */
export function* minimiseTrace(input: MinimiseInput): Generator<MinimiseProgress, MinimiseOutcome> {
  const { events, step, target } = input;
  if (!Number.isInteger(step) || step < 0 || step >= events.length)
    return { ok: false, problem: `event ${step} is not in the trace (it has ${events.length} events, numbered from 0)` };
  const items = events.slice(0, step + 1).map(item);
  // towards a blocked exit, "the same reason" includes what the pending tools (and the tools they must follow) would get
  const oracle = createOracle(input.config, target, items, input.checkpointEvery, probeToolsOf(target, input.config.agent), input.property);
  const maxTests = input.maxTests ?? Number.POSITIVE_INFINITY;
  let stop = false;
  const stopped = () => (stop ||= oracle.stats.tests >= maxTests || (input.shouldStop?.() ?? false));
  const progress: MinimiseProgress = { phase: 'check', tests: 0, events: items.length, original: items.length, pushes: 0 };
  const first = oracle.test(items, 0);
  progress.tests = 1;
  progress.pushes = oracle.stats.pushes;
  if (!first && input.property && createOracle(input.config, target, items, input.checkpointEvery).test(items, 0))
    return { ok: false, problem: `the state after event ${step} is not what ${input.property.code} claims`, lost: 'property' };
  if (!first) return { ok: false, problem: `the trace does not decide ${describeTarget(target)} at event ${step}` };
  oracle.accept();
  yield progress;
  const run: Run = { oracle, items, origin: items.map((_, i) => i), decision: first, progress, stopped };

  let dirty = true;
  for (let round = 0; dirty && round < 8 && !stopped(); round++) {
    yield* ddminEvents(run);
    const args = yield* simplifyEvents(run);
    const times = yield* simplifyTimes(run);
    dirty = args || times;
  }
  // Stopped, or still changing after the last round allowed: shorter, but not proven 1-minimal.
  const complete = !stop && !dirty;
  return {
    ok: true,
    result: {
      events: run.items.map((it) => (it as TraceItem & { kind: 'event' }).event),
      origin: run.origin,
      decision: run.decision,
      target,
      original: items.length,
      complete,
      ...(input.property ? { property: input.property.code } : {}),
      tests: oracle.stats.tests,
      cacheHits: oracle.stats.cacheHits,
      pushes: oracle.stats.pushes,
    },
  };
}

/** Runs {@link minimiseTrace} to the end (the CLI and tests; the worker drives the generator itself). */
export function minimise(input: MinimiseInput, onProgress?: (p: MinimiseProgress) => void): MinimiseOutcome {
  const gen = minimiseTrace(input);
  for (;;) {
    const next = gen.next();
    if (next.done) return next.value;
    onProgress?.(next.value);
  }
}
