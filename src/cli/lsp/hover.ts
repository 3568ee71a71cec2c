/** Hover: a rule's friendly name, the one-line hint and what the rule means (the studio's texts). */
import type { Hover } from 'vscode-languageserver';
import type { LoadedFile } from '../../core/codecs/types.ts';
import { ruleMeaning } from '../../core/describe/meaning.ts';
import { TOOL_RULE_HINTS, ruleTypeLabel } from '../../core/describe/ruleNames.ts';
import { describeWorkflowRule } from '../../core/simulator/ruleText.ts';
import { ruleAt } from './locate.ts';

/** The hover for the rule at the 0-based position, or null outside every rule. */
export function hoverAt(loaded: LoadedFile, line: number, character: number): Hover | null {
  const at = ruleAt(loaded, line, character);
  if (!at) return null;
  const type = at.kind === 'agent' ? at.rule.rule_type.type : at.rule.type;
  const lines = [`**${ruleTypeLabel(type)}**`];
  if (at.kind === 'agent') {
    lines.push('', TOOL_RULE_HINTS[at.rule.rule_type.type], '', `${ruleMeaning(at.rule)}.`);
  } else {
    const text = describeWorkflowRule(at.rule);
    lines.push(
      '',
      `${text.charAt(0).toUpperCase()}${text.slice(1)} (a rule of phase \`${at.node}\`).`,
    );
  }
  return { contents: { kind: 'markdown', value: lines.join('\n') } };
}
