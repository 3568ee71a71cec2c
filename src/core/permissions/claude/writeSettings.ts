/**
 * Claude Code settings written back as one `settings.json` (issue 23, Export): the merged policy's
 * rules by list, in the order Claude Code evaluates them (scope precedence, then file order),
 * each rule once, with the `defaultMode`, `additionalDirectories` and
 * `disableBypassPermissionsMode` that take effect. Only `permissions` is written: other settings
 * (hooks, env, model) are each scope's own and are not merged here.
 */
import { mergeSettings, type PermissionPolicy } from './settings.ts';
import { defaultCwd } from './replayContext.ts';
import { LIST_ORDER, type RuleList, type SettingsInput } from './types.ts';

/** Settings files merged as Claude Code merges its scopes, written as one `settings.json`, with the number of rules that take part. */
export function mergedSettingsOf(settings: readonly SettingsInput[]): { text: string; rules: number } {
  const policy = mergeSettings(settings, defaultCwd(settings));
  return { text: mergedSettingsText(policy), rules: policy.rules.length };
}

/** The merged permissions of `policy` as the text of one Claude Code `settings.json` (2-space JSON). */
export function mergedSettingsText(policy: PermissionPolicy): string {
  const lists: Partial<Record<RuleList, string[]>> = {};
  for (const list of LIST_ORDER) {
    const texts = [...new Set(policy.rules.filter((r) => r.source.list === list).map((r) => r.source.text))];
    if (texts.length > 0) lists[list] = texts;
  }
  const permissions: Record<string, unknown> = {};
  for (const list of ['allow', 'ask', 'deny'] as const) if (lists[list]) permissions[list] = lists[list];
  if (policy.defaultMode) permissions['defaultMode'] = policy.defaultMode.value;
  if (policy.additionalDirectories.length > 0) permissions['additionalDirectories'] = policy.additionalDirectories;
  if (policy.disableBypassPermissionsMode) permissions['disableBypassPermissionsMode'] = 'disable';
  return `${JSON.stringify({ permissions }, null, 2)}\n`;
}
