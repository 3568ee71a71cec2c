/**
 * Reading a Claude Code settings file that is not strict JSON, for the studio's graph and
 * Inspector (a rule being typed): the text is cut before the element the error is in and its open
 * arrays and objects are closed, so what reads before the error is kept, at its own positions.
 * Claude Code ignores such a file whole; `readSettingsFile` still says so (C001).
 */

/** Offset of 1-based `line`:`column` in `text`. */
function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return text.length;
    at = nl + 1;
  }
  return Math.min(at + column - 1, text.length);
}

/**
 * The text before the error at `line`:`column`, cut after the last complete element (after an
 * opening or closing bracket, or before a comma) and closed; undefined when no cut reads.
 */
export function closedBefore(text: string, line: number, column: number): string | undefined {
  const end = offsetOf(text, line, column);
  const stack: string[] = [];
  let cut: { at: number; closers: string } | undefined;
  const closers = () => [...stack].reverse().map((c) => (c === '{' ? '}' : ']')).join('');
  for (let i = 0; i < end; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < end && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '{' || c === '[') {
      stack.push(c);
      cut = { at: i + 1, closers: closers() };
    } else if (c === '}' || c === ']') {
      stack.pop();
      cut = { at: i + 1, closers: closers() };
    } else if (c === ',') cut = { at: i, closers: closers() };
  }
  if (cut === undefined) return undefined;
  const closed = text.slice(0, cut.at) + cut.closers;
  try {
    JSON.parse(closed);
    return closed;
  } catch {
    return undefined;
  }
}
