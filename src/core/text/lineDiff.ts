import { append } from '../model/append.ts';
/**
 * A line diff for showing a proposed change (the "Convert to …" dialog): common leading and
 * trailing lines are kept, the rest is aligned by a longest common subsequence of lines. Past
 * {@link MAX_LCS_CELLS} the middle is shown as removed then added (still correct, less tidy).
 */

/** One line of a diff: kept, removed (old text only) or added (new text only). */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
  /** 1-based line number in the old text (kept and removed lines). */
  oldLine?: number;
  /** 1-based line number in the new text (kept and added lines). */
  newLine?: number;
}

/** Largest middle (old lines × new lines) aligned line by line. */
export const MAX_LCS_CELLS = 4_000_000;

/** The line diff from `before` to `after`. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const out: DiffLine[] = [];
  for (let i = 0; i < head; i++) out.push({ kind: 'same', text: a[i] ?? '', oldLine: i + 1, newLine: i + 1 });
  const ma = a.slice(head, a.length - tail);
  const mb = b.slice(head, b.length - tail);
  append(out, middle(ma, mb, head, head));
  for (let i = tail; i > 0; i--) out.push({ kind: 'same', text: a[a.length - i] ?? '', oldLine: a.length - i + 1, newLine: b.length - i + 1 });
  return out;
}

function middle(a: readonly string[], b: readonly string[], oldStart: number, newStart: number): DiffLine[] {
  if (a.length * b.length > MAX_LCS_CELLS) {
    return [
      ...a.map((text, i): DiffLine => ({ kind: 'removed', text, oldLine: oldStart + i + 1 })),
      ...b.map((text, j): DiffLine => ({ kind: 'added', text, newLine: newStart + j + 1 })),
    ];
  }
  // lcs[i][j]: length of the LCS of a[i..] and b[j..], in one flat array.
  const w = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i * w + j] = a[i] === b[j] ? (lcs[(i + 1) * w + j + 1] ?? 0) + 1 : Math.max(lcs[(i + 1) * w + j] ?? 0, lcs[i * w + j + 1] ?? 0);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i] ?? '', oldLine: oldStart + i + 1, newLine: newStart + j + 1 });
      i++;
      j++;
    } else if (i < a.length && (j >= b.length || (lcs[(i + 1) * w + j] ?? 0) >= (lcs[i * w + j + 1] ?? 0))) {
      out.push({ kind: 'removed', text: a[i] ?? '', oldLine: oldStart + i + 1 });
      i++;
    } else {
      out.push({ kind: 'added', text: b[j] ?? '', newLine: newStart + j + 1 });
      j++;
    }
  }
  return out;
}

/** The diff cut to the changed lines with `context` kept lines around each; `null` marks skipped lines. */
export function withContext(diff: readonly DiffLine[], context = 2): (DiffLine | null)[] {
  const near = new Uint8Array(diff.length);
  diff.forEach((d, i) => {
    if (d.kind === 'same') return;
    for (let k = Math.max(0, i - context); k <= Math.min(diff.length - 1, i + context); k++) near[k] = 1;
  });
  const out: (DiffLine | null)[] = [];
  diff.forEach((d, i) => {
    if (near[i]) out.push(d);
    else if (out[out.length - 1] !== null) out.push(null);
  });
  return out;
}
