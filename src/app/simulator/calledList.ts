/**
 * The State panel's "Called": each tool once, in the order it was first called, with how many
 * times when more than once (`Bash ×2, Read`), not `Bash, Bash, Read` (review 15).
 */
export function calledOnce(called: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const t of called) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts.size === 0 ? 'none' : [...counts].map(([t, n]) => (n > 1 ? `${t} ×${n}` : t)).join(', ');
}
