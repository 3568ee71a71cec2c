/**
 * One-line descriptions of rules for explanations and reports. Rules are numbered as on every
 * surface (`ruleNumber`: `#4`, 1-based in source order).
 */
import { mergeSettings } from '../permissions/claude/settings.ts';
import { defaultCwd } from '../permissions/claude/replayContext.ts';
import { ruleNumber } from '../model/ruleNumber.ts';
import { countOf, ruleMeaning } from '../describe/meaning.ts';
import { renderLettaRule } from '../describe/lettaPrompts.ts';
import type { LettaToolRule } from '../model/lettaRules.ts';
import { ruleTypeLabel } from '../describe/ruleNames.ts';
import type { Agent, ToolRule } from '../model/toolRules.ts';
import type { Workflow, WorkflowRule } from '../model/workflow.ts';
import { groupThousands } from '../engine/workflow/texts.ts';

const code = (s: string) => '`' + s + '`';

/** The tool rule at `index` (file order) of the agent, if there is one. */
export function toolRuleAt(agent: Agent | undefined, index: number | undefined): ToolRule | undefined {
  return agent && index !== undefined && index >= 0 ? agent.rules[index] : undefined;
}

/** The workflow rule at `index` of node `node`, if there is one. */
export function workflowRuleAt(workflow: Workflow | undefined, node: string, index: number): WorkflowRule | undefined {
  return workflow?.nodes.find((n) => n.name === node)?.rules[index];
}

/**
 * `Rule #4: Max calls · MaxCalls on `fetch`, priority 5 — Call `fetch` at most 3 times per batch`
 * (what the rule does, `ruleMeaning`, after the dash: the scope said as everywhere in the studio). Without the agent's rule: just the number.
 */
export function toolRuleLine(agent: Agent | undefined, index: number): string {
  const head = `Rule ${ruleNumber(index)}`;
  if (agent?.family === 'letta') return lettaRuleLine(agent, index);
  if (agent?.family === 'claude') return claudeRuleLine(agent, index);
  const rule = toolRuleAt(agent, index);
  if (!rule) return `${head}: not in the loaded agent's rule list`;
  const conditions = rule.conditions.length > 0 ? `, conditions ${rule.conditions.join(', ')}` : '';
  return `${head}: ${ruleTypeLabel(rule.rule_type.type)} on ${code(rule.tool_name)}, priority ${rule.priority}${conditions} — ${ruleMeaning(rule)}`;
}

/** `Rule #16: deny `Bash(git push *)` (project settings, settings.json:25:7)`: a Claude Code permission rule of the merged policy. */
export function claudeRuleLine(agent: Agent, index: number): string {
  const head = `Rule ${ruleNumber(index)}`;
  // The engine's rule numbers are positions in the merged policy's rules (`mergeSettings`).
  const settings = agent.claudeSettings ?? [];
  const rule = mergeSettings(settings, defaultCwd(settings)).rules[index];
  if (!rule) return `${head}: not in the loaded settings' rule list`;
  const s = rule.source;
  return `${head}: ${s.list} ${code(s.text)} (${s.scope} settings, ${s.file}:${s.line}:${s.col})`;
}

/** A Letta rule's rendered prompt without its `<tool_rule>` tags, or a plain account when Letta renders none. */
export function lettaRuleText(rule: LettaToolRule): string {
  const rendered = renderLettaRule(rule);
  if (rendered !== undefined) return rendered.replace('<tool_rule>', '').replace('</tool_rule>', '').trim();
  return rule.type === 'run_first' ? `${rule.tool_name} may be called first in a step` : `${rule.tool_name} needs a human's approval before it runs`;
}

/** `Rule #2: constrain_child_tools on `plan` — After using plan, you must use one of these tools: search, answer`. */
export function lettaRuleLine(agent: Agent | undefined, index: number): string {
  const head = `Rule ${ruleNumber(index)}`;
  const rule = agent?.lettaRules?.[index];
  if (!rule) return `${head}: not in the loaded agent's rule list`;
  return `${head}: ${rule.type} on ${code(rule.tool_name)} — ${lettaRuleText(rule)}`;
}

/** What a workflow rule checks, in plain words. */
export function describeWorkflowRule(rule: WorkflowRule): string {
  switch (rule.type) {
    case 'repeated_command':
      return `fires at ${rule.threshold} or more matching commands within ${rule.window} s${rule.pattern !== undefined ? ` (pattern ${code(rule.pattern)})` : ''}`;
    case 'repeated_file_edit':
      return `fires at ${rule.threshold} or more matching edits within ${rule.window} s${rule.path_pattern !== undefined ? ` (path pattern ${code(rule.path_pattern)})` : ''}`;
    case 'phase_timeout':
      return `fires when the phase runs longer than ${rule.max_duration} s`;
    case 'token_budget':
      return `fires when the phase uses more than ${groupThousands(rule.max_tokens)} input + output tokens`;
    case 'require_commits':
      return `fires when there is no commit in the last ${countOf(rule.lookback_phases, 'phase')}`;
  }
}

/** `Rule #1 of node `code`: Repeated command · repeated_command — fires at 5 or more matching commands within 120 s`. */
export function workflowRuleLine(workflow: Workflow | undefined, node: string, index: number, type?: string): string {
  const head = `Rule ${ruleNumber(index)} of node ${code(node)}`;
  const rule = workflowRuleAt(workflow, node, index);
  if (!rule) return `${head}: ${type ?? 'a rule'} (not in the loaded workflow)`;
  return `${head}: ${ruleTypeLabel(rule.type)} — ${describeWorkflowRule(rule)}`;
}
