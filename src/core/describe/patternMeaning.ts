/**
 * What a repeated rule (`repeated_command`, `repeated_file_edit`) counts when its pattern is empty
 * or absent, as the engine runs it (`engine/workflow/rules/repeated.ts`): an empty pattern is a
 * regex that matches every text, so every command (edit) counts together in both profiles; no
 * pattern counts everything together under `hegel`, but only the most repeated text under `spec`.
 */

/** The kind of event a repeated rule counts. */
export type RepeatedRuleKind = 'command' | 'edit';

const WORDS: Record<RepeatedRuleKind, { every: string; most: string }> = {
  command: { every: 'every command', most: 'the most repeated command' },
  edit: { every: 'every file edit', most: 'the most edited path' },
};

/**
 * The sentence for a pattern field left empty (`''`) or absent (`undefined`); `undefined` for a
 * pattern with text (whether it compiles is the regex checker's to say).
 */
export function blankPatternMeaning(kind: RepeatedRuleKind, pattern: string | undefined): string | undefined {
  const w = WORDS[kind];
  if (pattern === undefined) return `No pattern: hegel counts ${w.every}; the spec profile counts only ${w.most}.`;
  if (pattern === '') return `Empty pattern: it matches ${w.every}, so ${w.every} counts (both profiles).`;
  return undefined;
}
