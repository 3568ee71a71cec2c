/**
 * POSIX-style word splitting as the Rust `shlex` crate does it (Codex splits string `match` /
 * `not_match` examples with `shlex::split`): words split on space, tab and newline; single quotes
 * keep everything; double quotes honour `\` before `$`, `` ` ``, `"`, `\` and newline; an unquoted
 * `\` escapes the next character (a `\`-newline vanishes); `#` at the start of a word comments out
 * the rest of the line. An unterminated quote or a trailing `\` is invalid: `null`.
 */
export function shlexSplit(input: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  const n = input.length;
  const ws = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n';
  while (i < n) {
    while (i < n && ws(input[i])) i++;
    if (i >= n) break;
    if (input[i] === '#') {
      while (i < n && input[i] !== '\n') i++;
      continue;
    }
    let word = '';
    while (i < n && !ws(input[i])) {
      const c = input[i] as string;
      if (c === "'") {
        const end = input.indexOf("'", i + 1);
        if (end < 0) return null;
        word += input.slice(i + 1, end);
        i = end + 1;
      } else if (c === '"') {
        i++;
        for (;;) {
          if (i >= n) return null;
          const d = input[i] as string;
          if (d === '"') {
            i++;
            break;
          }
          if (d === '\\') {
            const e = input[i + 1];
            if (e === undefined) return null;
            if (e === '$' || e === '`' || e === '"' || e === '\\') word += e;
            else if (e !== '\n') word += '\\' + e;
            i += 2;
          } else {
            word += d;
            i++;
          }
        }
      } else if (c === '\\') {
        const e = input[i + 1];
        if (e === undefined) return null;
        if (e !== '\n') word += e;
        i += 2;
      } else {
        word += c;
        i++;
      }
    }
    out.push(word);
  }
  return out;
}
