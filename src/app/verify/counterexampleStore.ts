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
}

export const counterexampleStore = createStore<{ shown?: ShownCounterexample }>()(() => ({}));

/** Records the counterexample of finding `d`, replayed as trace `traceId`. */
export function showCounterexample(d: VerifyDiagnostic, traceId: string): void {
  const claim = d.trace?.claim ?? { title: claimTitle(d.code), finalState: [] };
  counterexampleStore.setState({ shown: { ...claim, traceId, message: d.message } });
}
