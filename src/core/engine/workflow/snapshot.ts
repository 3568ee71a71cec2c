/** Plain-data view of the workflow engine for the UI (no classes, no functions). */
import type { WorkflowRuleTypeName } from '../../model/workflow.ts';
import type { WorkflowProfile } from './activity.ts';
import type { MetricUnit } from './rules/check.ts';

export interface WindowItemSnapshot {
  /** Epoch ms. */
  time: number;
  /** Command line or path. */
  text: string;
  tool: string;
}

export interface RuleStateSnapshot {
  /** 0-based index in the current node's rule list. */
  rule: number;
  type: WorkflowRuleTypeName;
  /** Measured value and its limit (see `RuleCheck`): events, ms, tokens or commits found. */
  value: number;
  limit: number;
  unit: MetricUnit;
  /** Violated at the last event's time (as an `every_event` evaluation would see it). */
  violated: boolean;
  /** Reported and not yet seen to stop firing in this phase. */
  firing: boolean;
  /** Never fires (invalid numbers or pattern for the profile). */
  inert: boolean;
  /** Events the rule counts, oldest first (repeated rules only). */
  window?: WindowItemSnapshot[];
}

export interface PhaseSnapshot {
  node: string;
  start: number;
  /** `null` for the active phase. */
  end: number | null;
  tokensIn: number;
  tokensOut: number;
  turns: number;
  commits: number;
}

export interface WorkflowEngineSnapshot {
  profile: WorkflowProfile;
  evaluateOn: 'next' | 'every_event';
  status: 'not_started' | 'running' | 'done';
  /** Current node (`null` before `workflow_start`). */
  node: string | null;
  /** Start of the active phase, epoch ms. */
  phaseStart: number | null;
  /** Time of the last event stepped, epoch ms. */
  now: number | null;
  /** The current node's rules, in file order. */
  rules: RuleStateSnapshot[];
  /** Every phase so far, oldest first; the last one is active. */
  history: PhaseSnapshot[];
}
