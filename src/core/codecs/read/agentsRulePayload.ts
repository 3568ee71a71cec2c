/**
 * Payloads that need more than a type check: `RequiresConsent` (`{ scope? }`, also written with
 * `scope` beside `type`) and the payload-less types, whose stray values are reported and ignored.
 */
import type { ToolRuleType, ToolRuleTypeName } from '../../model/toolRules.ts';
import type { DocPath } from '../types.ts';
import { isRecord, report, show, type ReadContext } from './agentsContext.ts';
import type { RuleOwner } from './agentsRuleType.ts';

/** The parts of a `rule_type` these readers need. */
interface PayloadParts {
  shape: 'bare' | 'adjacent' | 'external';
  payload: unknown;
  payloadPath: DocPath;
  scopeBeside?: unknown;
}

/** True for "no value": absent, null, or an empty table / list (serde's unit forms). */
function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || (isRecord(v) && Object.keys(v).length === 0) || (Array.isArray(v) && v.length === 0);
}

/** Reports a value given to a type that takes none; the value is ignored. */
export function readUnitPayload(ctx: ReadContext, type: ToolRuleTypeName, parts: PayloadParts, owner: RuleOwner): void {
  if (isEmptyValue(parts.payload)) return;
  report(
    ctx,
    'F004',
    'warning',
    `${type} takes no value, so the value ${show(ctx, parts.payload)} given for \`${owner.toolName}\` is ignored and not exported.`,
    parts.payloadPath,
    owner.target,
  );
}

/** Reads `RequiresConsent`'s `{ scope? }`; notes the forms it normalised; undefined after an F003 error. */
export function readConsent(ctx: ReadContext, parts: PayloadParts, owner: RuleOwner, notes: string[]): ToolRuleType | undefined {
  const { payload, payloadPath } = parts;
  let scope: unknown;
  let scopePath: DocPath = payloadPath;
  if (payload === undefined || payload === null) {
    if (parts.scopeBeside !== undefined) {
      scope = parts.scopeBeside;
      scopePath = [...payloadPath.slice(0, -1), 'scope'];
      notes.push('written with scope beside type (same as value = { scope = … })');
    } else if (parts.shape === 'adjacent') {
      notes.push('missing its value (Pattern needs value = {})');
    }
  } else if (isRecord(payload)) {
    scope = payload['scope'];
    scopePath = [...payloadPath, 'scope'];
    for (const key of Object.keys(payload))
      if (key !== 'scope')
        report(ctx, 'F004', 'warning', `Unknown key "${key}" in the RequiresConsent value of \`${owner.toolName}\`: only scope is read, so it is ignored and not exported.`, [...payloadPath, key], owner.target, 'key');
    if (parts.scopeBeside !== undefined)
      report(ctx, 'F004', 'warning', `RequiresConsent of \`${owner.toolName}\` has scope both beside type and in value: the one in value is used.`, payloadPath.slice(0, -1), owner.target);
  } else {
    report(ctx, 'F003', 'error', `RequiresConsent for \`${owner.toolName}\` needs a value like {} or { scope = "…" } (found ${show(ctx, payload)}), so this rule is ignored.`, payloadPath, owner.target);
    return undefined;
  }
  if (scope === undefined) return { type: 'RequiresConsent', value: {} };
  if (typeof scope !== 'string') {
    report(ctx, 'F003', 'error', `RequiresConsent scope for \`${owner.toolName}\` must be a string (found ${show(ctx, scope)}), so this rule is ignored.`, scopePath, owner.target);
    return undefined;
  }
  return { type: 'RequiresConsent', value: { scope } };
}
