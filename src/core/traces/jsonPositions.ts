/**
 * Where the elements of a JSON array start, as 1-based lines, so errors about one chat message
 * can name its line. Runs on text that `JSON.parse` already accepted (it does not validate).
 */

const WS = new Set([' ', '\t', '\n', '\r', '\ufeff']);

function skipWs(text: string, i: number): number {
  while (i < text.length && WS.has(text[i] as string)) i++;
  return i;
}

/** Index just after the string starting at `i` (a `"`). */
function skipString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '\\') j++;
    else if (c === '"') return j + 1;
  }
  return text.length;
}

/** Index just after the value starting at `i`. */
function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c === '[' || c === '{') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text[j];
      if (d === '"') j = skipString(text, j) - 1;
      else if (d === '[' || d === '{') depth++;
      else if (d === ']' || d === '}') {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return text.length;
  }
  let j = i;
  while (j < text.length && !WS.has(text[j] as string) && text[j] !== ',' && text[j] !== ']' && text[j] !== '}') j++;
  return j;
}

/** Offset of the `[` of the top-level array, or of the array under the top-level key `key`. */
function arrayStart(text: string, key: string): number | null {
  let i = skipWs(text, 0);
  if (text[i] === '[') return i;
  if (text[i] !== '{') return null;
  i++;
  for (;;) {
    i = skipWs(text, i);
    if (text[i] !== '"') return null;
    const end = skipString(text, i);
    const name: unknown = JSON.parse(text.slice(i, end));
    i = skipWs(text, end);
    if (text[i] !== ':') return null;
    i = skipWs(text, i + 1);
    if (name === key && text[i] === '[') return i;
    i = skipWs(text, skipValue(text, i));
    if (text[i] !== ',') return null;
    i++;
  }
}

/**
 * 1-based start lines of the elements of the top-level array (or of the array under top-level
 * `key`); `null` when the text has neither.
 */
export function arrayElementLines(text: string, key: string): number[] | null {
  const start = arrayStart(text, key);
  if (start === null) return null;
  const lines: number[] = [];
  let line = 1;
  let counted = 0;
  const lineAt = (offset: number) => {
    for (; counted < offset; counted++) if (text.charCodeAt(counted) === 10) line++;
    return line;
  };
  let i = start + 1;
  for (;;) {
    i = skipWs(text, i);
    if (i >= text.length || text[i] === ']') return lines;
    lines.push(lineAt(i));
    i = skipWs(text, skipValue(text, i));
    if (text[i] !== ',') return lines;
    i++;
  }
}
