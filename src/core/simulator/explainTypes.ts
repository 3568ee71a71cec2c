/** Shapes shared by the explanation builders. */
import type { ReplaySnapshot } from '../engine/replay.ts';
import type { ReplaySettingsInput } from '../engine/settings.ts';
import type { Agent } from '../model/toolRules.ts';
import type { Workflow } from '../model/workflow.ts';
import type { TraceEvent } from '../traces/events.ts';
import type { RuleLocator, SourceAt } from './ruleLocation.ts';
import type { RecordedOutcome } from '../permissions/claude/agreement.ts';

/** Where a decision's rule lives: an agent's tool rule, or a node's workflow rule (0-based, file order). */
export type RuleRef = { kind: 'tool'; index: number } | { kind: 'workflow'; index: number; node: string };

/** A plain-language account of one decision. */
export interface Explanation {
  /** Short heading, e.g. ``Blocked: `validate` ``. */
  title: string;
  /** One sentence saying why. */
  summary: string;
  /** Bullets: the rule that decided and the state that made it decide. */
  details: string[];
  ruleRef?: RuleRef;
  /** Where the rule of {@link ruleRef} is written, when the context could locate it (`ExplainContext.locateRule`). */
  ruleAt?: SourceAt;
  /**
   * The engine's own code and message for a refused call (`PrerequisitesNotMet`, `Tool load cannot
   * be executed: …`): the summary says it in plain words; surfaces show this on request.
   */
  engine?: { code: string; message: string };
  /** Interrupts: the exact text the agent sees in place of the prompt. */
  prompt?: string;
}

/**
 * What an explanation may draw on; everything is optional and the text degrades gracefully.
 * `state` is the replay snapshot taken AFTER the decision's event (what `Stepper.at(step)` gives
 * for the step of that event). A failed check leaves no trace in the state, so for a failure it
 * shows what the check saw; for an executed call it includes the call.
 */
export interface ExplainContext {
  agent?: Agent;
  workflow?: Workflow;
  state?: ReplaySnapshot;
  /** The trace event that caused the decision: claims, consent answers and durations come from it. */
  event?: TraceEvent;
  /** The replay's settings (defaults when absent). */
  settings?: ReplaySettingsInput;
  /** Finds where a rule is written ({@link ruleLocator}); without it explanations carry no `ruleAt`. */
  locateRule?: RuleLocator;
  /**
   * What the session's transcript recorded of the call (Claude Code: its `tool_result`), when
   * known: a call the user rejected did not run, whatever the trace's default outcome says.
   */
  recorded?: RecordedOutcome;
}
