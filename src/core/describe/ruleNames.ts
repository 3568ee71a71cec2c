/**
 * The one table of rule-type names every surface uses (Inspector, Add rule, badge tooltips,
 * explanations, summary): a friendly name said as a user would ask for it, with the name the file
 * uses beside it ("Call after… · RequiresPrecedingTools"), and a one-line hint of what it does.
 */
import { TOOL_RULE_TYPES, type ToolRuleTypeName } from '../model/toolRules.ts';
import type { WorkflowRuleTypeName } from '../model/workflow.ts';

/** Friendly names of the tool-rule types, each said as a user would ask for it. */
export const TOOL_RULE_NAMES: Readonly<Record<ToolRuleTypeName, string>> = {
  ContinueLoop: 'Keep going after',
  ExitLoop: 'Stop after',
  RequiresPrecedingTools: 'Call after…',
  RequiresFollowingTools: 'Call before…',
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

/** What each tool-rule type does, in one line (the Add rule picker and the Inspector's type field). */
export const TOOL_RULE_HINTS: Readonly<Record<ToolRuleTypeName, string>> = {
  ContinueLoop: 'The loop goes on after this tool, without a heartbeat request.',
  ExitLoop: 'A successful call ends the loop (with conditions: once all of them were called).',
  RequiresPrecedingTools: 'May be called only after every listed tool was called.',
  RequiresFollowingTools: 'May not be called once any listed tool was called: it comes before them.',
  ExclusiveGroups: 'Per group, only one member may be called per batch (the calls answering one user message).',
  StartConstraint: 'Must be called before any other tool.',
  RequiredBeforeExit: 'Must have been called before the loop may end.',
  RequiredBeforeExitIf: 'Must have been called before the loop may end, once every listed tool was called.',
  MaxCalls: 'At most n calls per batch (the calls answering one user message).',
  Cooldown: 'At least this long between calls (across batches).',
  Periodic: 'Should be called at least this often; the simulator says when it falls due.',
  RequiresConsent: 'A user must approve each call, unless a standing grant exists.',
  AllowedOperations: 'Only the listed operations of a multi-operation tool.',
  Needed: 'Declared by data sources; no effect on execution.',
};

/** Both names of a type: `friendly` (undefined when it is the file's name already) and `name`, the file's. */
export function ruleTypeNames(type: string): { friendly: string | undefined; name: string } {
  const friendly = (TOOL_RULE_NAMES as Record<string, string>)[type] ?? (WORKFLOW_RULE_NAMES as Record<string, string>)[type];
  return { friendly: friendly === undefined || friendly === type ? undefined : friendly, name: type };
}

/**
 * A rule type as shown to people: the friendly name with the file's name beside it, e.g.
 * `Call after… · RequiresPrecedingTools`; a type the table does not know is shown as it is.
 */
export function ruleTypeLabel(type: ToolRuleTypeName | WorkflowRuleTypeName | (string & {})): string {
  const { friendly, name } = ruleTypeNames(type);
  return friendly === undefined ? name : `${friendly} · ${name}`;
}

/** The tool-rule types in the order the Add rule picker offers them (the spec's table order). */
export const TOOL_RULE_CHOICES: readonly { type: ToolRuleTypeName; label: string; hint: string }[] = TOOL_RULE_TYPES.map((type) => ({
  type,
  label: ruleTypeLabel(type),
  hint: TOOL_RULE_HINTS[type],
}));
