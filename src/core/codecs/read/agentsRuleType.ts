/**
 * Reads `rule_type` in every spelling of `tool-rules.md` §2.2 — adjacently tagged (Pattern's
 * config), bare string, externally tagged (Pattern's runtime JSON), snake_case, consent scope
 * beside `type`, design-era names — into the model's normalised shape. What was normalised gets
 * one F010 info naming the form export writes; unknown names F002; bad payloads F003.
 */
import type { Target } from '../../diagnostics/types.ts';
import { UNIT_RULE_TYPES, type ToolRuleType, type ToolRuleTypeName } from '../../model/toolRules.ts';
import type { DocPath } from '../types.ts';
import { configRuleType } from '../write/agentsConfig.ts';
import { tomlInline } from '../write/agentsToml.ts';
import { isRecord, isStringArray, report, show, type ReadContext } from './agentsContext.ts';
import { msToWholeSeconds, readDuration } from './agentsDuration.ts';
import { ACCEPTED_TYPES_TEXT, resolveTypeName, suggestTypeName } from './agentsRuleTypeName.ts';
import { readConsent, readUnitPayload } from './agentsRulePayload.ts';

/** What a rule's type reading gives: the type and the rule's conditions (design-era forms may move them). */
export interface RuleTypeRead {
  rule_type: ToolRuleType;
  conditions: string[];
}

/** The rule a `rule_type` belongs to, for messages and design-era forms. */
export interface RuleOwner {
  toolName: string;
  conditions: string[];
  target: Target;
}

const MAX_U32 = 4294967295;

const PAYLOAD_EXAMPLE: Partial<Record<ToolRuleTypeName, string>> = {
  ExclusiveGroups: '{ type = "ExclusiveGroups", value = [["a", "b"]] }',
  MaxCalls: '{ type = "MaxCalls", value = 3 }',
  Cooldown: '{ type = "Cooldown", value = 30 }',
  Periodic: '{ type = "Periodic", value = 60 }',
  AllowedOperations: '{ type = "AllowedOperations", value = ["read"] }',
};

const isUnit = (t: ToolRuleTypeName): boolean => (UNIT_RULE_TYPES as readonly string[]).includes(t);

/** The parts of a `rule_type` value, whatever its shape. */
interface Parts {
  shape: 'bare' | 'adjacent' | 'external';
  name: unknown;
  payload: unknown;
  payloadPath: DocPath;
  scopeBeside?: unknown;
}

function splitParts(ctx: ReadContext, raw: unknown, path: DocPath, owner: RuleOwner): Parts | undefined {
  if (typeof raw === 'string') return { shape: 'bare', name: raw, payload: undefined, payloadPath: path };
  if (isRecord(raw) && 'type' in raw) {
    for (const key of Object.keys(raw))
      if (key !== 'type' && key !== 'value' && key !== 'scope')
        report(ctx, 'F004', 'warning', `Unknown key "${key}" in rule_type of \`${owner.toolName}\`: it is ignored and not exported.`, [...path, key], owner.target, 'key');
    return { shape: 'adjacent', name: raw['type'], payload: raw['value'], payloadPath: [...path, 'value'], scopeBeside: raw['scope'] };
  }
  const entries = isRecord(raw) ? Object.entries(raw) : [];
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only) return { shape: 'external', name: only[0], payload: only[1], payloadPath: [...path, only[0]] };
  report(
    ctx,
    'F003',
    'error',
    `rule_type of \`${owner.toolName}\` must be a table like { type = "ExitLoop" } or { type = "MaxCalls", value = 3 } (found ${show(ctx, raw)}), so this rule is ignored.`,
    path,
    owner.target,
  );
  return undefined;
}

/** Reports a payload error (F003: the rule is dropped); gives undefined. */
function payloadError(ctx: ReadContext, type: ToolRuleTypeName, owner: RuleOwner, at: DocPath, what: string): undefined {
  report(ctx, 'F003', 'error', `${type} for \`${owner.toolName}\` ${what}, so this rule is ignored.`, at, owner.target);
  return undefined;
}

/** Reads the payload of a payload type; reports F003 and gives undefined when it is missing or wrong. */
function readPayload(ctx: ReadContext, type: ToolRuleTypeName, parts: Parts, owner: RuleOwner, notes: string[]): ToolRuleType | undefined {
  const { payload, payloadPath: at } = parts;
  const tool = owner.toolName;
  if (type === 'RequiresConsent') return readConsent(ctx, parts, owner, notes);
  if (isUnit(type)) {
    readUnitPayload(ctx, type, parts, owner);
    return { type } as ToolRuleType;
  }
  if (payload === undefined || payload === null) return payloadError(ctx, type, owner, at, `needs a value, e.g. ${PAYLOAD_EXAMPLE[type] ?? ''}`);
  switch (type) {
    case 'ExclusiveGroups':
      if (!Array.isArray(payload) || !payload.every(isStringArray)) return payloadError(ctx, type, owner, at, `needs a list of groups of tool names, e.g. [["a", "b"]] (found ${show(ctx, payload)})`);
      return { type, value: payload.map((g) => [...g]) };
    case 'MaxCalls':
      if (typeof payload !== 'number' || !Number.isInteger(payload) || payload < 0 || payload > MAX_U32)
        return payloadError(ctx, type, owner, at, `needs a whole number from 0 to ${MAX_U32} (found ${show(ctx, payload)})`);
      return { type, value: payload };
    case 'AllowedOperations':
      if (!isStringArray(payload)) return payloadError(ctx, type, owner, at, `needs a list of operation names, e.g. ["read", "append"] (found ${show(ctx, payload)})`);
      return { type, value: [...new Set(payload)].sort() };
    case 'Cooldown':
    case 'Periodic': {
      const d = readDuration(payload);
      if (!d.ok) return payloadError(ctx, type, owner, at, `${d.problem} (found ${show(ctx, payload)})`);
      const runtimeExact = d.form === 'secs_nanos' && ctx.doc.format === 'json' && d.ms % 1000 === 0;
      if (d.form !== 'seconds' && !runtimeExact) {
        const secs = msToWholeSeconds(d.ms);
        const how = { float: 'is float seconds', string: 'is a string', secs_nanos: "is Pattern's runtime { secs, nanos } form", seconds: '' }[d.form];
        const whole = d.ms % 1000 === 0;
        report(
          ctx,
          'F010',
          'info',
          `${type} duration ${show(ctx, payload)} of \`${tool}\` ${how}${whole ? '' : ', not whole seconds'}: read as ${d.ms} ms; ` +
            (whole ? `export writes value = ${secs}.` : `Pattern's config holds whole seconds, so TOML export writes value = ${secs}.`),
          at,
          owner.target,
        );
      }
      return { type, value: d.ms };
    }
    default:
      return undefined;
  }
}

/** `a`, `a and b`, `a, b and c`. */
function joinNotes(notes: readonly string[]): string {
  return notes.length < 2 ? notes.join('') : `${notes.slice(0, -1).join(', ')} and ${notes[notes.length - 1] ?? ''}`;
}

/**
 * Reads one `rule_type`. Returns undefined after reporting an F002/F003 error (the rule is then
 * dropped); design-era `ExclusiveGroup` takes its group from `tool_name` and `conditions`.
 */
export function readRuleType(ctx: ReadContext, raw: unknown, path: DocPath, owner: RuleOwner): RuleTypeRead | undefined {
  const parts = splitParts(ctx, raw, path, owner);
  if (!parts) return undefined;
  if (typeof parts.name !== 'string') {
    report(ctx, 'F003', 'error', `rule_type of \`${owner.toolName}\` needs a type name string (found ${show(ctx, parts.name)}), so this rule is ignored.`, path, owner.target);
    return undefined;
  }
  const resolved = resolveTypeName(parts.name);
  if (!resolved) {
    const near = suggestTypeName(parts.name);
    const hint = near ? ` (did you mean ${near}?),` : `: accepted types are ${ACCEPTED_TYPES_TEXT};`;
    // The tool is named in the target, so the graph marks its node: the rule it does not show is ignored.
    const target = owner.target.kind === 'agent' ? { ...owner.target, tool: owner.toolName } : owner.target;
    report(ctx, 'F002', 'error', `Unknown rule type "${parts.name}" for \`${owner.toolName}\`${hint} so this rule is ignored.`, path, target);
    return undefined;
  }
  const { type } = resolved;
  if (parts.scopeBeside !== undefined && type !== 'RequiresConsent')
    report(ctx, 'F004', 'warning', `Unknown key "scope" in rule_type of \`${owner.toolName}\`: only RequiresConsent has a scope, so it is ignored and not exported.`, [...path, 'scope'], owner.target, 'key');
  const runtime = ctx.doc.format === 'json';
  const notes: string[] = [];
  if (parts.shape === 'bare' && !(runtime && resolved.spelling === 'pascal' && isUnit(type))) notes.push("a bare string (Pattern's config loader rejects it)");
  if (parts.shape === 'external' && !runtime) notes.push('externally tagged');
  if (resolved.spelling === 'snake') notes.push(`a snake_case name (now ${type})`);
  if (resolved.spelling === 'design') notes.push(`a design-era name (${resolved.designName ?? ''}, now ${type})`);

  let conditions = owner.conditions;
  let ruleType: ToolRuleType | undefined;
  if (resolved.designName === 'ExclusiveGroup' && (parts.payload === undefined || parts.payload === null)) {
    ruleType = { type: 'ExclusiveGroups', value: [[owner.toolName, ...owner.conditions]] };
    conditions = [];
    notes.push('its group taken from tool_name and conditions');
  } else {
    ruleType = readPayload(ctx, type, parts, owner, notes);
  }
  if (!ruleType) return undefined;
  if (notes.length > 0)
    report(
      ctx,
      'F010',
      'info',
      `rule_type ${show(ctx, raw)} of \`${owner.toolName}\` is ${joinNotes(notes)}; read as ${tomlInline(configRuleType(ruleType))}, the form export writes.`,
      path,
      owner.target,
    );
  return { rule_type: ruleType, conditions };
}
