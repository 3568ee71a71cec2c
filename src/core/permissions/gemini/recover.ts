/**
 * Reading a Gemini policy file that is not valid TOML, for the studio's graph and Inspector (a
 * table being typed): the `[[rule]]` table the syntax error is in — its header to the next header —
 * is emptied (line numbers kept) and the file is parsed again, so the other tables are read, each
 * keeping its number in the file. Gemini skips such a file whole; `loadGeminiPolicies` still says
 * so (G001, `refusedFiles`).
 */
import { parseToml } from '../../codecs/parse/toml.ts';

/** Tables emptied before giving up. */
const MAX_BROKEN = 5;

/** The text with its broken `[[rule]]` tables emptied, and the number in the file of each table left (`kept[k]`: of the k-th). */
export interface ReadableTables {
  text: string;
  kept: number[];
}

/** See the module's note; undefined when an error is outside any `[[rule]]` table (or too many are broken). */
export function readableTables(text: string): ReadableTables | undefined {
  const lines = text.split('\n');
  const headers = lines.flatMap((l, i) => (/^[ \t]*\[/.test(l) ? [{ line: i + 1, rule: /^[ \t]*\[\[[ \t]*rule[ \t]*\]\]/.test(l) }] : []));
  const rules = headers.filter((h) => h.rule).map((h) => h.line);
  const cut = new Set<number>();
  for (let tries = 0; tries <= MAX_BROKEN; tries++) {
    const doc = parseToml(lines.join('\n'));
    const error = doc.errors[0];
    if (!error && doc.value !== undefined) return { text: lines.join('\n'), kept: rules.flatMap((_, k) => (cut.has(k) ? [] : [k])) };
    const at = error?.range.start.line ?? lines.length;
    // The table the error is in: the last header above it. An error on a header line is that of
    // the table above running into it (an unclosed array), unless that one is emptied already.
    const ruleOf = (i: number) => (headers[i]?.rule === true ? rules.indexOf(headers[i].line) : -1);
    const h = [headers.findLastIndex((x) => x.line < at), headers.findIndex((x) => x.line === at)].find((i) => ruleOf(i) >= 0 && !cut.has(ruleOf(i)));
    const header = h === undefined ? undefined : headers[h];
    if (h === undefined || !header || tries === MAX_BROKEN) return undefined;
    cut.add(ruleOf(h));
    const end = headers[h + 1]?.line ?? lines.length + 1;
    for (let l = header.line; l < end; l++) lines[l - 1] = '';
  }
  return undefined;
}
