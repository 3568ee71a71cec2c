/** Helpers for the Claude Code permission tests: one-file policies and short calls. */
import { decide, mergeSettings } from '../../src/core/permissions/claude/index.ts';
import type { Decision, DecideContextInput, Mode, PermissionPolicy, Scope } from '../../src/core/permissions/claude/index.ts';

export const PAGE = 'https://code.claude.com/docs/en/permissions';
export const MODES_PAGE = 'https://code.claude.com/docs/en/permission-modes';
export const SETTINGS_PAGE = 'https://code.claude.com/docs/en/settings';

/** The project Claude Code runs in for these tests, its settings file and the user's home. */
export const ROOT = '/work/project';
export const HOME = '/home/alice';
export const CTX: DecideContextInput = { cwd: ROOT, home: HOME };

export interface Lists {
  allow?: string[];
  ask?: string[];
  deny?: string[];
  defaultMode?: string;
}

/** A policy of one project settings file holding `lists`. */
export function policy(lists: Lists, scope: Scope = 'project'): PermissionPolicy {
  const { defaultMode, ...rules } = lists;
  const permissions = { ...rules, ...(defaultMode ? { defaultMode } : {}) };
  return mergeSettings([{ scope, path: `${ROOT}/.claude/settings.json`, text: JSON.stringify({ permissions }, null, 2) }], ROOT);
}

export function bash(p: PermissionPolicy, command: string, mode?: Mode): Decision {
  return decide(p, { name: 'Bash', input: { command } }, { ...CTX, ...(mode ? { mode } : {}) });
}

export function tool(p: PermissionPolicy, name: string, input: Record<string, unknown>, mode?: Mode): Decision {
  return decide(p, { name, input }, { ...CTX, ...(mode ? { mode } : {}) });
}

/** Whether a single allow rule makes `command` run without a prompt (the rule "matches"). */
export function allows(rule: string, command: string): boolean {
  const d = bash(policy({ allow: [rule] }), command);
  return d.decision === 'allow' && d.rule?.text === rule;
}

/** Whether a single deny rule denies the call. */
export function denies(rule: string, name: string, input: Record<string, unknown>): boolean {
  return tool(policy({ deny: [rule] }), name, input).decision === 'deny';
}
