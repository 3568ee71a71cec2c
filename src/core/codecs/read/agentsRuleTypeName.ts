/**
 * Rule type names as people write them (`tool-rules.md` §2.2): Pattern's PascalCase names, their
 * snake_case spelling, and the design-era names (both spellings). Matching is case-sensitive.
 */
import { TOOL_RULE_TYPES, type ToolRuleTypeName } from '../../model/toolRules.ts';
import { closestName } from '../../text/closestName.ts';

/** Design-era names and the type each became. */
const DESIGN_ERA: Record<string, ToolRuleTypeName> = {
  NoHeartbeat: 'ContinueLoop',
  Terminal: 'ExitLoop',
  TerminalIf: 'ExitLoop',
  MustFollow: 'RequiresPrecedingTools',
  MustPrecede: 'RequiresFollowingTools',
  InitialCall: 'StartConstraint',
  RequiresPreceding: 'RequiresPrecedingTools',
  RequiresFollowing: 'RequiresFollowingTools',
  RequiredForExit: 'RequiredBeforeExit',
  RequiredForExitIf: 'RequiredBeforeExitIf',
  ExclusiveGroup: 'ExclusiveGroups',
};

/** A name resolved to its type, with how it was spelled. */
export interface ResolvedTypeName {
  type: ToolRuleTypeName;
  spelling: 'pascal' | 'snake' | 'design';
  /** The design-era name (PascalCase) when `spelling` is `design`. */
  designName?: string;
}

/** `RequiresPrecedingTools` → `requires_preceding_tools`. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c, i: number) => (i > 0 ? '_' : '') + c.toLowerCase());
}

const BY_NAME = new Map<string, ResolvedTypeName>();
for (const type of TOOL_RULE_TYPES) {
  BY_NAME.set(type, { type, spelling: 'pascal' });
  BY_NAME.set(snakeCase(type), { type, spelling: 'snake' });
}
for (const [designName, type] of Object.entries(DESIGN_ERA)) {
  BY_NAME.set(designName, { type, spelling: 'design', designName });
  BY_NAME.set(snakeCase(designName), { type, spelling: 'design', designName });
}

/** Resolves a rule type name, or undefined when it is none of the accepted spellings. */
export function resolveTypeName(name: string): ResolvedTypeName | undefined {
  return BY_NAME.get(name);
}

/**
 * The accepted type a misspelt name most likely means (`MaxCall` → `MaxCalls`, `exitloop` →
 * `ExitLoop`; every spelling is compared, the type's PascalCase name suggested), or undefined.
 */
export function suggestTypeName(name: string): ToolRuleTypeName | undefined {
  return closestName(name, new Map([...BY_NAME].map(([spelling, r]) => [spelling, r.type]))) as ToolRuleTypeName | undefined;
}

/** The accepted type names, for F002 messages. */
export const ACCEPTED_TYPES_TEXT = `${TOOL_RULE_TYPES.join(', ')} (PascalCase or snake_case; design-era names such as ${Object.keys(DESIGN_ERA).slice(0, 3).join(', ')} are also read)`;
