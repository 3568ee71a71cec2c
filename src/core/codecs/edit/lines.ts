/** Line arithmetic on offsets, shared by the in-place text patchers. */

/** The offset where the line holding `offset` starts. */
export const lineStart = (text: string, offset: number): number => text.lastIndexOf('\n', offset - 1) + 1;

/** The offset of the line break ending the line holding `offset` (or the text's end). */
export function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl;
}

/** `offset` moved back over white space and line breaks. */
export function trimBack(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && ' \t\r\n'.includes(text.charAt(i - 1))) i--;
  return i;
}

/** Removes the lines [start, end) with the line break after them; a doubled blank line left behind becomes one. */
export function cutLines(text: string, start: number, end: number): string {
  let to = end < text.length ? end + 1 : end;
  let from = start;
  const blankBefore = from === 0 || text.slice(lineStart(text, from - 1), from - 1).trim() === '';
  const nextLineEnd = lineEnd(text, to);
  const blankAfter = to >= text.length || text.slice(to, nextLineEnd).trim() === '';
  if (blankBefore && blankAfter) {
    if (to < text.length) to = Math.min(text.length, nextLineEnd + 1);
    else if (from > 0) from -= 1;
  }
  return text.slice(0, from) + text.slice(to);
}

/** `text` with every line after the first indented by `indent` spaces (empty lines stay empty). */
export function indentRest(text: string, indent: number): string {
  const pad = ' '.repeat(indent);
  return text
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : pad + line))
    .join('\n');
}
