/**
 * The log commands a CI runner finds *anywhere* in a line, unlike GitHub's `::` commands (which
 * must start one): the GitHub Actions runner's older `##[command]data` form (its
 * `ActionCommand.TryParse`, tried after the `::` form, finds the prefix with `IndexOf`) and Azure
 * Pipelines' `##vso[task.…]` logging commands (the agent's `Command.TryParse`, also `IndexOf`).
 * Every output path writes the first `#` of such a prefix in its own escape (`\u0023` in text,
 * JSON and TOML, `\x23` in YAML, `&#x23;` in XML and HTML), so no value a file brings in can hold
 * one, and the text reads back the same.
 */

/** The `#` that starts `##[` or `##vso[` (any case), to be replaced by the format's escape of `#`. */
export const LOG_COMMAND_HASH = /#(?=#(?:vso)?\[)/gi;

/** Whether `text` holds a `##[` or `##vso[` log command prefix. */
export function holdsLogCommand(text: string): boolean {
  LOG_COMMAND_HASH.lastIndex = 0;
  return LOG_COMMAND_HASH.test(text);
}

/** `text` with the `#` starting each log command prefix written as `escaped`. */
export function escapeLogCommands(text: string, escaped: string): string {
  if (!text.includes('#')) return text;
  LOG_COMMAND_HASH.lastIndex = 0;
  return text.replace(LOG_COMMAND_HASH, escaped);
}
