/**
 * One Letta tool rule (`letta/schemas/tool_rule.py`): checked field by field against Letta's
 * schema, every message naming the Letta format. Known keys keep their file order; keys Letta's
 * schema does not have are kept in `extra` and written back (F004 for all but Letta's own `id`).
 */
import type { Target } from '../../diagnostics/types.ts';
import { LETTA_RULE_TYPES, LettaToolRule, type LettaRuleTypeName } from '../../model/lettaRules.ts';
import type { Json } from '../../model/json.ts';
import { setOwn } from '../write/agentsConfig.ts';
import type { DocPath } from '../types.ts';
import { closestName } from '../../text/closestName.ts';
import { isRecord, report, show, type ReadContext } from './agentsContext.ts';

/** The keys each Letta rule type has, in Letta's field order (after `tool_name`, `type`, `prompt_template`). */
export const LETTA_RULE_FIELDS: Record<LettaRuleTypeName, readonly string[]> = {
  constrain_child_tools: ['children', 'child_arg_nodes'],
  run_first: ['args'],
  exit_loop: [],
  conditional: ['default_child', 'child_output_mapping', 'require_output_mapping'],
  continue_loop: [],
  required_before_exit: [],
  max_count_per_step: ['max_count_limit'],
  parent_last_tool: ['children'],
  requires_approval: [],
};

/** Keys every Letta rule has. */
export const LETTA_COMMON_FIELDS = ['tool_name', 'type', 'prompt_template'] as const;

/** Fields whose ranges are recorded for each rule, so a finding points at the field. */
export const LETTA_SPAN_FIELDS = [
  'tool_name',
  'type',
  'children',
  'child_arg_nodes',
  'default_child',
  'child_output_mapping',
  'max_count_limit',
  'args',
] as const;

/** Keys Letta itself writes that the model does not read: kept without a warning. */
const LETTA_OWN_KEYS = new Set(['id']);

const isLettaType = (t: string): t is LettaRuleTypeName => (LETTA_RULE_TYPES as readonly string[]).includes(t);

/** What the schema expects of each field, for messages. */
const EXPECTED: Record<string, string> = {
  tool_name: 'a tool name (string)',
  prompt_template: 'a string or null',
  children: 'a list of tool names',
  child_arg_nodes: 'a list of {name, args} or null',
  args: 'an object of prefilled arguments or null',
  default_child: 'a tool name or null',
  child_output_mapping: 'an object mapping each output value to a tool name',
  require_output_mapping: 'true or false',
  max_count_limit: 'a whole number',
};

/**
 * Reads one Letta rule at `path`; undefined (with an error diagnostic) when it cannot be used.
 * `where` names the agent for messages (`agent "x"` or `the tool_rules list`).
 */
export function readLettaRule(ctx: ReadContext, raw: unknown, path: DocPath, where: string, target: Target): LettaToolRule | undefined {
  const at = `Letta tool rule ${String(path[path.length - 1])} of ${where}`;
  if (!isRecord(raw)) {
    report(ctx, 'F003', 'error', `${at} must be an object (found ${show(ctx, raw)}), so it is ignored.`, path, target);
    return undefined;
  }
  const type = raw['type'];
  if (type === undefined) {
    report(ctx, 'F003', 'error', `${at} has no "type": a Letta rule needs one of ${LETTA_RULE_TYPES.join(', ')}, so it is ignored.`, path, target);
    return undefined;
  }
  if (typeof type !== 'string' || !isLettaType(type)) {
    const near = typeof type === 'string' ? closestName(type, LETTA_RULE_TYPES) : undefined;
    const hint = near ? `did you mean "${near}"?` : `Letta's rule types are ${LETTA_RULE_TYPES.join(', ')}.`;
    report(ctx, 'F002', 'error', `${at} has the unknown type ${show(ctx, type)}; ${hint} The rule is ignored.`, [...path, 'type'], target);
    return undefined;
  }
  const known = new Set<string>([...LETTA_COMMON_FIELDS, ...LETTA_RULE_FIELDS[type]]);
  const candidate: Record<string, unknown> = {};
  const extra: Record<string, Json> = {};
  for (const [key, v] of Object.entries(raw)) {
    if (known.has(key)) {
      setOwn(candidate, key, v);
      continue;
    }
    setOwn(extra, key, v as Json);
    if (!LETTA_OWN_KEYS.has(key))
      report(ctx, 'F004', 'warning', `Unknown key "${key}" in ${at} (${type}): Letta's schema has no such field; it is kept and written back, but Rule Studio does not use it.`, [...path, key], target, 'key');
  }
  if (Object.keys(extra).length > 0) candidate['extra'] = extra;
  const parsed = LettaToolRule.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const fields = new Set<string>();
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'type');
    if (fields.has(field)) continue;
    fields.add(field);
    const found = candidate[field];
    const what = found === undefined ? 'is missing' : `must be ${EXPECTED[field] ?? 'valid'} (found ${show(ctx, found)})`;
    report(ctx, 'F003', 'error', `${at} (${type}): "${field}" ${what}, so the rule is ignored.`, found === undefined ? path : [...path, field], target);
  }
  return undefined;
}
