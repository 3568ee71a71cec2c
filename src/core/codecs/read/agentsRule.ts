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
  let ok = true;
  const fail = (field: string, message: string): void => {
    ok = false;
    report(ctx, 'F003', 'error', message, field ? [...path, field] : path, target);
  };

  const rawName = raw['tool_name'];
  if (rawName === undefined) fail('', 'Rule is missing tool_name, so it is ignored.');
  else if (typeof rawName !== 'string') fail('tool_name', `tool_name must be a string (found ${show(ctx, rawName)}), so this rule is ignored.`);
  const toolName = typeof rawName === 'string' ? rawName : '?';

  const rawConditions = raw['conditions'];
  let conditions: string[] = [];
  if (isStringArray(rawConditions)) conditions = [...rawConditions];
  else if (rawConditions !== undefined)
    fail('conditions', `conditions of \`${toolName}\` must be a list of tool names (found ${show(ctx, rawConditions)}), so this rule is ignored.`);

  const rawPriority = raw['priority'];
  let priority = DEFAULT_PRIORITY;
  if (typeof rawPriority === 'number' && Number.isInteger(rawPriority) && rawPriority >= 0 && rawPriority <= 255) priority = rawPriority;
  else if (rawPriority !== undefined)
    fail('priority', `priority of \`${toolName}\` must be a whole number from 0 to 255 (found ${show(ctx, rawPriority)}), so this rule is ignored.`);

  const extra: Record<string, Json> = {};
  for (const key of Object.keys(raw)) {
    if (KNOWN_RULE_KEYS.has(key)) continue;
    setOwn(extra, key, raw[key]);
    report(ctx, 'F004', 'warning', `Unknown key "${key}" in the rule for \`${toolName}\`: kept and written back on export (Pattern ignores it), but Rule Studio does not use it.`, [...path, key], target, 'key');
  }

  const rawType = raw['rule_type'];
  let typeRead: ReturnType<typeof readRuleType>;
  if (rawType === undefined) fail('', `Rule for \`${toolName}\` is missing rule_type, so it is ignored.`);
  else typeRead = readRuleType(ctx, rawType, [...path, 'rule_type'], { toolName, conditions, target });

  if (!ok || !typeRead) return undefined;
  const rule: ToolRule = { tool_name: toolName, rule_type: typeRead.rule_type, conditions: typeRead.conditions, priority };
  const metadata = raw['metadata'];
  if (metadata !== undefined && metadata !== null) rule.metadata = metadata as Json;
  if (Object.keys(extra).length > 0) rule.extra = extra;
  return rule;
}
