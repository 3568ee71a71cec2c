/**
 * Where a rule's text may wrap in the Policy table: between its words and list items as usual,
 * after a run of a name's separators (`__`, `_`, `.`, `/`, `:`, `|`, `-`, `,`) or inside a camelCase
 * name when a name is longer than the line, and not inside a short quoted string (`"git push"` stays whole, as a command prefix is read).
 */
/** A piece of a rule's text: `keep` pieces (short quoted strings) do not wrap inside. */
export interface RulePart {
  text: string;
  keep: boolean;
}

/** A quoted string this long or shorter is kept on one line. */
const KEEP_UP_TO = 24;

/** The pieces of `text`, in order (they join back to it); a wrap point lies between each two. */
export function ruleParts(text: string): RulePart[] {
  const out: RulePart[] = [];
  // A quoted string with the bracket that opens before it and the comma or bracket after it: `["git push",`.
  for (const seg of text.split(/((?:[[(]\s*)?"(?:[^"\\]|\\.)*"[,\])]*)/u)) {
    if (seg === '') continue;
    if (/^[[(]?\s*"/u.test(seg) && seg.length <= KEEP_UP_TO) out.push({ text: seg, keep: true });
    else for (const p of seg.split(/(?<=[_./:|,-])(?=[^_./:|,-])|(?<=[a-z])(?=[A-Z])/u)) if (p !== '') out.push({ text: p, keep: false });
  }
  return out;
}
