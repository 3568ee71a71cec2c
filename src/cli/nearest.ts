/** "Did you mean" for mistyped commands and options. */

/** Edit distance (insertions, deletions, substitutions, adjacent swaps). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, ((d[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = v;
    }
  return (d[a.length] as number[])[b.length] as number;
}

/**
 * The candidate closest to `input`, when it is close enough to be a plausible typo (or `input` is
 * a prefix of exactly one candidate); otherwise undefined.
 */
export function nearest(input: string, candidates: readonly string[]): string | undefined {
  if (input.length > 64) return undefined;
  const prefixed = candidates.filter((c) => c.startsWith(input));
  if (input.length >= 2 && prefixed.length === 1) return prefixed[0];
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const dist = editDistance(input, c);
    if (dist < bestDistance) [best, bestDistance] = [c, dist];
  }
  return bestDistance <= Math.max(1, Math.floor(Math.max(input.length, 3) / 3)) ? best : undefined;
}
