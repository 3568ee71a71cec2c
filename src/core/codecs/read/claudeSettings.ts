/**
 * Claude Code's settings files as rule files (`docs/claude-permissions.md`): a `settings.json`,
 * `settings.local.json` or `managed-settings.json` (or any JSON object with a `permissions`
 * object) reads as one agent of family `claude` that carries the file, its scope and its text;
 * the permission core (`permissions/claude/`) reads the rules from it with their positions. A
 * file Claude Code would ignore (not strict JSON) is C001 at its position, never F001: Claude
 * Code ignores the whole file, and the checks say so.
 */
import type { Agent } from '../../model/toolRules.ts';
import type { Scope } from '../../permissions/claude/types.ts';
import { closedBefore } from '../../permissions/claude/recover.ts';

/** The agent name every Claude Code settings file reads as (its scopes merge into one policy). */
export const CLAUDE_AGENT = 'claude-code';

/**
 * True when a file's path says it is one of Claude Code's settings files (settings page,
 * "Settings files"): `.claude/settings.json` or `.claude/settings.local.json`, or managed settings
 * (`managed-settings.json` and its `managed-settings.d/*.json` drop-ins); Letta Code's
 * `.letta/settings.json`, whose `permissions` Letta Code's docs give in Claude Code's rule syntax
 * (docs.letta.com/letta-code/permissions, "Persistent rules"). Another `settings.json`
 * (an editor's) is read by its content.
 */
export function isClaudeSettingsName(path: string): boolean {
  const p = path.replace(/\\/g, '/');
  return /(^|\/)\.claude\/settings(\.local)?\.json$/.test(p) || /(^|\/)\.letta\/settings\.json$/.test(p) || /(^|\/)managed-settings(\.json|\.d\/[^/]+\.json)$/.test(p);
}

/** True for a parsed JSON value shaped like Claude Code settings: an object with a `permissions` object. */
export function looksLikeClaudeSettings(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const p = (value as Record<string, unknown>)['permissions'];
  return typeof p === 'object' && p !== null && !Array.isArray(p) && !('agents' in value) && !('tool_rules' in value);
}

/**
 * True for JSON that does not parse at `line`:`column` but whose text up to there reads as Claude
 * Code settings (`closedBefore`: the elements before the error, closed): a settings file with a
 * trailing comma or a comment, which Claude Code ignores (C001) rather than a file of no family.
 */
export function brokenClaudeSettings(text: string, line: number, column: number): boolean {
  const head = closedBefore(text, line, column);
  if (head === undefined) return false;
  try {
    return looksLikeClaudeSettings(JSON.parse(head));
  } catch {
    return false;
  }
}

/**
 * The scope a settings file sits in, from its path: managed settings and their drop-ins,
 * `.claude/settings.local.json` (local), a user's `~/.claude/settings.json` (user), else the
 * shared project file (`project`, also for any other name).
 */
export function scopeOfPath(path: string): Scope {
  const p = path.replace(/\\/g, '/');
  if (/(^|\/)managed-settings(\.json|\.d\/[^/]+\.json)$/.test(p)) return 'managed';
  if (/(^|\/)settings\.local\.json$/.test(p)) return 'local';
  if (/^(~|\/root|\/home\/[^/]+|\/Users\/[^/]+)\/\.(claude|letta)\/settings\.json$/.test(p)) return 'user';
  return 'project';
}

/** The one agent a settings file reads as. */
export function claudeAgentOf(path: string, text: string): Agent {
  return { name: CLAUDE_AGENT, tools: [], rules: [], family: 'claude', claudeSettings: [{ scope: scopeOfPath(path), path, text }] };
}
