/**
 * A tool rule as a test names it: by number (`"#5"`, the studio's numbering, which shifts when an
 * earlier rule is removed) or by number and identity (`{ number: "#5", tool: load, type:
 * MaxCalls }`, with `conditions` for rules that have them). "Save as test" and `--update` write the
 * identity; a test compares by it, so a rule renumbered by an edit elsewhere still matches ("rule
 * #5 is now #4"), and a number alone still means the rule at that place (older files).
 */
import { parseRuleNumber, ruleNumber, ruleTypeLabel } from '../model/ruleNumber.ts';
import type { Agent, ToolRule } from '../model/toolRules.ts';

/** A rule's identity beside its number. */
export interface RuleIdentity {
  number: string | number;
  tool: string;
  type: string;
  conditions?: string[];
}

export type RuleRefValue = string | number | RuleIdentity;

/** The number a reference was written with (0-based), whatever its form. */
export const writtenIndex = (ref: RuleRefValue): number | undefined => parseRuleNumber(typeof ref === 'object' ? ref.number : ref);

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

const isRule = (r: ToolRule, id: RuleIdentity) => r.tool_name === id.tool && r.rule_type.type === id.type && (id.conditions === undefined || sameSet(id.conditions, r.conditions));

/** How a reference resolves against the rules run: the rule's index now, and what changed. */
export interface ResolvedRule {
  /** The 0-based index the decision must name; undefined when the rule is gone. */
  index: number | undefined;
  /** The number written, 0-based. */
  written: number | undefined;
  /** "rule #5 is now #4", or "rule #5 (Max calls · MaxCalls on `load`) is no longer in the rules". */
  note?: string;
}

/** The identity of the rule at `index` (what a pin writes). */
export function identityOf(agent: Agent | undefined, index: number): RuleIdentity | string {
  const r = agent?.rules[index];
  if (!r) return ruleNumber(index);
  return { number: ruleNumber(index), tool: r.tool_name, type: r.rule_type.type, ...(r.conditions.length > 0 ? { conditions: [...r.conditions] } : {}) };
}

/** `Max calls · MaxCalls on \`load\``: a rule identity in words. */
export const identityText = (id: RuleIdentity) => `${ruleTypeLabel(id.type)} on \`${id.tool}\`${id.conditions?.length ? ` after ${id.conditions.map((c) => `\`${c}\``).join(', ')}` : ''}`;

/**
 * Resolves a reference: a number alone is that rule; an identity is the rule at that number when it
 * is still that rule, else the first rule with that identity (renumbered), else none (gone).
 */
export function resolveRuleRef(ref: RuleRefValue, agent: Agent | undefined): ResolvedRule {
  const written = writtenIndex(ref);
  if (typeof ref !== 'object' || !agent) return { index: written, written };
  const rules = agent.rules;
  if (written !== undefined && rules[written] && isRule(rules[written], ref)) return { index: written, written };
  const now = rules.findIndex((r) => isRule(r, ref));
  const was = written === undefined ? '' : `rule ${ruleNumber(written)}`;
  if (now < 0) return { index: undefined, written, note: `${was} (${identityText(ref)}) is no longer in the rules` };
  return { index: now, written, note: `${was} is now ${ruleNumber(now)}` };
}
