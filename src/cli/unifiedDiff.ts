/**
 * A unified diff (`diff -u`, three lines of context) between two texts, for `fmt --diff`, on the
 * line diff the studio's "Convert to …" dialog shows (`core/text/lineDiff.ts`).
 */
import { lineDiff } from '../core/text/lineDiff.ts';

const SIGN = { same: ' ', removed: '-', added: '+' } as const;

/** The unified diff of `before` and `after` with `a/` and `b/` headers naming `file`; empty when equal. */
export function unifiedDiff(file: string, before: string, after: string, context = 3): string {
  if (before === after) return '';
  const diff = lineDiff(before.replace(/\n$/, ''), after.replace(/\n$/, ''));
  // Where each line sits in the old and the new text (1-based, the next line for the side it is not on).
  let a = 1;
  let b = 1;
  const at = diff.map((d) => {
    const here = { a, b };
    if (d.kind !== 'added') a++;
    if (d.kind !== 'removed') b++;
    return here;
  });
  const out = [`--- a/${file}`, `+++ b/${file}`];
  let i = 0;
  while (i < diff.length) {
    if (diff[i]?.kind === 'same') {
      i++;
      continue;
    }
    // A hunk runs from `context` lines before a change to `context` after the last change that is
    // within 2 × context lines of the one before it.
    let last = i;
    for (let j = i; j < diff.length && j - last <= 2 * context; j++) if (diff[j]?.kind !== 'same') last = j;
    const start = Math.max(0, i - context);
    const stop = Math.min(diff.length, last + context + 1);
    const hunk = diff.slice(start, stop);
    const from = at[start] as { a: number; b: number };
    const aCount = hunk.filter((d) => d.kind !== 'added').length;
    const bCount = hunk.filter((d) => d.kind !== 'removed').length;
    out.push(`@@ -${aCount === 0 ? from.a - 1 : from.a},${aCount} +${bCount === 0 ? from.b - 1 : from.b},${bCount} @@`);
    for (const d of hunk) out.push(SIGN[d.kind] + d.text);
    i = stop;
  }
  return `${out.join('\n')}\n`;
}
