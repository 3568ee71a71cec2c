/** The outcome of evaluating one workflow rule at one moment. */
import type { WorkflowRule } from '../../../model/workflow.ts';

export type MetricUnit = 'events' | 'ms' | 'tokens' | 'commits';

export interface RuleCheck {
  /** Whether the rule is violated now. */
  readonly fires: boolean;
  /**
   * What the rule measured and the limit it compares with, for the UI: events in the window vs
   * threshold, phase ms vs max ms, tokens vs max, commits found vs lookback phases (fires at 0).
   */
  readonly value: number;
  readonly limit: number;
  readonly unit: MetricUnit;
  /** The interrupt text; only meaningful when `fires`, and read before the state changes. */
  text(): string;
}

/** A rule that never fires (invalid for the profile, or nothing to measure). */
export function quietCheck(limit: number, unit: MetricUnit): RuleCheck {
  return { fires: false, value: 0, limit, unit, text: () => '' };
}

/** The quiet check of a rule that cannot fire, showing the rule's own limit. */
export function inertCheck(rule: WorkflowRule): RuleCheck {
  switch (rule.type) {
    case 'repeated_command':
    case 'repeated_file_edit':
      return quietCheck(rule.threshold, 'events');
    case 'phase_timeout':
      return quietCheck(rule.max_duration * 1000, 'ms');
    case 'token_budget':
      return quietCheck(rule.max_tokens, 'tokens');
    case 'require_commits':
      return quietCheck(rule.lookback_phases, 'commits');
  }
}
