/**
 * The one way every surface names a rule: `#N`, 1-based, in source order within its agent (tool
 * rules) or within its node (workflow rules). Timeline, explanation, Problems, summary, Markdown
 * and CLI messages all call these, so a rule is "#3" wherever a user meets it. Decisions and
 * models carry the 0-based index; only these functions turn it into what people read.
 */
import type { ToolRuleTypeName } from './toolRules.ts';
import type { WorkflowRuleTypeName } from './workflow.ts';

/** `#N` for the rule at 0-based `index` (source order). */
export function ruleNumber(index: number): string {
  return `#${index + 1}`;
}

/** Friendly names of the tool-rule types, each said as a user would ask for it. */
export const TOOL_RULE_NAMES: Readonly<Record<ToolRuleTypeName, string>> = {
  ContinueLoop: 'Keep going after',
  ExitLoop: 'Stop after',
  RequiresPrecedingTools: 'Call after…',
  RequiresFollowingTools: 'Must be followed by…',
  ExclusiveGroups: 'Only one of',
  StartConstraint: 'Call at start',
  RequiredBeforeExit: 'Call before exit',
  RequiredBeforeExitIf: 'Call before exit if used',
  MaxCalls: 'Max calls',
  Cooldown: 'Cooldown',
  Periodic: 'Call periodically',
  RequiresConsent: 'Ask for consent',
  AllowedOperations: 'Allowed operations',
  Needed: 'Needed',
};

/** Friendly names of the workflow (hegel) rule types. */
export const WORKFLOW_RULE_NAMES: Readonly<Record<WorkflowRuleTypeName, string>> = {
  repeated_command: 'Repeated command',
  repeated_file_edit: 'Repeated file edit',
  phase_timeout: 'Phase timeout',
  token_budget: 'Token budget',
  require_commits: 'Require commits',
};

/** A rule type as shown to people: the friendly name with the file's name beside it, e.g. `Call after… · RequiresPrecedingTools`. */
export function ruleTypeLabel(type: ToolRuleTypeName | WorkflowRuleTypeName): string {
  const friendly = (TOOL_RULE_NAMES as Record<string, string>)[type] ?? (WORKFLOW_RULE_NAMES as Record<string, string>)[type];
  return friendly === undefined || friendly === type ? type : `${friendly} · ${type}`;
}

/**
 * The 0-based index of a rule written `#N` (or a bare `N`, or the number N), N from 1; undefined
 * for anything else (`#0`, `3.5`, `abc`). Rule-set tests name rules this way.
 */
export function parseRuleNumber(value: string | number): number | undefined {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = /^#?(\d{1,9})$/.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]);
  return n >= 1 ? n - 1 : undefined;
}
