/**
 * Letta rules in the form Letta's API and agent files hold them: the rule's own keys in Letta's
 * field order (`tool_name`, `type`, `prompt_template`, then the type's fields), the kept unknown
 * keys after them. Keys absent from the model stay absent, so a rule read from a file compares
 * equal to the file's rule and an unedited rule is never rewritten.
 */
import type { LettaToolRule } from '../../model/lettaRules.ts';
import { LETTA_COMMON_FIELDS, LETTA_RULE_FIELDS } from '../read/lettaRule.ts';
import { setOwn } from './agentsConfig.ts';

/** One rule as a plain JSON object in Letta's key order. */
export function lettaRuleShape(rule: LettaToolRule): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fields = rule as unknown as Record<string, unknown>;
  for (const key of [...LETTA_COMMON_FIELDS, ...LETTA_RULE_FIELDS[rule.type]]) if (fields[key] !== undefined) setOwn(out, key, fields[key]);
  for (const [k, v] of Object.entries(rule.extra ?? {})) if (!(k in out)) setOwn(out, k, v);
  return out;
}

/** The plain `tool_rules` list Letta's API takes, as JSON text (two-space indent, final newline). */
export function writeLettaRulesJson(rules: readonly LettaToolRule[]): string {
  return `${JSON.stringify(rules.map(lettaRuleShape), null, 2)}\n`;
}
