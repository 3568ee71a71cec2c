/**
 * How wide the timeline asks to be: a row that shows its longest tool name whole after the verdict
 * word a refusal keeps in sight (`blocked check_refund_eligibility`), with its icon, step number and
 * marks (review13: long tool names were cut at 1280×720). The panel's grid gives it that much, short
 * of what the step view keeps; the row's tooltip and accessible name hold the whole text anyway.
 */

/** The timeline's 12 px monospace character, in CSS px (0.6 em, the monospace fonts' advance). */
const MONO_CH = 7.25;
/** The verdict word a refused row keeps in sight before the name (`blocked `). */
const VERDICT_CHARS = 8;
/** Names longer than this are not given room: the step view would be squeezed for one tool. */
export const NAME_CHARS_LIMIT = 40;
/**
 * Everything on a row but its text and step number, in px: the timeline's padding (16) and the
 * list's border (2) and scroll bar (15), the row's padding (8), its icon (12), the gaps between
 * icon, number, text and marks (18), and the marks' two columns (51).
 */
const CHROME_PX = 16 + 2 + 15 + 8 + 12 + 18 + 51;

/** The width in CSS px the timeline asks for, given its tool names and how many characters its step numbers take. */
export function timelineWidth(tools: readonly string[], seqChars: number): number {
  const longest = Math.min(NAME_CHARS_LIMIT, tools.reduce((n, t) => Math.max(n, [...t].length), 0));
  return Math.ceil((VERDICT_CHARS + longest + seqChars) * MONO_CH + CHROME_PX);
}
