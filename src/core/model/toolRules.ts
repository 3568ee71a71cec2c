/**
 * The agent tool-rule model (`tool-rules.md` §1): zod schemas are the single source of truth,
 * TypeScript types are inferred from them.
 */
import { z } from 'zod';
import { SettingsInput } from '../permissions/claude/types.ts';
import { ExtraKeys, Json } from './json.ts';
import { LettaToolRule } from './lettaRules.ts';
import { lazySchema } from './lazySchema.ts';

export { ExtraKeys, Json, isJsonValue } from './json.ts';

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
export const DurationMs = lazySchema(() => z.number().int().nonnegative());

/** `rule_type` with its payload, held in the normalised (adjacently tagged) shape. */
export const ToolRuleType = lazySchema(() =>
  z.discriminatedUnion('type', [
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
  ]),
);
export type ToolRuleType = z.infer<typeof ToolRuleType>;

/** One tool rule. */
export const ToolRule = lazySchema(() =>
  z.object({
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
  }),
);
export type ToolRule = z.infer<typeof ToolRule>;

/** Default argument field that names a tool's operation. */
export const DEFAULT_OPERATION_FIELD = 'operation';

/** A declared tool. */
export const ToolDecl = lazySchema(() =>
  z.object({
    name: z.string(),
    /** Operations of a multi-operation tool, if declared. */
    operations: z.array(z.string()).optional(),
    /** Argument field naming the operation (default `operation`; Pattern's built-ins use `op`). */
    operation_field: z.string().optional(),
    /** JSON Schema of the tool's arguments, for operation gating (`tool-rules.md` §7). */
    schema: Json.optional(),
  }),
);
export type ToolDecl = z.infer<typeof ToolDecl>;

/** An agent: a name, its declared tools (may be empty = undeclared) and its ordered rules. */
export const Agent = lazySchema(() =>
  z.object({
    name: z.string(),
    tools: z.array(ToolDecl).default([]),
    rules: z.array(ToolRule).default([]),
    /**
     * The rule family the agent came from: `letta` for a Letta agent (its rules are in
     * `lettaRules`), `claude` for Claude Code's permission settings (in `claudeSettings`), absent
     * for Pattern, `codex` for Codex execpolicy `.rules` files (in `codexRules`), `gemini` for a
     * Gemini CLI policy file (in `geminiPolicies`). Decides the codec that writes it and the graph's look.
     */
    family: z.enum(['letta', 'claude', 'codex', 'gemini']).optional(),
    /** A Letta agent's rules, in file order (`lettaRules.ts`); Pattern's `rules` stay empty. */
    lettaRules: z.array(LettaToolRule).optional(),
    /**
     * Claude Code's settings files the agent's permissions come from (`docs/claude-permissions.md`),
     * each with its scope, path and text: merged by scope precedence when replayed.
     */
    claudeSettings: z.array(SettingsInput).optional(),
    /** Codex execpolicy `.rules` files (`docs/codex-execpolicy.md`), each with its path and text, read in order. */
    codexRules: z.array(z.object({ path: z.string(), text: z.string() })).optional(),
    /** Gemini CLI policy files (`docs/gemini-policies.md`), each with its path, text and tier (from its path). */
    geminiPolicies: z.array(z.object({ path: z.string(), text: z.string(), tier: z.enum(['default', 'extension', 'workspace', 'user', 'admin']) })).optional(),
    /**
     * Other keys of the agent's table (Pattern's `system_prompt`, `model`, … and unknown keys),
     * kept through import/export; never read by the engine.
     */
    extra: ExtraKeys.optional(),
  }),
);
export type Agent = z.infer<typeof Agent>;

/** The wildcard tool name. */
export const WILDCARD = '*';
