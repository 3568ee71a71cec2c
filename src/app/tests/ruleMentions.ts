/**
 * The rules a test failure's words name ("rule #4", "rule #2 of node `code`"), found in its text so
 * the Tests view can make each a link to the rule. A rule said to be gone ("rule #4 (no longer in
 * the rules)") is not a link. Pure, so Vitest checks it in Node.
 */
import type { RuleRef } from '../../core/simulator/explainTypes.ts';

/** A piece of a failure's text: plain (with backtick-marked names), or a rule mention to link. */
export type MentionPart = { text: string; rule?: RuleRef };

// "rule #5 is now #4" links to the rule now (#4)
const MENTION = /rule #(\d{1,9})(?: is now #(\d{1,9}))?(?: of node `([^`]+)`)?(?! \(no longer)/g;

/** Splits `text` into plain parts and rule mentions, in order. */
export function ruleMentions(text: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let last = 0;
  for (const m of text.matchAll(MENTION)) {
    const at = m.index;
    if (at > last) parts.push({ text: text.slice(last, at) });
    const index = Number(m[2] ?? m[1]) - 1;
    const node = m[3];
    parts.push({ text: m[0], rule: node !== undefined ? { kind: 'workflow', index, node } : { kind: 'tool', index } });
    last = at + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
