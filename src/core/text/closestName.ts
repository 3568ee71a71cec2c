/**
 * "Did you mean …?" for a name that is none of the accepted ones: the accepted name nearest by
 * edit distance (Damerau–Levenshtein with adjacent swaps, compared without case, `_` and `-`), when
 * it is near enough to be a slip of the keyboard rather than another word. Pure.
 */

/** Case, `_` and `-` do not count: `max_call`, `MAXCALL` and `MaxCall` are the same slip. */
const fold = (s: string): string => s.toLowerCase().replace(/[_-]/g, '');

/** Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent swaps), or `limit + 1` once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/**
 * The candidate `name` most likely misspells, or undefined when none is near: at most one edit
 * for names up to 4 letters, two up to 8, three beyond (counted on the folded forms). Ties go to
 * the first candidate. `candidates` may map spellings to the name to suggest (`max_calls` →
 * `MaxCalls`).
 */
export function closestName(name: string, candidates: Iterable<string> | ReadonlyMap<string, string>): string | undefined {
  const folded = fold(name);
  if (folded === '') return undefined;
  const limit = folded.length <= 4 ? 1 : folded.length <= 8 ? 2 : 3;
  const pairs: Iterable<[string, string]> = candidates instanceof Map ? candidates : [...(candidates as Iterable<string>)].map((c): [string, string] => [c, c]);
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const [spelling, suggestion] of pairs) {
    const d = editDistance(folded, fold(spelling), bestDistance - 1);
    if (d < bestDistance) {
      best = suggestion;
      bestDistance = d;
    }
  }
  return best;
}
