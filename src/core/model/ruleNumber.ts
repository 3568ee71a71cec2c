/**
 * The one way every surface names a rule: `#N`, 1-based, in source order within its agent (tool
 * rules) or within its node (workflow rules). Timeline, explanation, Problems, summary, Markdown
 * and CLI messages all call these, so a rule is "#3" wherever a user meets it. Decisions and
 * models carry the 0-based index; only these functions turn it into what people read. (Rule
 * types are named by `describe/ruleNames.ts`.)
 */
/** `#N` for the rule at 0-based `index` (source order). */
export function ruleNumber(index: number): string {
  return `#${index + 1}`;
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

/** Rule-type names live in `describe/ruleNames.ts`; re-exported for code that reads them from here. */
export { TOOL_RULE_NAMES, WORKFLOW_RULE_NAMES, ruleTypeLabel } from '../describe/ruleNames.ts';
