/**
 * Reads one tool rule (`tool-rules.md` §1): `tool_name`, `rule_type`, `conditions`, `priority`,
 * `metadata`, and unknown keys (F004, kept in `extra`). A rule with an error is dropped; its
 * diagnostics stay.
 */
import type { Target } from '../../diagnostics/types.ts';
import type { Json, ToolRule } from '../../model/toolRules.ts';
import type { DocPath } from '../types.ts';
import { isRecord, isStringArray, report, show, type ReadContext } from './agentsContext.ts';
import { readRuleType } from './agentsRuleType.ts';
import { DEFAULT_PRIORITY, setOwn } from '../write/agentsConfig.ts';

/** The rule fields whose positions are recorded as spans. */
export const RULE_SPAN_FIELDS = ['tool_name', 'rule_type', 'conditions', 'priority'] as const;

const KNOWN_RULE_KEYS = new Set(['tool_name', 'rule_type', 'conditions', 'priority', 'metadata']);

/**
 * Reads the rule at `path` of the agent named `agent`. Returns undefined when it has an error.
 * Diagnostics are reported with the agent as target; the caller adds the rule index once known.
 */
export function readRule(ctx: ReadContext, raw: unknown, path: DocPath, agent: string): ToolRule | undefined {
  const target: Target = { kind: 'agent', agent };
  if (!isRecord(raw)) {
    report(ctx, 'F003', 'error', `A tool rule must be a table with tool_name and rule_type (found ${show(ctx, raw)}), so it is ignored.`, path, target);
    return undefined;
  }
  // Errors drop the rule; each is reported at its field (or at the rule). No closure per rule: this runs 20,000 times for a big file.
  let ok = true;

  const rawName = raw['tool_name'];
  if (typeof rawName !== 'string') {
    ok = false;
    if (rawName === undefined) report(ctx, 'F003', 'error', 'Rule is missing tool_name, so it is ignored.', path, target);
    else report(ctx, 'F003', 'error', `tool_name must be a string (found ${show(ctx, rawName)}), so this rule is ignored.`, [...path, 'tool_name'], target);
  }
  const toolName = typeof rawName === 'string' ? rawName : '?';

  const rawConditions = raw['conditions'];
  let conditions: string[] = [];
  if (isStringArray(rawConditions)) conditions = rawConditions.slice();
  else if (rawConditions !== undefined) {
    ok = false;
    report(ctx, 'F003', 'error', `conditions of \`${toolName}\` must be a list of tool names (found ${show(ctx, rawConditions)}), so this rule is ignored.`, [...path, 'conditions'], target);
  }

  const rawPriority = raw['priority'];
  let priority = DEFAULT_PRIORITY;
  if (typeof rawPriority === 'number' && Number.isInteger(rawPriority) && rawPriority >= 0 && rawPriority <= 255) priority = rawPriority;
  else if (rawPriority !== undefined) {
    ok = false;
    report(ctx, 'F003', 'error', `priority of \`${toolName}\` must be a whole number from 0 to 255 (found ${show(ctx, rawPriority)}), so this rule is ignored.`, [...path, 'priority'], target);
  }

  let extra: Record<string, Json> | undefined;
  for (const key of Object.keys(raw)) {
    if (KNOWN_RULE_KEYS.has(key)) continue;
    extra ??= {};
    setOwn(extra, key, raw[key]);
    report(ctx, 'F004', 'warning', `Unknown key "${key}" in the rule for \`${toolName}\`: kept and written back on export (Pattern ignores it), but Rule Studio does not use it.`, [...path, key], target, 'key');
  }

  const rawType = raw['rule_type'];
  let typeRead: ReturnType<typeof readRuleType>;
  if (rawType === undefined) {
    ok = false;
    report(ctx, 'F003', 'error', `Rule for \`${toolName}\` is missing rule_type, so it is ignored.`, path, target);
  } else typeRead = readRuleType(ctx, rawType, [...path, 'rule_type'], { toolName, conditions, target });

  if (!ok || !typeRead) return undefined;
  const rule: ToolRule = { tool_name: toolName, rule_type: typeRead.rule_type, conditions: typeRead.conditions, priority };
  const metadata = raw['metadata'];
  if (metadata !== undefined && metadata !== null) rule.metadata = metadata as Json;
  if (extra) rule.extra = extra;
  return rule;
}
