/**
 * What a replay under Claude Code's permissions needs beyond the rules: the session's working
 * directory and home (`DecideContext`), with defaults taken from where the settings files sit.
 */
import type { SettingsInput } from './types.ts';
import { settingsRoot } from './settings.ts';

/** Home when the replay settings give none (a user's `~/` rules are judged against it). */
export const DEFAULT_HOME = '/home/user';

/**
 * The working directory when the replay settings give none: the project root of the first
 * project or local settings file with an absolute path (the folder holding its `.claude/`), else `/`.
 */
export function defaultCwd(settings: readonly SettingsInput[]): string {
  for (const s of settings)
    if ((s.scope === 'project' || s.scope === 'local') && s.path.startsWith('/')) {
      const root = settingsRoot(s.path, '');
      if (root !== '') return root;
    }
  return '/';
}

/** The working directory a Claude Code transcript records (its first `cwd`), if any. */
export function recordedCwd(text: string): string | undefined {
  const m = /"cwd"\s*:\s*"(\/[^"\\]*)"/.exec(text.slice(0, 1_000_000));
  return m?.[1];
}

/**
 * The working directory a replay of `sessions` judges calls in, as `rule-studio learn` picks it:
 * where the settings sit ({@link defaultCwd}), else the first session's recorded `cwd`, else `/`.
 */
export function replayCwd(settings: readonly SettingsInput[], sessions: readonly string[]): string {
  const fromSettings = defaultCwd(settings);
  if (fromSettings !== '/') return fromSettings;
  for (const text of sessions) {
    const cwd = recordedCwd(text);
    if (cwd !== undefined) return cwd;
  }
  return '/';
}
