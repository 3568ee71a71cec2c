/**
 * Types of Claude Code's permission layer as Rule Studio models it (`docs/claude-permissions.md`):
 * settings scopes, rules with the file and position they came from, tool calls in the shape
 * Claude Code's transcripts record them, and the decision `decide` returns.
 */
import { z } from 'zod';
import { lazySchema } from '../../model/lazySchema.ts';

/**
 * Where a settings file sits in Claude Code's precedence, highest first: managed policy (with its
 * `managed-settings.d/` drop-ins), the command line (`--settings`, `--allowedTools`,
 * `--disallowedTools`), local project (`.claude/settings.local.json`), shared project
 * (`.claude/settings.json`), user (`~/.claude/settings.json`).
 */
export const Scope = lazySchema(() => z.enum(['managed', 'cli', 'local', 'project', 'user']));
export type Scope = z.infer<typeof Scope>;

/** Scopes from highest to lowest precedence (settings page, "Settings precedence"). */
export const SCOPE_ORDER: readonly Scope[] = ['managed', 'cli', 'local', 'project', 'user'];

/** The three rule lists, in the order Claude Code evaluates them. */
export const RuleList = lazySchema(() => z.enum(['deny', 'ask', 'allow']));
export type RuleList = z.infer<typeof RuleList>;
export const LIST_ORDER: readonly RuleList[] = ['deny', 'ask', 'allow'];

/** The permission modes (`defaultMode`, `--permission-mode`). `manual` is read as `default`. */
export const Mode = lazySchema(() => z.enum(['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions']));
export type Mode = z.infer<typeof Mode>;

/** One settings input: its scope, its path (used in every position) and its text. */
export const SettingsInput = lazySchema(() => z.object({ scope: Scope, path: z.string().min(1), text: z.string() }));
export type SettingsInput = z.infer<typeof SettingsInput>;

/** Where a rule was written: scope, file, 1-based line and column of its string, its text. */
export interface RuleSource {
  scope: Scope;
  file: string;
  line: number;
  col: number;
  /** The rule as written, e.g. `Bash(npm run *)`. */
  text: string;
  list: RuleList;
  /** The directory a leading `/` in a path rule is relative to (the settings file's project root). */
  root: string;
}

/** How a Bash specifier matches a command (permissions page, "Bash"). */
export type BashForm = 'exact' | 'prefix' | 'wildcard';

/** Where a `Read(...)`/`Edit(...)` path pattern is anchored (permissions page, "Read and Edit"). */
export type PathAnchor = 'absolute' | 'home' | 'root' | 'cwd';

/** A rule read into what it matches. `tool` is the name before the parenthesis. */
export type ParsedRule =
  | { kind: 'tool'; tool: string }
  | { kind: 'bash'; tool: 'Bash' | 'PowerShell'; form: BashForm; pattern: string }
  | { kind: 'path'; tool: 'Read' | 'Edit'; anchor: PathAnchor; pattern: string; explicit: boolean }
  | { kind: 'domain'; tool: 'WebFetch'; domain: string }
  | { kind: 'mcp'; tool: string; server: string; name?: string }
  | { kind: 'agent'; tool: 'Agent'; name: string }
  | { kind: 'skill'; tool: 'Skill'; name: string; prefix: boolean }
  /** Syntactically a rule, but Claude Code never consults it (unknown tool, ignored specifier). */
  | { kind: 'inert'; tool: string; specifier?: string; why: 'unknown-tool' | 'ignored-specifier' }
  /** Not a rule at all (unbalanced parenthesis, empty). */
  | { kind: 'invalid'; tool: string; why: string };

/** A rule of the merged policy: what it matches and where it was written. */
export interface PermissionRule {
  source: RuleSource;
  parsed: ParsedRule;
}

/**
 * A tool call as a Claude Code transcript records it: the `tool_use` block's `name` and `input`
 * (Bash `command`, Read/Edit/Write `file_path`, NotebookEdit `notebook_path`, Glob/Grep
 * `pattern`/`path`, WebFetch `url`, Agent/Task `subagent_type`, Skill `skill`, …).
 */
export const ToolCall = lazySchema(() => z.object({ name: z.string().min(1), input: z.record(z.string(), z.unknown()).default({}) }));
export type ToolCall = z.infer<typeof ToolCall>;
export type ToolCallInput = z.input<typeof ToolCall>;

/**
 * What a decision depends on beyond the rules: the working directory, the home directory, the
 * mode if the session set one (`--permission-mode`, Shift+Tab), and directories added with
 * `--add-dir`. Paths are POSIX and absolute.
 */
export const DecideContext = lazySchema(() =>
  z.object({
    cwd: z.string().startsWith('/'),
    home: z.string().startsWith('/'),
    mode: Mode.optional(),
    additionalDirectories: z.array(z.string()).default([]),
  }),
);
export type DecideContext = z.infer<typeof DecideContext>;
export type DecideContextInput = z.input<typeof DecideContext>;

export type PermissionDecision = 'allow' | 'ask' | 'deny';

/** The rule a decision came from, as the studio shows it. */
export type DecidingRule = Omit<RuleSource, 'root'>;

/** `decide`'s answer: the outcome, the rule that decided it (if one did) and why, in words. */
export interface Decision {
  decision: PermissionDecision;
  rule?: DecidingRule;
  reason: string;
  /** The mode the call was judged in. */
  mode: Mode;
  /** `auto` mode with no rule: Claude Code's classifier decides; Rule Studio reports `ask`. */
  classifier?: true;
  /** For a Bash command: each part it was split into (after wrappers were stripped). */
  parts?: string[];
}
