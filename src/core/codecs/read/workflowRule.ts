/**
 * Reading one workflow guard rule (`workflow-rules.md` §2) in any of the forms people write:
 * hegel's internally tagged `- type: repeated_command` (as is), the seed's externally tagged
 * `- repeated_command: { … }` and the seed field names `window_secs` / `max_duration_secs`
 * (F010 info). A rule that cannot be read is dropped with its F002 / F003 error.
 */
import { ruleNumber } from '../../model/ruleNumber.ts';
import { spanKey } from '../../diagnostics/spans.ts';
import { WORKFLOW_RULE_TYPES, type WorkflowRule, type WorkflowRuleTypeName } from '../../model/workflow.ts';
import type { DocPath } from '../types.ts';
import { closestName } from '../../text/closestName.ts';
import { capital, describe, isPlainMap, own, type PlainMap, type WorkflowReadContext } from './workflowContext.ts';

/** The fields of each rule type, in the order export writes them (the spec table's order). */
export const RULE_FIELDS: Record<WorkflowRuleTypeName, { pattern?: string; counts: readonly string[] }> = {
  repeated_command: { pattern: 'pattern', counts: ['threshold', 'window'] },
  repeated_file_edit: { pattern: 'path_pattern', counts: ['threshold', 'window'] },
  phase_timeout: { counts: ['max_duration'] },
  token_budget: { counts: ['max_tokens'] },
  require_commits: { counts: ['lookback_phases'] },
};

/** Seed spellings of hegel's field names. */
const SEED_FIELD_NAMES: Readonly<Record<string, string>> = { window: 'window_secs', max_duration: 'max_duration_secs' };

const ACCEPTED = WORKFLOW_RULE_TYPES.join(', ');

/** What an F002 says of an unknown type name: the accepted type it most likely misspells, else the whole list. */
function unknownTypeHint(name: unknown): string {
  const near = typeof name === 'string' ? closestName(name, WORKFLOW_RULE_TYPES) : undefined;
  return near ? `did you mean \`${near}\`?` : `accepted types are ${ACCEPTED};`;
}

function isRuleType(v: unknown): v is WorkflowRuleTypeName {
  return typeof v === 'string' && (WORKFLOW_RULE_TYPES as readonly string[]).includes(v);
}

/** Where the rule's type and fields were found. */
interface RuleShape {
  type: WorkflowRuleTypeName;
  fields: PlainMap;
  fieldsPath: DocPath;
  /** Set for the seed's externally tagged form: the tag key, and the keys beside it. */
  seedTag?: string;
  outer?: PlainMap;
}

/** Finds the type and the field map of a rule, or reports why it has none (F002 / F003). */
function ruleShape(ctx: WorkflowReadContext, raw: PlainMap, path: DocPath, what: string, node: string): RuleShape | undefined {
  const dropped = 'the rule was dropped, so it never fires';
  const type = own(raw, 'type');
  if (type !== undefined) {
    if (isRuleType(type)) return { type, fields: raw, fieldsPath: path };
    const shown = typeof type === 'string' ? `\`${type}\`` : describe(type);
    ctx.report('F002', 'error', `Unknown workflow rule type ${shown} in ${what}: ${unknownTypeHint(type)} ${dropped}.`, [...path, 'type'], ctx.target(node));
    return undefined;
  }
  const keys = Object.keys(raw);
  const tags = keys.filter(isRuleType);
  const tag = tags[0];
  if (tags.length === 1 && tag !== undefined) {
    const inner = own(raw, tag) ?? {};
    if (isPlainMap(inner)) {
      const outer = Object.fromEntries(Object.entries(raw).filter(([k]) => k !== tag));
      return { type: tag, fields: inner, fieldsPath: [...path, tag], seedTag: tag, outer };
    }
    ctx.reportDropped('rule', `The fields of the \`${tag}\` rule in ${what} must be a mapping, not ${describe(inner)}, so ${dropped}.`, [...path, tag], ctx.target(node));
    return undefined;
  }
  const only = keys[0];
  if (keys.length === 1 && only !== undefined && tags.length === 0)
    ctx.report('F002', 'error', `Unknown workflow rule type \`${only}\` in ${what}: ${unknownTypeHint(only)} ${dropped}.`, [...path, only], ctx.target(node), 'key');
  else
    ctx.reportDropped('rule', `${capital(what)} has no \`type\` (one of ${ACCEPTED}), so ${dropped}.`, path, ctx.target(node));
  return undefined;
}

/**
 * Reads the rule at `path` (`nodes.<node>.rules[i]`). `modelIndex` is the index it will have in
 * the node's rule list (file order, dropped rules left out). Returns undefined when the rule is
 * dropped; its diagnostics then target the node.
 */
export function readWorkflowRule(
  ctx: WorkflowReadContext,
  raw: unknown,
  path: DocPath,
  node: string,
  modelIndex: number,
): WorkflowRule | undefined {
  const fileIndex = path[path.length - 1];
  const what = `rule ${typeof fileIndex === 'number' ? ruleNumber(fileIndex) : '#?'} of node \`${node}\``;
  if (!isPlainMap(raw)) {
    ctx.reportDropped('rule', `${capital(what)} must be a mapping with a \`type\`, not ${describe(raw)}, so the rule was dropped and never fires.`, path, ctx.target(node));
    return undefined;
  }
  const shape = ruleShape(ctx, raw, path, what, node);
  if (!shape) return undefined;
  const { type, fields, fieldsPath } = shape;
  const spec = RULE_FIELDS[type];
  const problems: [string, DocPath][] = [];
  const used = new Set<string>(shape.seedTag ? [] : ['type']);
  const read: Record<string, unknown> = { type };
  const seedNames: [string, string][] = [];

  if (spec.pattern !== undefined) {
    const p = own(fields, spec.pattern);
    used.add(spec.pattern);
    if (typeof p === 'object' && p !== null)
      problems.push([`\`${spec.pattern}\` of the \`${type}\` ${what} must be a string, not ${describe(p)}`, [...fieldsPath, spec.pattern]]);
  }
  for (const field of spec.counts) {
    let key = field;
    const seed = SEED_FIELD_NAMES[field];
    if (own(fields, field) === undefined && seed !== undefined && own(fields, seed) !== undefined) {
      key = seed;
      seedNames.push([seed, field]);
    }
    used.add(key);
    const v = own(fields, key);
    const at: DocPath = [...fieldsPath, key];
    const name = `\`${key}\` of the \`${type}\` ${what}`;
    if (v === undefined || v === null) problems.push([`The \`${type}\` ${what} is missing \`${field}\``, fieldsPath]);
    else if (typeof v !== 'number') problems.push([`${name} must be a whole number, not ${describe(v)}`, at]);
    else if (!Number.isInteger(v)) problems.push([`${name} must be a whole number, not ${v}`, at]);
    else if (!Number.isSafeInteger(v)) problems.push([`${name} is out of range (${v})`, at]);
    else read[field] = v;
  }
  if (problems.length > 0) {
    for (const [message, at] of problems)
      ctx.reportDropped('rule', `${message}, so the rule was dropped and never fires.`, at, ctx.target(node));
    return undefined;
  }

  const target = ctx.target(node, { rule: modelIndex });
  if (spec.pattern !== undefined) {
    const p = ctx.optionalString(fields, spec.pattern, fieldsPath, `\`${spec.pattern}\` of the \`${type}\` ${what}`, target);
    if (p !== undefined) read[spec.pattern] = p;
  }
  if (shape.seedTag)
    ctx.report('F010', 'info', `Seed rule form \`- ${type}: { … }\` in ${what} read as \`- type: ${type}\`: hegel rejects the externally tagged form, so export writes the \`type:\` form.`, [...path, shape.seedTag], target, 'key');
  for (const [seed, field] of seedNames)
    ctx.report('F010', 'info', `Seed field name \`${seed}\` in ${what} read as \`${field}\`: hegel does not know \`${seed}\`, so export writes \`${field}\`.`, [...fieldsPath, seed], target, 'key');
  const unknown = (key: string) =>
    `Unknown key \`${key}\` on the \`${type}\` ${what}: kept and written back on export, but hegel ignores it, so it has no effect.`;
  const extra = {
    ...ctx.extras(fields, used, fieldsPath, unknown, target),
    ...(shape.outer ? ctx.extras(shape.outer, new Set(), path, unknown, target) : {}),
  };

  ctx.span(spanKey.nodeRule(ctx.index, node, modelIndex), path);
  const fieldNames = [...(spec.pattern !== undefined ? [spec.pattern] : []), ...spec.counts];
  for (const field of fieldNames) {
    const key = seedNames.find(([, f]) => f === field)?.[0] ?? field;
    ctx.span(spanKey.nodeRuleField(ctx.index, node, modelIndex, field), [...fieldsPath, key]);
  }
  ctx.span(spanKey.nodeRuleField(ctx.index, node, modelIndex, 'type'), shape.seedTag ? [...path, shape.seedTag] : [...path, 'type'], shape.seedTag ? 'key' : 'value');
  if (Object.keys(extra).length > 0) read.extra = extra;
  return read as WorkflowRule;
}
