/**
 * The counterexample the simulator shows, if any: "Show trace" records what its trace proves
 * (the finding's claim) beside the id of the trace it replays, so the Simulation panel titles
 * that run with it, and only that run.
 */
import { createStore } from 'zustand/vanilla';
import { claimTitle, type CounterexampleClaim } from '../../core/verify/counterexampleClaim.ts';
import type { VerifyDiagnostic } from '../../core/verify/explore.ts';

export interface ShownCounterexample extends CounterexampleClaim {
  /** The id of the replayed trace (a run showing another trace is not titled). */
  traceId: string;
  /** The finding's own message: shown when the verifier worked out no final state. */
  message: string;
  /** The finding's code (`V001`): a minimisation of this run keeps what it proves. */
  code: string;
}

export const counterexampleStore = createStore<{ shown?: ShownCounterexample }>()(() => ({}));

/** Records the counterexample of finding `d`, replayed as trace `traceId`. */
export function showCounterexample(d: VerifyDiagnostic, traceId: string): void {
  const claim = d.trace?.claim ?? { title: claimTitle(d.code), finalState: [] };
  counterexampleStore.setState({ shown: { ...claim, traceId, message: d.message, code: d.code } });
}

/** The finding a run of `traceIds` is a counterexample of, if "Show trace" started it (or a minimisation of one). */
export function findingOfRun(traceIds: readonly string[]): string | undefined {
  const shown = counterexampleStore.getState().shown;
  return shown && traceIds.includes(shown.traceId) ? shown.code : undefined;
}

/** Titles the run of a minimised counterexample (trace `traceId`) with the claim it kept. */
export function showMinimisedCounterexample(claim: CounterexampleClaim & { code: string }, traceId: string): void {
  counterexampleStore.setState({ shown: { ...claim, traceId, message: 'Checked again on this shorter trace: it still shows the finding.' } });
}
