/**
 * Recognising a Codex rollout log by its first line, with nothing else loaded: the studio's import
 * uses it to say what a dropped `.jsonl` file is before the Codex readers load.
 */

/** Whether a text looks like a Codex rollout log (its first non-blank line is a `session_meta` or rollout line). */
export function isCodexRollout(text: string): boolean {
  const first = text.slice(0, 4096).split('\n').find((l) => l.trim() !== '');
  if (first === undefined) return false;
  return /^\{\s*"timestamp"\s*:\s*"[^"]*"\s*,\s*"type"\s*:\s*"(session_meta|response_item|event_msg|turn_context|compacted)"/.test(first.trim());
}
