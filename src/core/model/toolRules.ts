/**
 * The agent tool-rule model (`tool-rules.md` §1): zod schemas are the single source of truth,
 * TypeScript types are inferred from them.
 */
import { z } from 'zod';

/** The 14 tool-rule types, in the order of the spec's table. */
export const TOOL_RULE_TYPES = [
  'ContinueLoop',
  'ExitLoop',
  'RequiresPrecedingTools',
  'RequiresFollowingTools',
  'ExclusiveGroups',
  'StartConstraint',
  'RequiredBeforeExit',
  'RequiredBeforeExitIf',
  'MaxCalls',
  'Cooldown',
  'Periodic',
  'RequiresConsent',
  'AllowedOperations',
  'Needed',
] as const;

export type ToolRuleTypeName = (typeof TOOL_RULE_TYPES)[number];

/** Rule types that carry no payload. */
export const UNIT_RULE_TYPES = [
  'ContinueLoop',
  'ExitLoop',
  'RequiresPrecedingTools',
  'RequiresFollowingTools',
  'StartConstraint',
  'RequiredBeforeExit',
  'RequiredBeforeExitIf',
  'Needed',
] as const satisfies readonly ToolRuleTypeName[];

const unit = <T extends ToolRuleTypeName>(type: T) => z.object({ type: z.literal(type) });

/** A non-negative whole number of milliseconds. */
export const DurationMs = z.number().int().nonnegative();

/** `rule_type` with its payload, held in the normalised (adjacently tagged) shape. */
export const ToolRuleType = z.discriminatedUnion('type', [
  unit('ContinueLoop'),
  unit('ExitLoop'),
  unit('RequiresPrecedingTools'),
  unit('RequiresFollowingTools'),
  z.object({ type: z.literal('ExclusiveGroups'), value: z.array(z.array(z.string())) }),
  unit('StartConstraint'),
  unit('RequiredBeforeExit'),
  unit('RequiredBeforeExitIf'),
  z.object({ type: z.literal('MaxCalls'), value: z.number().int().min(0).max(4294967295) }),
  /** Cooldown in milliseconds. */
  z.object({ type: z.literal('Cooldown'), value: DurationMs }),
  /** Period in milliseconds. */
  z.object({ type: z.literal('Periodic'), value: DurationMs }),
  z.object({
    type: z.literal('RequiresConsent'),
    value: z.object({ scope: z.string().optional() }),
  }),
  /** The allowed operations; held sorted and without duplicates. */
  z.object({ type: z.literal('AllowedOperations'), value: z.array(z.string()) }),
  unit('Needed'),
]);
export type ToolRuleType = z.infer<typeof ToolRuleType>;

/** JSON value (metadata, schemas). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** Nesting deeper than this is not accepted as JSON data (it could only come from abuse). */
const MAX_JSON_DEPTH = 512;

/** True for a JSON value: null, booleans, finite numbers, strings, arrays and plain objects of them. */
export function isJsonValue(v: unknown, depth = 0): v is Json {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (typeof v !== 'object' || depth >= MAX_JSON_DEPTH) return false;
  if (Array.isArray(v)) return v.every((x) => isJsonValue(x, depth + 1));
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.keys(v).every((k) => isJsonValue((v as Record<string, unknown>)[k], depth + 1));
}

/**
 * A JSON value (metadata, schemas, unknown keys). Checked in place rather than rebuilt, so every
 * key survives as data — `__proto__` included, which rebuilding by assignment would turn into a
 * prototype and lose.
 */
export const Json: z.ZodType<Json> = z.custom<Json>((v) => isJsonValue(v), { message: 'expected JSON data' });

/**
 * Keys found on import that the model has no field for (F004), kept in file order and written
 * back on export. Pattern ignores unknown keys, so keeping them loses nothing and breaks nothing.
 */
export const ExtraKeys = z.record(z.string(), Json);
export type ExtraKeys = z.infer<typeof ExtraKeys>;

/** One tool rule. */
export const ToolRule = z.object({
  /** The tool the rule is about; `"*"` is the wildcard (`tool-rules.md` §4.3). */
  tool_name: z.string(),
  rule_type: ToolRuleType,
  /** Tool names; meaning depends on the type. */
  conditions: z.array(z.string()).default([]),
  /** 0–255, higher is checked first; ties keep file order. */
  priority: z.number().int().min(0).max(255).default(5),
  /** Kept through import/export, never read by the engine. */
  metadata: Json.optional(),
  /** Unknown keys of the rule, kept through import/export; never read by the engine. */
  extra: ExtraKeys.optional(),
});
export type ToolRule = z.infer<typeof ToolRule>;

/** Default argument field that names a tool's operation. */
export const DEFAULT_OPERATION_FIELD = 'operation';

/** A declared tool. */
export const ToolDecl = z.object({
  name: z.string(),
  /** Operations of a multi-operation tool, if declared. */
  operations: z.array(z.string()).optional(),
  /** Argument field naming the operation (default `operation`; Pattern's built-ins use `op`). */
  operation_field: z.string().optional(),
  /** JSON Schema of the tool's arguments, for operation gating (`tool-rules.md` §7). */
  schema: Json.optional(),
});
export type ToolDecl = z.infer<typeof ToolDecl>;

/** An agent: a name, its declared tools (may be empty = undeclared) and its ordered rules. */
export const Agent = z.object({
  name: z.string(),
  tools: z.array(ToolDecl).default([]),
  rules: z.array(ToolRule).default([]),
  /**
   * Other keys of the agent's table (Pattern's `system_prompt`, `model`, … and unknown keys),
   * kept through import/export; never read by the engine.
   */
  extra: ExtraKeys.optional(),
});
export type Agent = z.infer<typeof Agent>;

/** The wildcard tool name. */
export const WILDCARD = '*';
