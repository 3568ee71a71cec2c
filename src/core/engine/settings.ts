/**
 * Replay settings (`traces.md` §5, `tool-rules.md` §3–5, `workflow-rules.md` §3) with their
 * documented defaults.
 */
import { z } from 'zod';
import { lazySchema } from '../model/lazySchema.ts';

export const ConsentDefault = lazySchema(() =>
  z.union([
    z.enum(['approve_once', 'approve_scope', 'deny', 'timeout']),
    z.object({ approve_for: z.number().nonnegative() }),
  ]),
);
export type ConsentDefault = z.infer<typeof ConsentDefault>;

/**
 * The profile: `spec` (default, the contract), `hegel` (workflows as hegel's evaluator decides),
 * `pattern` (tool rules as Pattern's released `ToolRuleEngine` decides) or `letta` (a Letta
 * agent's tool rules as Letta's `ToolRulesSolver` and agent loop decide, `docs/letta-profile.md`)
 * or `claude` (tool calls as Claude Code's permission rules decide them, `docs/claude-permissions.md`;
 * chosen by itself when the rule files are Claude Code settings). Each profile changes one side
 * only; the other side follows `spec`.
 */
export const Profile = lazySchema(() => z.enum(['spec', 'hegel', 'pattern', 'letta', 'claude']));
export type Profile = z.infer<typeof Profile>;

export const ReplaySettings = lazySchema(() =>
  z.object({
    profile: Profile.default('spec'),
    orderingScope: z.enum(['batch', 'process']).default('batch'),
    startConstraints: z.enum(['auto', 'gate']).default('auto'),
    exitRequirements: z.enum(['auto', 'block']).default('auto'),
    evaluateOn: z.enum(['next', 'every_event']).default('next'),
    dedupeWindowMs: z.number().int().nonnegative().default(300_000),
    consentDefault: ConsentDefault.default('approve_once'),
    executionTimeoutMs: z.number().int().nonnegative().default(120_000),
    requirePermissions: z.boolean().default(true),
    /**
     * Profile `letta`: what a step whose rules leave no tool does. `false` (Letta's current loop,
     * `letta_agent_v3`): every tool is offered again; `true` (`get_allowed_tool_names`'s default):
     * "No valid tools found based on tool rules." and the step's call is refused.
     */
    errorOnEmpty: z.boolean().default(false),
    /**
     * Profile `letta`: which agent loop. `v3` (`letta_agent_v3.py`, the loop of `letta_v1_agent`)
     * registers every executed call twice (`_handle_ai_response`, then `_decide_continuation`), so
     * a `max_count_per_step` limit N removes its tool after ⌈N/2⌉ calls; `v2` registers once.
     */
    lettaLoop: z.enum(['v3', 'v2']).default('v3'),
    /**
     * Profile `claude`: the working directory the session ran in (relative `Read(...)`/`Edit(...)`
     * patterns and the working directories are judged from it). Default: the project root of the
     * first project settings file (the folder holding its `.claude/`), else `/`.
     */
    cwd: z.string().regex(/^\//, 'an absolute path (starting with /)').optional(),
    /** Profile `claude`: the home directory `~/` patterns mean (default `/home/user`). */
    home: z.string().regex(/^\//, 'an absolute path (starting with /)').optional(),
    /** Profile `claude`: the permission mode the session ran in (`--permission-mode`); default: the settings' `defaultMode`. */
    permissionMode: z.enum(['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions']).optional(),
    /** Which agent of the loaded files to run (default: the first). */
    agent: z.string().optional(),
  }),
);
export type ReplaySettings = z.infer<typeof ReplaySettings>;
export type ReplaySettingsInput = z.input<typeof ReplaySettings>;

/** Settings with every default filled in. */
export function resolveSettings(input: ReplaySettingsInput = {}): ReplaySettings {
  return ReplaySettings.parse(input);
}

/** Settings as a user chose them: the profile may be left to the rule file ({@link profileFor}). */
export type ChosenSettings = Omit<ReplaySettings, 'profile'> & { profile?: Profile };

/** {@link ReplaySettings} whose profile, when absent, stays absent (a teaching link made with the file's own profile). */
export const ChosenSettings = lazySchema(() => ReplaySettings.extend({ profile: Profile.optional() }));

/**
 * Some settings, each absent one at its default except the profile, which stays absent so the rule
 * file decides it ({@link profileFor}): what the worker's requests and a test file's `settings` are.
 * (`ReplaySettings.partial()` would fill `profile: 'spec'`.)
 */
export const SomeSettings = lazySchema(() => ReplaySettings.partial().extend({ profile: Profile.optional() }));

/** The profile a rule family is decided by in its own runtime: Claude Code's settings, a Letta agent; none for the others. */
export function familyProfile(family: string | undefined): Profile | undefined {
  return family === 'claude' ? 'claude' : family === 'letta' ? 'letta' : undefined;
}

/**
 * The profile a replay of `agent` runs under: the one the user chose (`--profile`, Setup, a test
 * file's settings), else the file's family's own ({@link familyProfile}: `claude` for Claude Code
 * settings, `letta` for a Letta agent), else `spec`. The one place this default is made: the
 * replay, the checks of a simulation, the verifier and every caller of them go through it.
 */
export function profileFor(chosen: Profile | undefined, agent?: { family?: string | undefined }): Profile {
  return chosen ?? familyProfile(agent?.family) ?? 'spec';
}

/** `input` with its profile decided by {@link profileFor} and every other default filled in. */
export function settingsFor(input: ReplaySettingsInput | undefined, agent?: { family?: string | undefined }): ReplaySettings {
  return resolveSettings({ ...input, profile: profileFor(input?.profile, agent) });
}

/** The workflow evaluator's profile under a replay profile (`pattern` leaves workflows as `spec`). */
export function workflowProfileOf(profile: Profile): 'spec' | 'hegel' {
  return profile === 'hegel' ? 'hegel' : 'spec';
}

/** The tool-rule engine's profile under a replay profile (`hegel` leaves tool rules as `spec`). */
export function toolProfileOf(profile: Profile): 'spec' | 'pattern' | 'letta' | 'claude' {
  return profile === 'pattern' || profile === 'letta' || profile === 'claude' ? profile : 'spec';
}
