/**
 * What the verifier reports: each finding has a stable code (V0xx), a severity, a message naming
 * rules by their `#N`, the model element it is about, whether it is proved for every path or only
 * within the search bound, and a shortest scripted trace that shows it in the simulator.
 */
import type { Severity } from '../diagnostics/types.ts';
import type { CounterexampleClaim } from './counterexampleClaim.ts';

/** The verifier's codes (`docs/verify.md` lists them with examples). */
export const VERIFY_CODES = {
  V001: 'deadlock: a reachable state where no tool can be called and the agent cannot exit',
  V002: 'exit unreachable: no sequence of calls lets the agent exit cleanly',
  V003: 'trap: a call after which no sequence of calls leads to a clean exit',
  V004: 'dead tool: a tool no sequence of calls lets the agent call',
  V005: 'dead rule: a rule that fires on no path',
  V006: 'search bound reached: the results hold only for call sequences up to the bound',
  V010: 'workflow: a phase (or done) no sequence of transitions reaches',
  V011: 'workflow: a guard rule no session can make fire',
  V012: 'workflow: the shortest session that makes a guard rule fire',
} as const;
export type VerifyCode = keyof typeof VERIFY_CODES;

/** How far a finding is established. */
export type Proof =
  /** A concrete trace shows it (and, for a trap, every path on from there was explored). */
  | 'witness'
  /** The abstract state space was exhausted: it holds for every path ("none exists"). */
  | 'exhaustive'
  /** It holds for every call sequence up to the bound the search reached. */
  | 'bounded'
  /** Nothing is proved: the verifier could not judge it (it says why). */
  | 'unjudged';

/** One step of a counterexample, in the scripted-trace format (`traces.md` §2). */
export type CounterexampleStep =
  | { call: string; after?: number; args?: Record<string, string | number>; output?: string; consent?: 'approve_once' }
  | { end: true; after?: number }
  | { workflow_start: true; after?: number }
  | { next: string[]; after?: number }
  | { bash: string; after?: number }
  | { edit: string; after?: number }
  | { tokens: { input: number; output: number }; after?: number }
  | { commit: string; after?: number };

/** A scripted trace that shows a finding, and the step the simulator should open at. */
export interface Counterexample {
  steps: CounterexampleStep[];
  /** The scripted trace as YAML text (what `simulate --trace` and the simulator read). */
  yaml: string;
  /** The simulator step (1-based trace item) that shows the finding. */
  step: number;
  /** What it proves, for the simulator's title: the property broken and, for a deadlock, why each tool is refused at the end. */
  claim?: CounterexampleClaim;
}

/** One finding of the verifier about an agent or a workflow. */
export interface VerifyFinding {
  code: VerifyCode;
  severity: Severity;
  message: string;
  /** The rule (0-based index in the agent's list or the node's list) the finding is about. */
  rule?: number;
  /** The tool the finding is about. */
  tool?: string;
  /** The workflow node the finding is about. */
  node?: string;
  proof: Proof;
  trace?: Counterexample;
}

/** The verifier's verdict on the search itself. */
export interface SearchStats {
  /** Distinct abstract states reached. */
  states: number;
  /** Actions tried (every call and end, from every expanded state). */
  transitions: number;
  /** Every sequence of up to this many actions was explored. */
  depth: number;
  /** The abstract state space was exhausted (nothing left unexplored). */
  exhaustive: boolean;
  /**
   * Workflows: the search stopped before the bound because nothing was left to find (every phase
   * and `done` entered without an interrupt, every rule fired).
   */
  settled?: boolean;
}
