/**
 * The engine's profile policy points: the few decisions on which the `spec` profile and the
 * `pattern` profile (Pattern's released `ToolRuleEngine`) differ. The engine is one; a profile
 * picks which implementation of each point it calls. Everything else (scopes, unknown tools,
 * dedupe, consent, timeouts, periodic reports, auto start) is the same for both.
 */
import type { Decision, Flow } from '../decisions.ts';
import type { CallFailure, CallRequest, CheckContext } from './checks.ts';
import type { LettaSnapshot } from './types.ts';

/** The id standing for a `"*"` tool name in a Pattern rule list: never a tool, never called. */
export const WILDCARD_ID = -1;

export interface ToolPolicy {
  readonly profile: 'spec' | 'pattern' | 'letta' | 'claude';
  /** Steps 3–7 of a call (`tool-rules.md` §4): start gate, ordering, limits, cooldown, operations. */
  checkRules(ctx: CheckContext, call: CallRequest): CallFailure | undefined;
  /** Step 8 in the profile's own terms (default: RequiresConsent rules, `checks.ts`); must reset `ctx.pass`. */
  checkConsent?(ctx: CheckContext, call: CallRequest): CallFailure | undefined;
  /** The flow of a call that executed, asked after the call was recorded. */
  flowOf(ctx: CheckContext, call: CallRequest): Flow;
  /** The exit requirements pending now, as tool ids in rule order ({@link WILDCARD_ID} for `"*"`). */
  pendingExit(ctx: CheckContext): number[];
  /** A call whose flow is `exit` ends the loop at once, without looking at exit requirements. */
  readonly exitFlowSkipsRequirements: boolean;
  /** Calls after the loop exited are `ignored` rather than checked. */
  readonly ignoresCallsAfterExit: boolean;
  /**
   * A call whose consent is asked for and answered (approved or denied) runs in a new request:
   * the step's history starts empty before it, and the loop runs again (Letta's approval round
   * trip). Absent: the answer is given within the step.
   */
  readonly answerStartsRequest?: boolean;
  /**
   * The message of an `exit_blocked` for `pending` (tool names), the end asked by a call
   * (`afterCall`) or by the model (`model_end`); absent: `RequiredBeforeExit`'s own message.
   */
  exitBlockedMessage?(pending: readonly string[], afterCall: boolean): string;
  /** The failure of a call of a tool the agent lacks (step 1); absent: `NotFound`. */
  unknownTool?(ctx: CheckContext, call: CallRequest): CallFailure;
  /** Sees every call from the trace once it is decided (its decision, and the output the trace recorded). */
  observeCall?(ctx: CheckContext, call: CallRequest, decision: Decision, output: string | undefined): void;
  /** The profile's own part of the state inspector's view. */
  snapshot?(ctx: CheckContext): LettaSnapshot;
}
