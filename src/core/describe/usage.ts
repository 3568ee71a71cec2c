/**
 * Usage descriptions (`tool-rules.md` §6): the sentence shown to the model for each rule, and the
 * rendered `# Tool Execution Rules` block in rule order.
 */
import type { Agent, ToolRule } from '../model/toolRules.ts';
import { describeLettaRules } from './lettaPrompts.ts';
import { orderRules } from './ruleOrder.ts';

const code = (s: string) => '`' + s + '`';

/** The usage sentence for one rule. */
export function describeRule(rule: ToolRule): string {
  const t = code(rule.tool_name);
  const c = rule.conditions.join(', ');
  const has = rule.conditions.length > 0;
  const rt = rule.rule_type;
  switch (rt.type) {
    case 'ContinueLoop':
      return `The conversation will be continued after calling ${t}`;
    case 'ExitLoop':
      return `The conversation will end after calling ${t}`;
    case 'StartConstraint':
      return `Call ${t} first before any other tools`;
    case 'RequiresPrecedingTools':
      return has ? `Call ${t} only after calling: ${c}` : `Call other tools before calling ${t}`;
    case 'RequiresFollowingTools':
      return has ? `Call these tools after calling ${t}: ${c}` : `Call other tools after calling ${t}`;
    case 'RequiredBeforeExit':
      return `Call ${t} before ending the conversation`;
    case 'RequiredBeforeExitIf':
      return has
        ? `Call ${t} before ending if: ${c}`
        : `Call ${t} before ending if certain conditions are met`;
    case 'MaxCalls':
      return `Call ${t} at most ${rt.value} times per conversation`;
    case 'Cooldown':
      return `Wait at least ${Math.floor(rt.value)}ms between calls to ${t}`;
    case 'Periodic':
      return `Call ${t} every ${Math.floor(rt.value)}ms during long conversations`;
    case 'ExclusiveGroups': {
      const groups = rt.value.map((g) => `[${g.join(', ')}]`).join(', ');
      return `Call only one tool from each group per conversation for ${t}: ${groups}`;
    }
    case 'RequiresConsent':
      return rt.value.scope !== undefined
        ? `User approval is required before calling ${t} (scope: ${rt.value.scope}).`
        : `User approval is required before calling ${t}.`;
    case 'AllowedOperations':
      return `Available operations for ${t}: ${[...rt.value].sort().join(', ')}`;
    case 'Needed':
      return `Use ${t} to work with this`;
  }
}

/**
 * The rendered block for an agent: header, blank line, one `- {text}` line per rule in rule order;
 * for a Letta agent, the `tool_usage_rules` block Letta compiles into its system prompt.
 */
export function describeAgent(agent: Agent): string {
  if (agent.family === 'letta') return describeLettaRules(agent.lettaRules ?? []) + '\n';
  const lines = ['# Tool Execution Rules', ''];
  for (const { rule } of orderRules(agent.rules)) lines.push(`- ${describeRule(rule)}`);
  return lines.join('\n') + '\n';
}
