/** One piece of a backtick-marked message: plain text or a code span. */
export interface CodeSpan {
  text: string;
  code: boolean;
}

/**
 * Splits "Call `load` at most once" into text and code pieces. Backticks never survive: a lone
 * backtick (no closing one) is removed and its text kept as plain text. Plain-text callers (a
 * tooltip, an accessible name) use {@link stripCodeMarks}.
 */
export function splitCodeSpans(text: string): CodeSpan[] {
  const out: CodeSpan[] = [];
  const pieces = text.split('`');
  const paired = pieces.length % 2 === 1;
  pieces.forEach((piece, i) => {
    if (!piece) return;
    const code = i % 2 === 1 && (paired || i < pieces.length - 1);
    const last = out[out.length - 1];
    if (last && last.code === code) last.text += piece;
    else out.push({ text: piece, code });
  });
  return out;
}

/** The message as plain text, without its backtick marks. */
export function stripCodeMarks(text: string): string {
  return text.replaceAll('`', '');
}
