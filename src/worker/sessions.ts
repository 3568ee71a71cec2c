/**
 * Finished runs kept inside the worker so the page can step through them, explain decisions,
 * diff two runs and export them without holding or re-sending a million decisions. A session
 * keeps the trace items, the replay config and the decisions with the item each came from; the
 * stepper is created on first use. Only the last few runs are kept (the current and the previous
 * one, for what-if diffs); older ones are dropped.
 */
import type { Decision } from '../core/engine/decisions.ts';
import type { Replay, ReplayConfig } from '../core/engine/replay.ts';
import type { Checkpoints } from '../core/simulator/checkpoints.ts';
import type { TraceItem } from '../core/traces/events.ts';
import { createStepper, type Stepper } from '../core/simulator/stepper.ts';
import type { RuleLocator } from '../core/simulator/ruleLocation.ts';
import type { RecordedOutcome } from '../core/permissions/claude/agreement.ts';

export interface RunSession {
  items: TraceItem[];
  config: ReplayConfig;
  decisions: Decision[];
  /** steps[seq] = index of the trace item that caused decision `seq`. */
  steps: number[];
  /** The run's replay (at the end of `items`) and the checkpoints it saved: the stepper's front. */
  run?: { replay: Replay; checkpoints: Checkpoints };
  stepper?: Stepper;
  /** Where the run's rules are written (their files' spans), for explanations that link to them. */
  locateRule?: RuleLocator;
  /** What a Claude Code transcript recorded of each call (its `tool_use` id), for explanations. */
  recorded?: ReadonlyMap<string, RecordedOutcome>;
  /** Estimated heap bytes the session holds (see `budget.ts`), set when the run ends. */
  bytes?: number;
}

/** Sessions kept at once (current, previous, one being built). */
export const MAX_SESSIONS = 3;

export interface SessionStore {
  put(id: string, session: RunSession): void;
  get(id: string): RunSession | undefined;
  release(id: string): void;
  /** The session's stepper, created on first use. */
  stepper(id: string): Stepper | undefined;
  /** Estimated bytes held by the kept sessions other than `except`. */
  bytesExcept(except: string): number;
  /** Drops the oldest kept session other than `except`; false when there is none. */
  dropOldestExcept(except: string): boolean;
  readonly size: number;
}

/** An insertion-ordered store that drops the oldest sessions beyond {@link MAX_SESSIONS}. */
export function createSessionStore(max = MAX_SESSIONS): SessionStore {
  const sessions = new Map<string, RunSession>();
  return {
    put(id, session) {
      sessions.delete(id);
      sessions.set(id, session);
      while (sessions.size > max) {
        const oldest = sessions.keys().next().value as string;
        sessions.delete(oldest);
      }
    },
    get: (id) => sessions.get(id),
    release(id) {
      sessions.delete(id);
    },
    stepper(id) {
      const s = sessions.get(id);
      if (!s) return undefined;
      s.stepper ??= createStepper(
        s.items,
        s.config,
        s.run ? { checkpoints: s.run.checkpoints, front: { replay: s.run.replay, pos: s.items.length, decisions: s.decisions, steps: s.steps } } : {},
      );
      return s.stepper;
    },
    bytesExcept(except) {
      let n = 0;
      for (const [id, s] of sessions) if (id !== except) n += s.bytes ?? 0;
      return n;
    },
    dropOldestExcept(except) {
      for (const id of sessions.keys()) {
        if (id === except) continue;
        sessions.delete(id);
        return true;
      }
      return false;
    },
    get size() {
      return sessions.size;
    },
  };
}
