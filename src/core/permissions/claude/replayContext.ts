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
